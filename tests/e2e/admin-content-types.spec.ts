// The admin screen every content type gets from the kit (app/content/kit/admin-screen.tsx), in a
// browser with JavaScript on and off, for every registered type (app/content/registry.ts)
// without naming one: the list, the form opened by its Add link, a blank field's message next to
// the field, create, search, edit, cancel, delete after the type's question (a dialog with
// JavaScript, a confirmation step without) into the trash, restore from it and delete forever
// (the same question steps), and a 404 inside the admin. One round per type and
// project, on the content editors' server (content-server.ts), so the public pages other specs
// read never see these records. The star rating, the image picker and the public pages are their types' own specs.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { E2E_ADMIN } from "../support/constants";
import {
  type AnyType,
  blankMessages,
  exampleOf,
  storedExample,
  TYPE_CASES,
  titleField,
} from "../support/content-types";
import { test } from "./content-server";
import { expect } from "./fixtures";

// One worker runs this file's rounds in order.
test.describe.configure({ mode: "default", timeout: 90_000 });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const pngFile = async () => ({
  name: "picture.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 48, height: 48, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer(),
});

/** A field's input by its label (the image picker and the stars are their own specs'). */
const input = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * Fills the form's fields with `values`. A required image gets a picture when `picture` says
 * how it goes: uploaded at once with JavaScript, posted with the form without.
 */
async function fill(
  page: Page,
  type: AnyType,
  values: Record<string, unknown>,
  picture: "none" | "js" | "no-js",
) {
  for (const field of type.fields) {
    const value = values[field.name];
    if (field.kind === "stars") continue;
    if (field.kind === "image") {
      if (!field.required || picture === "none") continue;
      const group = page.getByRole("group", { name: field.label });
      await group
        .getByLabel(/Replace with a new file|Choose a file/)
        .setInputFiles(await pngFile());
      // An image the editor asks alt text for (not always decorative) is described.
      if (field.decorative === undefined) {
        await group.getByLabel("Alt text").fill("A plain blue square");
      }
      if (picture === "js") {
        // Uploaded at once: the hidden field holds the stored address before the save.
        await expect(page.locator(`input[type="hidden"][name="${field.name}"]`)).toHaveValue(
          /^\/images\/[0-9a-f]{24}$/,
          { timeout: 15_000 },
        );
      }
    } else if (field.kind === "select") {
      await input(page, field.label).selectOption(String(value));
    } else if (typeof value === "boolean") {
      await input(page, field.label).setChecked(value);
    } else {
      await input(page, field.label).fill(value === undefined ? "" : String(value));
    }
  }
}

for (const [entity, type] of TYPE_CASES) {
  const PAGE = type.admin.path;
  const { admin, texts } = type;
  const title = titleField(type);
  const titleDescriptor = type.fields.find((f) => f.name === title);
  if (!titleDescriptor) throw new Error(`${entity}: the title column names no field`);
  const [blankTitleMessage] = blankMessages(type, titleDescriptor) ?? [];
  const subject = (name: string) => admin.subject({ ...storedExample(type), [title]: name });

  test(`${entity}: create, search, edit and delete through the admin screen`, async ({
    page,
    javaScriptEnabled: js,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const name = `${String(exampleOf(type)[title])} ${tag}`;
    await signIn(page, PAGE);
    await expect(page).toHaveTitle(`${admin.metaTitle ?? admin.title} · Bureau admin`);
    await expect(page.getByRole("heading", { level: 1, name: admin.title })).toBeVisible();
    for (const column of [admin.titleColumn.label, ...admin.columns.map((c) => c.label)]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    await expect(page.getByRole("columnheader", { name: "Actions" })).toBeVisible();
    // The form is hidden until asked for.
    await expect(page.getByRole("button", { name: "Create" })).toHaveCount(0);

    await page.getByRole("link", { name: admin.addLabel }).click();
    await expect(page).toHaveURL(`${PAGE}?new`);
    await expect(page.getByRole("heading", { name: admin.formTitle.create })).toBeVisible();
    const [firstField] = type.fields;
    if (js) {
      // Straight from the focused, empty form to Create: every required field says so.
      if (firstField && firstField.kind !== "image" && firstField.kind !== "stars") {
        await expect(input(page, firstField.label)).toBeFocused();
      }
      await page.getByRole("button", { name: "Create" }).click();
      for (const field of type.fields) {
        if (field.kind === "image" || field.kind === "stars") continue;
        if (blankMessages(type, field) === null) continue;
        await expect(input(page, field.label), field.name).toHaveAttribute("aria-invalid", "true");
      }
    }

    // Blank (only spaces) passes the browser's `required` and is refused by the schema, with
    // its message next to the field; what was typed stays.
    await fill(page, type, { ...exampleOf(type), [title]: "   " }, "none");
    await page.getByRole("button", { name: "Create" }).click();
    const titleInput = input(page, titleDescriptor.label);
    await expect(titleInput).toHaveAttribute("aria-invalid", "true");
    expect(blankTitleMessage, "a blank title is refused").toBeTruthy();
    await expect(titleInput).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(blankTitleMessage as string)),
    );

    await fill(page, type, { ...exampleOf(type), [title]: name }, js ? "js" : "no-js");
    await page.getByRole("button", { name: "Create" }).click();
    await expectFlash(page, texts.created);
    await expect(page).toHaveURL(PAGE);
    if (type.ordered) {
      // Staff's order: a new record comes last (on the last page: past the end shows it).
      await page.goto(`${PAGE}?page=99`);
      await expect(page.getByRole("row").last()).toContainText(name);
    } else {
      // Newest first: the new record leads the table.
      await expect(page.getByRole("row").nth(1)).toContainText(name);
    }

    // Found through the search box, then edited.
    await page.getByRole("searchbox", { name: admin.search.label }).fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
    await expect(page.getByText(`1 ${admin.noun[0]} matches “${tag}”`)).toBeVisible();
    if (type.ordered) {
      // Move up, a plain POST form: to the place before it in the whole list, same view after.
      await page.getByRole("button", { name: `Move up ${subject(name)}` }).click();
      await expectFlash(page, `${capitalised(admin.noun[0])} moved to position`);
      await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
      await expect(page.getByRole("button", { name: `Move down ${subject(name)}` })).toBeVisible();
    }
    await page.getByRole("link", { name: `Edit ${subject(name)}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&edit=[0-9a-f]{24}$`));
    await expect(page.getByRole("heading", { name: admin.formTitle.edit })).toBeVisible();
    await expect(titleInput).toHaveValue(name);
    const renamed = `${name} v2`;
    await titleInput.fill(renamed);
    await page.getByRole("button", { name: "Update" }).click();
    await expectFlash(page, texts.updated);
    await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
    await expect(page.getByRole("row").nth(1)).toContainText(renamed);

    // Cancel closes the form without saving.
    await page.getByRole("link", { name: `Edit ${subject(renamed)}` }).click();
    await titleInput.fill("Not saved");
    await page.getByRole("link", { name: "Cancel" }).click();
    if (js) {
      // Leaving an editor with changes asks first (the unsaved-changes guard).
      const leave = page.getByRole("dialog", { name: "Leave without saving?" });
      await leave.getByRole("button", { name: "Leave without saving" }).click();
    }
    await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
    await expect(titleInput).toHaveCount(0);
    await expect(page.getByRole("row").nth(1)).toContainText(renamed);

    // Delete, after the type's question.
    if (js) {
      const control = page.getByRole("button", { name: `Delete ${subject(renamed)}` });
      await control.click();
      const dialog = page.getByRole("dialog", { name: texts.deleteConfirm });
      await expect(dialog).toContainText(subject(renamed));
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await control.click();
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    } else {
      await page.getByRole("link", { name: `Delete ${subject(renamed)}` }).click();
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&delete=[0-9a-f]{24}$`));
      const step = page.getByRole("region", { name: texts.deleteConfirm });
      await expect(step).toContainText(subject(renamed));
      await step.getByRole("button", { name: "Delete", exact: true }).click();
    }
    await expectFlash(page, texts.trashed);
    await expect(page.getByText(admin.emptyText)).toBeVisible();

    // The trash: the record with who deleted it; Restore puts it back on the list.
    await page.getByRole("link", { name: /^Trash \(\d+\)/ }).click();
    await expect(page).toHaveURL(`${PAGE}?trash`);
    const binned = page.getByRole("row").filter({ hasText: subject(renamed) });
    await expect(binned).toContainText("30 days left");
    await expect(binned).toContainText(E2E_ADMIN.email);
    await binned.getByRole("button", { name: `Restore ${subject(renamed)}` }).click();
    await expectFlash(page, texts.restored);
    await expect(page.getByRole("row").filter({ hasText: subject(renamed) })).toHaveCount(0);
    await page.getByRole("link", { name: `Back to the ${admin.noun[1]}` }).click();
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(page.getByRole("row").nth(1)).toContainText(renamed);

    // Deleted again, then forever from the trash, after its own question.
    const forever = `Delete forever ${subject(renamed)}`;
    if (js) {
      await page.getByRole("button", { name: `Delete ${subject(renamed)}` }).click();
      await page
        .getByRole("dialog", { name: texts.deleteConfirm })
        .getByRole("button", { name: "Delete", exact: true })
        .click();
      await expectFlash(page, texts.trashed);
      await page.goto(`${PAGE}?trash`);
      await page.getByRole("button", { name: forever }).click();
      const dialog = page.getByRole("dialog", { name: texts.purgeConfirm });
      await expect(dialog).toContainText(subject(renamed));
      await dialog.getByRole("button", { name: "Delete forever", exact: true }).click();
    } else {
      await page.getByRole("link", { name: `Delete ${subject(renamed)}` }).click();
      await page
        .getByRole("region", { name: texts.deleteConfirm })
        .getByRole("button", { name: "Delete", exact: true })
        .click();
      await expectFlash(page, texts.trashed);
      await page.goto(`${PAGE}?trash`);
      await page.getByRole("link", { name: forever }).click();
      await expect(page).toHaveURL(/\?trash&purge=[0-9a-f]{24}$/);
      const step = page.getByRole("region", { name: texts.purgeConfirm });
      await expect(step).toContainText(subject(renamed));
      await step.getByRole("button", { name: "Delete forever", exact: true }).click();
    }
    await expectFlash(page, texts.purged);
    await expect(page).toHaveURL(`${PAGE}?trash`);
    await expect(page.getByRole("row").filter({ hasText: subject(renamed) })).toHaveCount(0);
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(page.getByText(admin.emptyText)).toBeVisible();
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(PAGE);

    // An id that names nothing: the type's text, inside the admin.
    const response = await page.goto(`${PAGE}?edit=not-an-id`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(texts.notFound)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin", exact: true })).toBeVisible();
  });
}

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

// The list is the same table for every type (only its columns differ, and they fold under the
// title on a phone): checked at 375 px; the form, drawn from each type's field kinds, has the
// same markup at every width: checked at 1280 px (tests/support/axe.ts).
test("every type's list and form have no serious axe violation", {
  tag: "@js-only",
}, async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs inside the page");
  test.slow();
  await signIn(page);
  for (const [width, pages] of [
    [375, [""]],
    [1280, ["?new"]],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const [, type] of TYPE_CASES) {
      for (const query of pages) {
        const path = `${type.admin.path}${query}`;
        await page.goto(path);
        expect(await seriousAxeViolations(page), `${width} ${path}`).toEqual([]);
      }
    }
  }
});
