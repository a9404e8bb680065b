// Highlights admin with JavaScript on and off: create two cards, see them on the home page in
// the admin's order, move one above the other, edit, delete after the confirmation. Only this
// test's own cards (unique tag) are checked: the demo's cards and those of the specs running
// alongside stay where they are (new cards go last by default).
import type { Page } from "@playwright/test";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { expect, test } from "./fixtures";

const PAGE = "/admin/dashboard/highlights";
const CONFIRM = "Are you sure you want to delete this highlight?";

async function create(page: Page, title: string, label: string, description: string) {
  await page.goto(PAGE);
  await page.getByRole("link", { name: "Add New Highlight" }).click();
  await expect(page).toHaveURL(`${PAGE}?new`);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Label (optional)").fill(label);
  await page.getByLabel("Description").fill(description);
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "Highlight created.");
  await expect(page).toHaveURL(PAGE);
}

/** The titles of the home page's cards that carry `tag`, in their order there. */
async function homeTitles(page: Page, tag: string): Promise<string[]> {
  await page.goto("/");
  const section = page.getByRole("region", { name: /^Why Choose/ });
  const titles = await section.getByRole("heading", { level: 3 }).allTextContents();
  return titles.filter((t) => t.includes(tag));
}

test("create, order, edit and delete highlights; the home page follows", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  // About 25 page loads (create twice, move, edit, delete, the home page after each): 18-28 s
  // on the 2-core CI machine, too close to the 30 s default.
  test.slow();
  const tag = uniqueTag(testInfo);
  const first = `Fast ${tag}`;
  const second = `Friendly ${tag}`;
  await signIn(page, PAGE);
  await expect(page).toHaveTitle("Highlights · Bureau admin");
  await expect(page.getByRole("heading", { level: 1, name: "Highlights" })).toBeVisible();

  // The required fields, checked on the server too (spaces pass the browser's `required`).
  await page.getByRole("link", { name: "Add New Highlight" }).click();
  await page.getByLabel("Title").fill("  ");
  await page.getByLabel("Description").fill("Something");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Title and description are required.")).toBeVisible();

  await create(page, first, "Label one", "Quick replies.");
  await create(page, second, "Label two", "Kind people.");
  expect(await homeTitles(page, tag)).toEqual([first, second]);

  // Move the second card up until it is above the first (other specs' cards may sit between).
  await page.goto(`${PAGE}?q=${tag}`);
  for (let i = 0; i < 5; i++) {
    const rows = await page.getByRole("row").allTextContents();
    const at = (title: string) => rows.findIndex((r) => r.includes(title));
    if (at(second) < at(first)) break;
    await page.getByRole("button", { name: `Move up ${second}` }).click();
    await expectFlash(page, "Highlight moved to position");
  }
  expect(await homeTitles(page, tag)).toEqual([second, first]);

  // Edit the first card.
  await page.goto(`${PAGE}?q=${tag}`);
  await page.getByRole("link", { name: `Edit ${first}` }).click();
  await expect(page.getByLabel("Title")).toHaveValue(first);
  await page.getByLabel("Title").fill(`Faster ${tag}`);
  await page.getByRole("button", { name: "Update" }).click();
  await expectFlash(page, "Highlight updated.");
  expect(await homeTitles(page, tag)).toEqual([second, `Faster ${tag}`]);
  const card = page.getByRole("listitem").filter({ hasText: `Faster ${tag}` });
  await expect(card).toContainText("Label one");
  await expect(card).toContainText("Quick replies.");

  // Delete both, after the confirmation.
  for (const title of [second, `Faster ${tag}`]) {
    await page.goto(`${PAGE}?q=${tag}`);
    if (javaScriptEnabled) {
      await page.getByRole("button", { name: `Delete ${title}` }).click();
      const dialog = page.getByRole("dialog", { name: CONFIRM });
      await expect(dialog).toContainText(title);
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    } else {
      await page.getByRole("link", { name: `Delete ${title}` }).click();
      const step = page.getByRole("region", { name: CONFIRM });
      await expect(step).toContainText(title);
      await step.getByRole("button", { name: "Delete", exact: true }).click();
    }
    await expectFlash(page, "Highlight moved to the trash.");
  }
  await expect(page.getByText("No highlights found")).toBeVisible();
  expect(await homeTitles(page, tag)).toEqual([]);
});

test("unknown and malformed ids answer 404 inside the admin", async ({ page }) => {
  await signIn(page);
  for (const query of ["edit=0123456789abcdef01234567", "delete=nope"]) {
    const response = await page.goto(`${PAGE}?${query}`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("This highlight does not exist (it may have been deleted)."),
    ).toBeVisible();
  }
});
