// The connection drops between opening a page and sending a form (issue 4: nothing is lost). Each
// form must then say so in place (its own failure text) and keep what was typed, not be replaced by
// an error page: the routes' clientActions answer 503, so React Router does not try to reload the
// page's data (which would fail too).
import type { Page } from "@playwright/test";
import { expect, hydrated, test, uniqueEmail } from "./forms-fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript the browser says it");
test.use({ expectedFailedLoads: ["/quote.data", "/contact.data", "/_.data"] });

async function goOffline(page: Page) {
  await page.context().setOffline(true);
}

test("the quote modal: 'Submission failed' in the modal, values kept", async ({ page }) => {
  await page.goto("/about");
  // The page's own heading, whatever it says (the admin specs sharing this server may edit it).
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  const getQuotes = page.getByRole("banner").getByRole("link", { name: "Get Quotes" });
  // Until the page has hydrated, Get Quotes is the plain link to /quote.
  await hydrated(getQuotes);
  await getQuotes.click();
  const dialog = page.getByRole("dialog", { name: "Get a Free Quote" });
  await dialog.getByLabel("Name").fill("Ada Lovelace");
  await dialog.getByLabel("Email").fill(uniqueEmail("offline-quote"));
  await dialog.getByLabel("Phone").fill("+49 30 555 0100");
  await dialog.getByLabel("Service").selectOption("SEO");
  await dialog.getByLabel("Message").fill("Typed before the train entered the tunnel.");
  await goOffline(page);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Submission failed");
  await expect(dialog.getByLabel("Message")).toHaveValue(
    "Typed before the train entered the tunnel.",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading ?? "");
});

test("the contact form: 'Something went wrong' in the form, values kept", async ({ page }) => {
  await page.goto("/contact");
  const form = page.locator("#contact-form form");
  await form.getByLabel("Name").fill("Grace Hopper");
  await form.getByLabel("Email").fill(uniqueEmail("offline-contact"));
  await form.getByLabel("Message").fill("Typed offline.");
  await goOffline(page);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("#contact-form").getByRole("status")).toHaveText(
    "Something went wrong",
  );
  await expect(form.getByLabel("Message")).toHaveValue("Typed offline.");
});

test("the newsletter: 'Subscription failed. Please try again.', the address kept", async ({
  page,
}) => {
  await page.goto("/");
  // The home page's images load lazily while the visitor scrolls down to the band: load them
  // all first, so the only thing the lost connection breaks is the form's post.
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = "eager";
    await Promise.all(images.map((image) => image.decode().catch(() => {})));
  });
  const band = page.getByRole("region", { name: "Stay Updated" });
  const email = uniqueEmail("offline-newsletter");
  await band.getByLabel("Email address").fill(email);
  await goOffline(page);
  await band.getByRole("button", { name: "Subscribe" }).click();
  await expect(band.getByRole("status")).toHaveText("Subscription failed. Please try again.");
  await expect(band.getByLabel("Email address")).toHaveValue(email);
});
