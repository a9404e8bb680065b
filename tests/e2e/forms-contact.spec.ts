// The contact form on /contact (issue 4), with JavaScript on and off:
// success, the required-field and e-mail errors beside the fields, 'Submitting...' while pending
// and the success message that goes after 3 s (with JavaScript).
import type { Locator, Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./forms-fixtures";

const SUCCESS = "Message sent successfully! We will get back to you soon.";

const contactForm = (page: Page) => page.locator("#contact-form form");

async function fillContact(
  form: Locator,
  values: { name: string; email: string; message: string },
) {
  await form.getByLabel("Name").fill(values.name);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Message").fill(values.message);
}

async function expectCleared(form: Locator) {
  for (const label of ["Name", "Email", "Message"]) {
    await expect(form.getByLabel(label)).toHaveValue("");
  }
}

/** Submits and, without JavaScript, waits for the page that answers the post. */
async function send(page: Page, javaScriptEnabled: boolean) {
  const button = contactForm(page).getByRole("button", { name: "Send Message" });
  if (javaScriptEnabled) {
    await button.click();
    return null;
  }
  const response = page.waitForResponse((r) => r.request().method() === "POST");
  await button.click();
  return response;
}

test("success: the message shows and the fields clear", async ({ page, javaScriptEnabled }) => {
  await page.goto("/contact");
  const form = contactForm(page);
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", "/contact");
  await fillContact(form, {
    name: "Grace Hopper",
    email: uniqueEmail("contact"),
    message: "Could you help us move our shop to the cloud?",
  });
  const response = await send(page, javaScriptEnabled);
  if (response) {
    // POST, redirect, GET: a reload does not post again.
    expect((await response).status()).toBe(303);
    await expect(page).toHaveURL(/\/contact\?sent=1#contact-form$/);
  } else {
    await expect(page).toHaveURL(/\/contact$/);
  }
  await expect(
    page.locator("#contact-form").getByRole("status").filter({ hasText: SUCCESS }),
  ).toBeVisible();
  await expectCleared(contactForm(page));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
});

test("required fields: blank values get 'is required' beside each field, values kept", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/contact");
  const form = contactForm(page);
  for (const label of ["Name", "Email", "Message"]) {
    await expect(form.getByLabel(label)).toHaveAttribute("required", "");
  }
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  // Spaces pass the browser's own `required` check: the server (or, with JavaScript, the
  // shared schema in the browser) trims them away.
  const email = uniqueEmail("contact-blank");
  await fillContact(form, { name: "   ", email, message: "  \n  " });
  const response = await send(page, javaScriptEnabled);
  if (response) expect((await response).status()).toBe(400);
  const again = contactForm(page);
  await expect(again.getByLabel("Name")).toHaveAccessibleDescription(/^Name is required\./);
  await expect(again.getByLabel("Message")).toHaveAccessibleDescription(/^Message is required\./);
  await expect(again.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(again.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
  await expect(again.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
});

test("an empty form is not sent: the browser's check without JavaScript, the errors with it", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/contact");
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  const form = contactForm(page);
  await form.getByRole("button", { name: "Send Message" }).click();
  if (javaScriptEnabled) {
    await expect(form.getByLabel("Name")).toHaveAccessibleDescription(/^Name is required\./);
    await expect(form.getByLabel("Email")).toHaveAccessibleDescription(/^Email is required\./);
    await expect(form.getByLabel("Message")).toHaveAccessibleDescription(/^Message is required\./);
    await expect(form.getByLabel("Name")).toBeFocused();
  } else {
    expect(
      await form.getByLabel("Name").evaluate((i: HTMLInputElement) => i.validity.valueMissing),
    ).toBe(true);
  }
  expect(posts).toEqual([]);
});

test("an invalid e-mail gets its message beside the field", async ({ page, javaScriptEnabled }) => {
  await page.goto("/contact");
  const form = contactForm(page);
  // Valid for the browser's type=email check, not for the schema: the server says so too.
  await fillContact(form, { name: "Grace", email: "grace@example", message: "Hello" });
  const response = await send(page, javaScriptEnabled);
  if (response) expect((await response).status()).toBe(400);
  const again = contactForm(page);
  await expect(again.getByLabel("Email")).toHaveAccessibleDescription(
    /^Please enter a valid email address\./,
  );
  await expect(again.getByLabel("Email")).toHaveValue("grace@example");
  await expect(again.getByLabel("Name")).toHaveValue("Grace");
  await expect(again.getByLabel("Message")).toHaveValue("Hello");
});

test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "fetcher and timers");

  test("'Submitting...' while pending; the message goes 3 s after success", async ({ page }) => {
    await page.clock.install();
    await page.goto("/contact");
    const form = contactForm(page);
    await fillContact(form, {
      name: "Katherine Johnson",
      email: uniqueEmail("contact-pending"),
      message: "A question about internships.",
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === "/contact.data",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const submit = form.locator('button[type="submit"]');
    await submit.click();
    await expect(submit).toHaveText("Submitting...");
    await expect(submit).toHaveAttribute("aria-disabled", "true");

    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    release();
    const success = page.locator("#contact-form").getByText(SUCCESS);
    for (let step = 0; step < 1000 && !(await success.isVisible()); step += 1) {
      await page.clock.runFor(10);
    }
    await expect(success).toBeVisible();
    await expect(submit).toHaveText("Send Message");
    await expectCleared(form);
    await expect(page).toHaveURL(/\/contact$/);
    await page.clock.runFor(2900);
    await expect(success).toBeVisible();
    await page.clock.runFor(200);
    await expect(success).toBeHidden();
  });

  test("Enter in a field sends it through the fetcher; the page stays", async ({ page }) => {
    await page.goto("/contact");
    const documents: string[] = [];
    page.on("request", (r) => {
      // The page's own navigations: an embedded map loading in its frame is not the page leaving.
      if (r.isNavigationRequest() && r.frame() === page.mainFrame())
        documents.push(`${r.method()} ${r.url()}`);
    });
    const form = contactForm(page);
    await fillContact(form, {
      name: "Dorothy Vaughan",
      email: uniqueEmail("contact-enter"),
      message: "Hello from the keyboard.",
    });
    await form.getByLabel("Email").press("Enter");
    await expect(page.locator("#contact-form").getByRole("status")).toHaveText(SUCCESS);
    await expectCleared(form);
    await expect(form.getByText("is required")).toHaveCount(0);
    expect(documents).toEqual([]);
  });

  test("a server that cannot be reached: 'Something went wrong', values kept", async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    const values = { name: "Mary Jackson", email: uniqueEmail("contact-offline"), message: "Hi" };
    await fillContact(form, values);
    // Only the post fails; the page's own data still loads (see the offline test below).
    await page.route(
      (url) => url.pathname === "/contact.data",
      (route) =>
        route.request().method() === "POST"
          ? route.abort("internetdisconnected")
          : route.continue(),
    );
    await form.getByRole("button", { name: "Send Message" }).click();
    const status = page.locator("#contact-form").getByRole("status");
    await expect(status).toHaveText("Something went wrong");
    await expect(status.locator("p")).toHaveClass(/text-red-800/);
    await expect(form.getByLabel("Name")).toHaveValue(values.name);
    await expect(form.getByLabel("Email")).toHaveValue(values.email);
    await expect(form.getByLabel("Message")).toHaveValue(values.message);
  });
});
