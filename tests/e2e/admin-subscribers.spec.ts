// Subscribers (issue 7) with JavaScript on and off: an address given in 'Stay Updated' on the
// home page shows in the admin list, the search finds it, the CSV export downloads it, and
// Delete removes it after the question (a dialog with JavaScript, a confirmation step without).
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { expect, test } from "./fixtures";

const PAGE = "/admin/dashboard/subscribers";
const CONFIRM = "Remove this address from the newsletter list?";

test("a home page sign-up is listed, searched, exported and removed", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const email = `reader-${tag}@example.com`;
  await page.goto("/");
  const band = page.getByRole("region", { name: "Stay Updated" });
  await band.getByLabel("Email address").fill(email);
  await band.locator('button[type="submit"]').click();
  await expect(band.getByRole("status")).toHaveText("Subscribed successfully!");

  await signIn(page);
  await page.getByRole("link", { name: "Subscribers" }).first().click();
  await expect(page).toHaveURL(PAGE);
  await expect(page).toHaveTitle("Subscribers · Bureau admin");
  await page.getByLabel("Search subscribers").fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByRole("status").filter({ hasText: "1 subscriber matches" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text).toContain('"Subscribed at","Email","Page"');
  expect(text).toContain(`"${email}","/`);
  // The search applies: one header and one row.
  expect(text.trimEnd().split("\r\n")).toHaveLength(2);

  await row
    .getByRole("link", { name: `Delete ${email}` })
    .or(row.getByRole("button"))
    .click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
  } else {
    await expect(page).toHaveURL(/delete=/);
    const step = page.getByRole("region", { name: CONFIRM });
    await expect(step).toContainText(email);
    await step.getByRole("button", { name: "Delete" }).click();
  }
  await expectFlash(page, "Subscriber removed.");
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByText("No subscribers match this search.")).toBeVisible();
});
