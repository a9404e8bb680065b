// The about page editor (issue 6), with JavaScript on and off, against a server of this spec's
// own (one per worker): /about is checked against the demo content on the shared server.
// - view, Edit about page, Save: /about shows the new title, mission and team next;
// - 'Mission and values are required.', 'Contact email and phone are required.';
// - team rows added and removed by the server (JavaScript or not), the last row stays;
// - a portrait picked without JavaScript (or uploaded at once with it) shows on /about.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "../support/admin-e2e";
import { expectNoSeriousViolations } from "../support/axe";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const ABOUT = "/admin/dashboard/about";
const test = testWithOwnServer();
// Each test posts whole pages several times (sign-in, row buttons, Save) and then opens the
// public page: on a loaded machine the default 30 s is too short.
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default", timeout: 90_000 });

async function openEditor(page: Page) {
  await signIn(page, ABOUT);
  await expect(page.getByRole("heading", { level: 1, name: "About page" })).toBeVisible();
  await page.getByRole("link", { name: "Edit about page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit about page" })).toBeVisible();
  // The page streams in: Save is the form's end, so every row is there once it is.
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
}

const names = (page: Page) => page.locator("input[name^='team['][name$='.name']");
const member = (page: Page, n: number) => page.getByRole("group", { name: `Team member ${n}` });
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function addMember(page: Page): Promise<number> {
  const before = await names(page).count();
  await page.getByRole("button", { name: "Add team member" }).click();
  await expect(names(page)).toHaveCount(before + 1);
  return before + 1;
}

test("view, edit and save the about page; /about shows it", async ({ page }) => {
  await openEditor(page);
  const title = unique("About Acme");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Introduction").fill("We are Acme, a studio for the web.");
  await page.getByLabel("Mission", { exact: true }).fill("We make websites people enjoy.");
  await page.getByLabel("Values").fill("Clarity: plain words.\nCraft: work that lasts.");
  const n = await addMember(page);
  const name = unique("Ada Lovelace");
  await member(page, n).getByLabel("Name").fill(name);
  await member(page, n).getByLabel("Role").fill("Analyst");
  await page.getByLabel("Contact phone").fill("+49 30 999");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${ABOUT}$`));
  await expect(page.getByRole("status").filter({ hasText: "About page updated." })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(title));
  await expect(page.getByText("We make websites people enjoy.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
  await expect(page.getByText("Analyst")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Craft" })).toContainText(
    "work that lasts.",
  );
  await expect(page.getByRole("link", { name: "+49 30 999" })).toBeVisible();
});

test("refuses blank mission and contact phone with the SPEC's messages", async ({ page }) => {
  await openEditor(page);
  // Blank but not empty: the browser's own required check lets it through, the server trims.
  await page.getByLabel("Mission", { exact: true }).fill("   ");
  await page.getByLabel("Contact phone").fill("   ");
  await page.getByLabel("Title", { exact: true }).fill("Kept title");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Mission and values are required.")).toBeVisible();
  await expect(page.getByText("Contact email and phone are required.")).toBeVisible();
  await expect(page.getByLabel("Mission", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Kept title");
  await expect(page).toHaveURL(/\?edit$/);
});

test("team rows are added and removed (typed values kept); the last row stays", async ({
  page,
}) => {
  await openEditor(page);
  const n = await addMember(page);
  await member(page, n).getByLabel("Name").fill("Typed in the new row");
  const first = await names(page).first().inputValue();
  await page.getByRole("button", { name: "Remove team member 1" }).click();
  await expect(names(page)).toHaveCount(n - 1);
  await expect(names(page).last()).toHaveValue("Typed in the new row");
  await expect(names(page).first()).not.toHaveValue(first);
  // Nothing saved until Save.
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 3, name: first })).toBeVisible();

  await page.goto(`${ABOUT}?edit`);
  // Each Remove is a whole-page post: wait for the answer before counting again.
  for (let count = await names(page).count(); count > 1; count--) {
    await page.getByRole("button", { name: "Remove team member 1" }).click();
    await expect(names(page)).toHaveCount(count - 1);
  }
  await expect(page.getByRole("button", { name: "Remove team member 1" })).toBeDisabled();
});

test("a portrait uploaded (with or without JavaScript) shows on /about", async ({
  page,
  javaScriptEnabled,
}) => {
  await openEditor(page);
  const n = await addMember(page);
  const name = unique(javaScriptEnabled ? "With JS" : "Without JS");
  const row = member(page, n);
  await row.getByLabel("Name").fill(name);
  await row.getByLabel("Role").fill("Portrait test");
  await row.getByLabel(/Choose a file|Replace with a new file/).setInputFiles({
    name: "portrait.png",
    mimeType: "image/png",
    buffer: await sharp({
      create: { width: 48, height: 48, channels: 3, background: "#1d4ed8" },
    })
      .png()
      .toBuffer(),
  });
  await row.getByLabel("Alt text").fill(`Portrait of ${name}: a plain blue square`);
  if (javaScriptEnabled) {
    // Uploaded at once: the row's hidden field holds the stored address before Save.
    await expect(row.locator(`input[type="hidden"][name="team[${n - 1}].image"]`)).toHaveValue(
      /^\/images\/[0-9a-f]{24}$/,
    );
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "About page updated." })).toBeVisible();

  await page.goto("/about");
  const portrait = page.getByRole("img", { name: `Portrait of ${name}` });
  await portrait.scrollIntoViewIfNeeded();
  await expect(portrait).toHaveAttribute("src", /^\/images\/[0-9a-f]{24}$/);
  // The browser decoded one of its resized variants (srcset; decision 017). naturalWidth is
  // scaled by the candidate's `w` descriptor, which overstates a 48 px file, so only > 0.
  await expect
    .poll(() =>
      portrait.evaluate((img) => {
        const i = img as HTMLImageElement;
        return i.naturalWidth > 0 && /\?w=\d+$/.test(i.currentSrc);
      }),
    )
    .toBe(true);
});

test("Enter in a field saves the page; it never removes a team row", async ({ page }) => {
  await openEditor(page);
  const rows = await names(page).count();
  const title = unique("Saved with Enter");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Title", { exact: true }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "About page updated." })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Team (${rows})` })).toBeVisible();
});

test("with JavaScript, Save waits while a portrait uploads", { tag: "@js-only" }, async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the immediate upload needs JavaScript");
  await openEditor(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/admin/dashboard/uploads", async (route) => {
    await held;
    await route.continue();
  });
  await member(page, 1)
    .getByLabel(/Choose a file|Replace with a new file/)
    .setInputFiles({
      name: "slow.png",
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    });
  const save = page.getByRole("button", { name: "Uploading image..." });
  await expect(save).toHaveAttribute("aria-disabled", "true");
  // Enter in a field does not submit meanwhile either.
  await page.getByLabel("Title", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\?edit$/);
  release();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute(
    "aria-disabled",
    "false",
  );
  await expect(member(page, 1).locator('input[type="hidden"][name="team[0].image"]')).toHaveValue(
    /^\/images\/[0-9a-f]{24}$/,
  );
});

// 375 and 1280 px: the admin shell's two forms (its top bar below 1024 px, the sidebar above);
// these pages show and hide nothing by width, so 768 px (the top bar again) added no element.
test("the about view and editor have no serious axe violation at 375 and 1280 px", {
  tag: "@js-only",
}, async ({ page }) => {
  await openEditor(page);
  await expectNoSeriousViolations(page, [ABOUT, `${ABOUT}?edit`]);
});
