// The newsletter signup in 'Stay Updated' on the home page (issue 4), with
// JavaScript on and off: success, a second signup of the same address, the e-mail errors,
// 'Subscribing...' with the input disabled while pending, and a network failure.
import type { Page } from "@playwright/test";
import { expect, hydrated, test, uniqueEmail } from "./forms-fixtures";

const SUBSCRIBED = "Subscribed successfully!";
const ALREADY = "You are already subscribed. Thank you!";

/** Where the browser posts the home page's action with JavaScript (React Router's single fetch). */
const HOME_ACTION_DATA = "/_.data";

const band = (page: Page) => page.getByRole("region", { name: "Stay Updated" });
const emailInput = (page: Page) => band(page).getByLabel("Email address");
const subscribeButton = (page: Page) => band(page).locator('button[type="submit"]');

/** Subscribes `email`; without JavaScript, returns the status of the post. */
async function subscribe(page: Page, email: string, javaScriptEnabled: boolean) {
  await emailInput(page).fill(email);
  if (javaScriptEnabled) {
    await subscribeButton(page).click();
    return null;
  }
  const response = page.waitForResponse((r) => r.request().method() === "POST");
  await subscribeButton(page).click();
  return (await response).status();
}

test("subscribing, then the same address again: one subscription, and it says so", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  const form = band(page).locator("form");
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", "/?index");
  // The band is the #newsletter anchor the page comes back to without JavaScript.
  await expect(page.locator("#newsletter")).toHaveCount(1);
  await expect(emailInput(page)).toHaveAttribute("type", "email");

  const email = uniqueEmail("newsletter");
  const status = await subscribe(page, email, javaScriptEnabled);
  if (status !== null) {
    expect(status).toBe(303);
    await expect(page).toHaveURL(/\/\?subscribed=1#newsletter$/);
  }
  await expect(band(page).getByRole("status")).toHaveText(SUBSCRIBED);
  await expect(emailInput(page)).toHaveValue("");

  // The same address, in another letter case and with spaces around it.
  const again = await subscribe(page, `  ${email.toUpperCase()} `, javaScriptEnabled);
  if (again !== null) {
    expect(again).toBe(303);
    await expect(page).toHaveURL(/\/\?subscribed=already#newsletter$/);
  }
  await expect(band(page).getByRole("status")).toHaveText(ALREADY);
  await expect(page.getByText(SUBSCRIBED)).toHaveCount(0);
});

test("the e-mail is required: natively without JavaScript, with a message with it", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  await expect(emailInput(page)).toHaveAttribute("required", "");
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  await subscribeButton(page).click();
  if (javaScriptEnabled) {
    await expect(emailInput(page)).toHaveAccessibleDescription("Email is required.");
    await expect(emailInput(page)).toHaveAttribute("aria-invalid", "true");
  } else {
    expect(await emailInput(page).evaluate((i: HTMLInputElement) => i.validity.valueMissing)).toBe(
      true,
    );
  }
  expect(posts).toEqual([]);
});

test("an invalid e-mail gets its message, the address kept", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  // Passes the browser's type=email check, not the schema's: the server refuses it too.
  const status = await subscribe(page, "reader@example", javaScriptEnabled);
  if (status !== null) expect(status).toBe(400);
  await expect(emailInput(page)).toHaveAccessibleDescription(
    /^Please enter a valid email address\./,
  );
  await expect(emailInput(page)).toHaveValue("reader@example");
  await expect(page.getByText(SUBSCRIBED)).toHaveCount(0);
});

test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "fetcher states");
  // The failure test aborts the post on purpose: Chromium logs the failed load.
  test.use({ expectedFailedLoads: [HOME_ACTION_DATA] });

  test("'Subscribing...' with the input disabled while pending, then the message", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(emailInput(page));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === HOME_ACTION_DATA,
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await emailInput(page).fill(uniqueEmail("newsletter-pending"));
    await subscribeButton(page).click();
    await expect(subscribeButton(page)).toHaveText("Subscribing...");
    await expect(subscribeButton(page)).toHaveAttribute("aria-disabled", "true");
    await expect(emailInput(page)).toBeDisabled();
    release();
    await expect(band(page).getByRole("status")).toHaveText(SUBSCRIBED);
    await expect(subscribeButton(page)).toHaveText("Subscribe");
    await expect(emailInput(page)).toBeEnabled();
    await expect(page).toHaveURL(/\/$/);
  });

  test("Enter in the field subscribes through the fetcher; the page stays", async ({ page }) => {
    await page.goto("/");
    await hydrated(emailInput(page));
    const documents: string[] = [];
    page.on("request", (r) => {
      // The page's own navigations: an embedded map loading in its frame is not the page leaving.
      if (r.isNavigationRequest() && r.frame() === page.mainFrame())
        documents.push(`${r.method()} ${r.url()}`);
    });
    await emailInput(page).fill(uniqueEmail("newsletter-enter"));
    await emailInput(page).press("Enter");
    await expect(band(page).getByRole("status")).toHaveText(SUBSCRIBED);
    await expect(emailInput(page)).toHaveValue("");
    await expect(band(page).getByText("Email is required.")).toHaveCount(0);
    expect(documents).toEqual([]);
  });

  test("a network failure: 'Subscription failed. Please try again.', the address kept", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(emailInput(page));
    await page.route(
      (url) => url.pathname === HOME_ACTION_DATA,
      (route) =>
        route.request().method() === "POST"
          ? route.abort("internetdisconnected")
          : route.continue(),
    );
    const email = uniqueEmail("newsletter-offline");
    await emailInput(page).fill(email);
    await subscribeButton(page).click();
    const status = band(page).getByRole("status");
    await expect(status).toHaveText("Subscription failed. Please try again.");
    await expect(status.locator("p")).toHaveClass(/text-red-800/);
    await expect(emailInput(page)).toHaveValue(email);
    await expect(emailInput(page)).toBeEnabled();
  });
});
