// The audit log (issue 9) end to end, with JavaScript on and off: a failed sign-in, a FAQ
// created in the admin and one through the JSON API with a bearer token, all three found on
// /admin/dashboard/audit through its filter form (a GET form). The browser runs in Tokyo's time
// zone: without JavaScript the page says UTC, with it the reader's own time.

import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { E2E_ADMIN } from "../support/constants";
import { expect, test } from "./fixtures";

const PAGE = "/admin/dashboard/audit";

test.use({ timezoneId: "Asia/Tokyo" });

test("a failed sign-in and FAQ changes from the admin and the API show in the audit log", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  // Three sign-ins (argon2 each), a dozen admin pages and, with JavaScript, two axe scans: about
  // 20 s on the loaded 2-core CI machine, too close to the default 30 s.
  test.setTimeout(60_000);
  const tag = uniqueTag(testInfo);
  const stranger = `nobody-${tag}@bureau.test`;

  // A failed sign-in (an e-mail no admin has, so no account gets throttled).
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(stranger);
  await page.getByLabel("Password", { exact: true }).fill("not the password at all");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid e-mail or password.")).toBeVisible();

  await signIn(page, "/admin/dashboard/faq?new");
  await page.getByPlaceholder("Enter question").fill(`From the admin ${tag}?`);
  await page.getByPlaceholder("Enter answer").fill("Yes.");
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "FAQ created.");

  // The JSON API, with a token of the same admin.
  const login = await page.request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const created = await page.request.post("/api/faqs", {
    headers: { Authorization: `Bearer ${token}` },
    data: { question: `From the API ${tag}?`, answer: "Yes." },
  });
  expect(created.status()).toBe(201);

  // The sidebar leads there; the filter form narrows it to this admin's FAQ changes.
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Who").fill(E2E_ADMIN.email);
  await page.getByLabel("Record").selectOption("faq");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(
    /\/admin\/dashboard\/audit\?who=e2e-admin%40bureau\.test&.*entity=faq/,
  );
  const viaAdmin = page.getByRole("row").filter({ hasText: `From the admin ${tag}?` });
  const viaApi = page.getByRole("row").filter({ hasText: `From the API ${tag}?` });
  const via = 5;
  await expect(viaAdmin).toContainText("Created");
  await expect(viaAdmin.getByRole("cell").nth(via)).toHaveText(/\badmin$/);
  await expect(viaApi).toContainText("Created");
  await expect(viaApi.getByRole("cell").nth(via)).toHaveText(/\bapi$/);
  await expect(viaApi).toContainText(E2E_ADMIN.email);
  // The record links to its editor.
  await viaApi.getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/faq\?edit=[0-9a-f]{24}$/);
  await expect(page.getByPlaceholder("Enter question")).toHaveValue(`From the API ${tag}?`);

  // The failed sign-in, under the e-mail that was tried.
  await page.goto(`${PAGE}?who=${encodeURIComponent(stranger)}`);
  const failed = page.getByRole("row").filter({ hasText: "Sign-in failed" });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("No admin with this e-mail");
  // Server HTML says UTC; JavaScript shows the reader's zone (Tokyo, 9 hours ahead).
  await expect(failed.locator("time")).toContainText(javaScriptEnabled ? "GMT+9" : "UTC");

  await page.goto(`${PAGE}?who=nobody-at-all-${tag}`);
  await expect(page.getByText("No entries match.")).toBeVisible();

  if (javaScriptEnabled) {
    // axe runs in the page's JavaScript: the table and the cards, desktop and phone.
    await page.goto(PAGE);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeViolations(page), `${width}`).toEqual([]);
    }
  }
});
