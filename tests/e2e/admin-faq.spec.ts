// Manage FAQs (SPEC §2) with JavaScript on and off: open the form, the SPEC's validation
// message, create, edit, delete after the SPEC's question (a dialog with JavaScript, a
// confirmation step without), and the public internships page following each change. Every
// record is this test's own (unique tag), so the specs running alongside are not disturbed.
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { expect, test } from "./fixtures";

const PAGE = "/admin/dashboard/faq";
const CONFIRM = "Are you sure you want to delete this FAQ?";

test("create, edit and delete an FAQ; the internships page follows", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const question = `Do you test ${tag}?`;
  await signIn(page, PAGE);
  await expect(page).toHaveTitle("Manage FAQs · Bureau admin");
  await expect(page.getByRole("heading", { level: 1, name: "Manage FAQs" })).toBeVisible();
  for (const name of ["Question", "Answer", "Actions"]) {
    await expect(page.getByRole("columnheader", { name })).toBeVisible();
  }
  // Hidden until asked for (SPEC §4).
  await expect(page.getByPlaceholder("Enter question")).toHaveCount(0);

  await page.getByRole("link", { name: "Add New FAQ" }).click();
  await expect(page).toHaveURL(`${PAGE}?new`);
  await expect(page.getByRole("heading", { name: "Add New FAQ" })).toBeVisible();
  if (javaScriptEnabled) {
    // Straight from the focused, empty question to Create: the click lands, both fields say it.
    await expect(page.getByPlaceholder("Enter question")).toBeFocused();
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Both question and answer are required.")).toHaveCount(2);
  }
  // Blank (only spaces) passes the browser's `required` and is refused by the schema.
  await page.getByPlaceholder("Enter question").fill("   ");
  await page.getByPlaceholder("Enter answer").fill("An answer");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Both question and answer are required.")).toBeVisible();
  await expect(page.getByPlaceholder("Enter question")).toHaveAttribute("aria-invalid", "true");

  await page.getByPlaceholder("Enter question").fill(question);
  await page.getByPlaceholder("Enter answer").fill(`Yes, with ${tag}.`);
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "FAQ created.");
  await expect(page).toHaveURL(PAGE);
  await expect(page.getByPlaceholder("Enter question")).toHaveCount(0);
  // Newest first: the new FAQ leads the table.
  await expect(page.getByRole("row").nth(1)).toContainText(question);

  await page.goto("/internships");
  await page.getByText(question).click();
  await expect(page.getByText(`Yes, with ${tag}.`)).toBeVisible();

  // Edit, found through the search box.
  await page.goto(PAGE);
  await page.getByRole("searchbox", { name: "Search FAQs" }).fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByText(`1 FAQ matches “${tag}”`)).toBeVisible();
  await page.getByRole("link", { name: `Edit ${question}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&edit=[0-9a-f]{24}$`));
  await expect(page.getByRole("heading", { name: "Edit FAQ" })).toBeVisible();
  await expect(page.getByPlaceholder("Enter question")).toHaveValue(question);
  await page.getByPlaceholder("Enter answer").fill(`Always, with ${tag}.`);
  await page.getByRole("button", { name: "Update" }).click();
  await expectFlash(page, "FAQ updated.");
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByRole("row").nth(1)).toContainText(`Always, with ${tag}.`);

  // Cancel closes the form without saving.
  await page.getByRole("link", { name: `Edit ${question}` }).click();
  await page.getByPlaceholder("Enter answer").fill("Not saved");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByPlaceholder("Enter question")).toHaveCount(0);

  await page.goto("/internships");
  await page.getByText(question).click();
  await expect(page.getByText(`Always, with ${tag}.`)).toBeVisible();

  // Delete: the SPEC's question first, then a POST.
  await page.goto(`${PAGE}?q=${tag}`);
  const deleteControl = javaScriptEnabled
    ? page.getByRole("button", { name: `Delete ${question}` })
    : page.getByRole("link", { name: `Delete ${question}` });
  await deleteControl.click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(question);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await deleteControl.click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&delete=[0-9a-f]{24}$`));
    const step = page.getByRole("region", { name: CONFIRM });
    await expect(step).toContainText(question);
    await step.getByRole("button", { name: "Delete", exact: true }).click();
  }
  await expectFlash(page, "FAQ deleted.");
  await expect(page.getByText("No FAQs found.")).toBeVisible();

  await page.goto("/internships");
  await expect(page.getByText(question)).toHaveCount(0);
});

test("unknown and malformed ids answer 404 inside the admin", async ({ page }) => {
  await signIn(page);
  for (const query of ["edit=not-an-id", "delete=0123456789abcdef01234567"]) {
    const response = await page.goto(`${PAGE}?${query}`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("This FAQ does not exist (it may have been deleted)."),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin", exact: true })).toBeVisible();
  }
});

test("a search that finds nothing says 'No FAQs found.'", async ({ page }, testInfo) => {
  await signIn(page, `${PAGE}?q=${uniqueTag(testInfo)}-nothing`);
  await expect(page.getByText("No FAQs found.")).toBeVisible();
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(PAGE);
});
