// The internships admin (at /admin/dashboard/intership-page, spelt so) with JavaScript on and
// off, on a server of its own (it adds, changes and removes internships the public-page specs
// count): the form's errors and red line, add, edit, Toggle Active (in place with JavaScript),
// delete after the SPEC's question, and the public /internships page following each step.
import type { Page } from "@playwright/test";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const test = testWithOwnServer();
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default" });

const PAGE = "/admin/dashboard/intership-page";
const CONFIRM = "Are you sure you want to delete this internship?";
const COLUMNS = [
  "Title",
  "Domain",
  "Company",
  "Location",
  "Duration",
  "Salary",
  "Deadline",
  "Status",
  "Urgent",
  "Active",
  "Application Link",
  "Actions",
];

/** A column's cell in a row: after the first, which holds the row's bulk-select checkbox. */
const cellOf = (column: (typeof COLUMNS)[number]) => 1 + COLUMNS.indexOf(column);

const dateIn = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const formRegion = (page: Page, name: "Add New Internship" | "Edit Internship") =>
  page.getByRole("region", { name });

async function fillForm(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = page.getByLabel(label, { exact: true });
    if (label === "Domain" || label === "Status") await field.selectOption(value);
    else await field.fill(value);
  }
}

/** A date as the Deadline cell shows it: "Mar 5, 2031" (en-US, UTC; decision 007). */
const shortDate = (isoDay: string) =>
  new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDay}T12:00:00Z`));

/**
 * Holds this page's POSTs until the returned function is called, to see a control while its
 * request is under way.
 */
async function holdPosts(page: Page): Promise<() => Promise<void>> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent: () => void = () => {};
  const through = new Promise<void>((resolve) => {
    sent = resolve;
  });
  await page.route(`**${PAGE}*`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await held;
    await route.continue();
    sent();
  });
  return async () => {
    release();
    // Unrouted before the held request went on, it would be handled twice.
    await through;
    await page.unroute(`**${PAGE}*`);
  };
}

/** The public list, searched for `text`. */
async function publicCards(page: Page, text: string) {
  await page.goto(`/internships?q=${encodeURIComponent(text)}`);
  return page.getByRole("article");
}

test("add, edit, toggle and delete an internship; the public page follows", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  // A long walk through two pages, twice with the public page in between.
  test.setTimeout(90_000);
  const tag = uniqueTag(testInfo);
  const title = `Data Intern ${tag}`;
  const renamed = `Data Analyst Intern ${tag}`;
  await signIn(page, PAGE);
  await expect(page).toHaveTitle("Internships · Bureau admin");
  await expect(page.getByRole("heading", { level: 1, name: "Internships" })).toBeVisible();
  const add = formRegion(page, "Add New Internship");
  await expect(add).toBeVisible();
  await expect(page.getByRole("heading", { name: "All Internships" })).toBeVisible();
  for (const name of COLUMNS) {
    await expect(page.getByRole("columnheader", { name, exact: true })).toBeAttached();
  }
  // A new internship is Open, not urgent and active by default.
  await expect(page.getByLabel("Status")).toHaveValue("Open");
  await expect(page.getByLabel("Urgent")).not.toBeChecked();
  await expect(page.getByLabel("Active")).toBeChecked();

  // Wrong values that the browser lets through: the schema refuses them, beside the fields
  // and on the red line below the form.
  await fillForm(page, {
    Title: title,
    Domain: "Tech",
    "Company name": "Bureau Digital",
    Location: "Remote",
    "Duration (days)": "30, abc",
    Salary: "€900 / month",
    Deadline: dateIn(30),
    Description: `Crunch numbers with ${tag}.`,
    Requirements: "SQL, Python",
    Benefits: "Mentor, Laptop",
    "Application link": "javascript:alert(1)",
  });
  await page.getByRole("button", { name: "Add Internship" }).click();
  const errorLine = add.getByRole("alert");
  await expect(errorLine).toHaveText(
    "Duration must be whole numbers of days separated by commas, e.g. 30,60, Application link must be a valid http(s) URL.",
  );
  await expect(page.getByLabel("Application link")).toHaveAttribute("aria-invalid", "true");
  // The typed values are kept.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  await fillForm(page, {
    "Duration (days)": "60, 30",
    "Application link": "https://jobs.example.com/data",
  });
  await page.getByLabel("Urgent").check();
  const adding = javaScriptEnabled ? await holdPosts(page) : null;
  await page.getByRole("button", { name: "Add Internship" }).click();
  if (adding) {
    await expect(page.getByRole("button", { name: "Adding...", exact: true })).toBeVisible();
    await adding();
  }
  await expectFlash(page, "Internship added successfully!");
  // The green line is below the form, and the form is empty again.
  await expect(add.getByRole("status").filter({ hasText: "added" })).toBeInViewport();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Active")).toBeChecked();
  await expect(errorLine).toHaveCount(0);
  // Newest first.
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(page.getByRole("row").nth(1)).toContainText(title);
  await expect(row).toContainText("30 / 60 days");
  await expect(row.getByRole("cell").nth(cellOf("Deadline"))).toHaveText(shortDate(dateIn(30)));
  await expect(row.getByRole("cell").nth(cellOf("Urgent"))).toHaveText("Yes");
  await expect(row.getByRole("cell").nth(cellOf("Active"))).toHaveText("Yes");
  const link = row.getByRole("link", { name: /jobs\.example\.com/ });
  await expect(link).toHaveAttribute("href", "https://jobs.example.com/data");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  let cards = await publicCards(page, tag);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(title);
  await expect(cards.first().getByText("Open", { exact: true })).toBeVisible();

  // Edit: the form fills (lists joined by commas), Update, back to an empty add form.
  await page.goto(`${PAGE}?q=${tag}`);
  await expect(page.getByText(`1 internship matches “${tag}”`)).toBeVisible();
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&edit=[0-9a-f]{24}$`));
  const edit = formRegion(page, "Edit Internship");
  await expect(edit).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Duration (days)")).toHaveValue("30,60");
  await expect(page.getByLabel("Requirements")).toHaveValue("SQL, Python");
  await expect(page.getByLabel("Deadline")).toHaveValue(dateIn(30));
  await expect(page.getByLabel("Urgent")).toBeChecked();
  await fillForm(page, { Title: renamed, Salary: "€950 / month", Status: "Pending" });
  const updating = javaScriptEnabled ? await holdPosts(page) : null;
  await page.getByRole("button", { name: "Update Internship" }).click();
  if (updating) {
    await expect(page.getByRole("button", { name: "Updating...", exact: true })).toBeVisible();
    await updating();
  }
  await expectFlash(page, "Internship updated successfully!");
  await expect(page).toHaveURL(`${PAGE}?q=${tag}#internship-result`);
  await expect(formRegion(page, "Add New Internship")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  const renamedRow = page.getByRole("row").filter({ hasText: renamed });
  await expect(renamedRow).toContainText("€950 / month");
  await expect(renamedRow).toContainText("Pending");
  if (javaScriptEnabled) {
    // A toggle's answer replaces the flash that is showing (and stays when the list reloads).
    const toggle = renamedRow.getByRole("button", { name: `Toggle Active of ${renamed}` });
    for (const active of ["No", "Yes"]) {
      await toggle.click();
      await expect(renamedRow.getByRole("cell").nth(cellOf("Active"))).toHaveText(active);
      await expect(add.getByText("Internship active status toggled successfully!")).toBeVisible();
      await expect(page.getByText("Internship updated successfully!")).toHaveCount(0);
    }
  }

  cards = await publicCards(page, tag);
  await expect(cards.first()).toContainText(renamed);
  await expect(cards.first().getByText("Pending", { exact: true })).toBeVisible();

  // Toggle Active: hidden from the site, then shown again.
  await page.goto(`${PAGE}?q=${tag}`);
  if (javaScriptEnabled) {
    // With JavaScript the page stays as it is: what is being typed in the form survives.
    await page.getByLabel("Title", { exact: true }).fill("Half-typed");
  }
  await renamedRow.getByRole("button", { name: `Toggle Active of ${renamed}` }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Internship active status toggled successfully!" }),
  ).toBeVisible();
  await expect(renamedRow.getByRole("cell").nth(cellOf("Active"))).toHaveText("No");
  // Without JavaScript POST/redirect/GET lands on the line below the form.
  await expect(page).toHaveURL(`${PAGE}?q=${tag}${javaScriptEnabled ? "" : "#internship-result"}`);
  if (javaScriptEnabled) {
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Half-typed");
  }
  cards = await publicCards(page, tag);
  await expect(cards).toHaveCount(0);
  await expect(page.getByText("No internships found", { exact: true })).toBeVisible();

  await page.goto(`${PAGE}?q=${tag}`);
  await renamedRow.getByRole("button", { name: `Toggle Active of ${renamed}` }).click();
  await expect(renamedRow.getByRole("cell").nth(cellOf("Active"))).toHaveText("Yes");
  cards = await publicCards(page, tag);
  await expect(cards).toHaveCount(1);

  // Delete: the SPEC's question first, then a POST.
  await page.goto(`${PAGE}?q=${tag}`);
  const deleteControl = javaScriptEnabled
    ? page.getByRole("button", { name: `Delete ${renamed}` })
    : page.getByRole("link", { name: `Delete ${renamed}` });
  await deleteControl.click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toContainText(renamed);
    const deleting = await holdPosts(page);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(dialog.getByRole("button", { name: "Deleting...", exact: true })).toBeVisible();
    await deleting();
  } else {
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&delete=[0-9a-f]{24}$`));
    const step = page.getByRole("region", { name: CONFIRM });
    await expect(step).toContainText(renamed);
    await step.getByRole("button", { name: "Delete", exact: true }).click();
  }
  await expectFlash(page, "Internship moved to the trash.");
  await expect(page.getByText("No internships found.", { exact: true })).toBeVisible();

  cards = await publicCards(page, tag);
  await expect(cards).toHaveCount(0);
});

test("a passed deadline reads Closed on the site without anyone closing it", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = uniqueTag(testInfo);
  const title = `Late Intern ${tag}`;
  await signIn(page, PAGE);
  await fillForm(page, {
    Title: title,
    Domain: "HR",
    "Company name": "Bureau Digital",
    Location: "On-site - Lisbon",
    "Duration (days)": "90",
    Salary: "Unpaid",
    Deadline: dateIn(-2),
    Description: `Too late for ${tag}.`,
    Requirements: "Patience",
    Benefits: "Hindsight",
    "Application link": "https://jobs.example.com/late",
  });
  await page.getByRole("button", { name: "Add Internship" }).click();
  await expectFlash(page, "Internship added successfully!");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("(passed)");
  await expect(row).toContainText("Closed on the site");
  await expect(row.getByRole("cell").nth(cellOf("Deadline"))).toHaveText(
    `${shortDate(dateIn(-2))}(passed)`,
  );

  const cards = await publicCards(page, tag);
  await expect(cards.first().getByText("Closed", { exact: true })).toBeVisible();

  // A seeded internship without an application link.
  await page.goto(`${PAGE}?q=${encodeURIComponent("People & Talent Intern")}`);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: "People & Talent Intern" })
      .getByRole("cell")
      .nth(cellOf("Application Link")),
  ).toHaveText("No link");

  if (javaScriptEnabled) {
    // Deleted in another tab, then toggled here: the red line says so, the page stays.
    await page.goto(`${PAGE}?q=${tag}`);
    const other = await page.context().newPage();
    await other.goto(`${PAGE}?q=${tag}`);
    await other.getByRole("button", { name: `Delete ${title}` }).click();
    await other
      .getByRole("dialog", { name: CONFIRM })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await expectFlash(other, "Internship moved to the trash.");
    await other.close();
    await row.getByRole("button", { name: `Toggle Active of ${title}` }).click();
    await expect(formRegion(page, "Add New Internship").getByRole("alert")).toHaveText(
      "This internship does not exist (it may have been deleted).",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Internships" })).toBeVisible();
  }
});

test("unknown and malformed ids answer 404 inside the admin", async ({ page }) => {
  await signIn(page);
  for (const query of ["edit=not-an-id", "delete=0123456789abcdef01234567"]) {
    const response = await page.goto(`${PAGE}?${query}`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("This internship does not exist (it may have been deleted)."),
    ).toBeVisible();
  }
});

test("is usable on a phone: no sideways page scroll, every row's actions in reach", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, PAGE);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  // Stacked rows: each value beside its label, the actions under them, nothing cut off.
  const firstRow = page.getByRole("row").nth(1);
  const toggle = firstRow.getByRole("button", { name: /^Toggle Active/ });
  await toggle.scrollIntoViewIfNeeded();
  await expect(toggle).toBeInViewport({ ratio: 1 });
  await expect(firstRow.getByRole("link", { name: /^Edit / })).toBeInViewport({ ratio: 1 });
  const box = await firstRow.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
});

test("no serious or critical axe issue: the list on a phone, editing and errors on a desktop", {
  tag: "@js-only",
}, async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs inside the page");
  // Axe takes several seconds over a page this long.
  test.setTimeout(180_000);
  await signIn(page, PAGE);
  const editHref = await page
    .getByRole("row")
    .nth(1)
    .getByRole("link", { name: /^Edit / })
    .getAttribute("href");
  const check = async (label: string) => {
    expect(await seriousAxeViolations(page), `${label}`).toEqual([]);
  };

  await page.setViewportSize({ width: 375, height: 900 });
  await check("375 list");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(editHref ?? PAGE);
  await check("1280 edit");

  await page.goto(PAGE);
  await page.getByLabel("Title", { exact: true }).fill("   ");
  await page.getByLabel("Application link").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Add Internship" }).click();
  // The browser's own checks stop the empty required fields first: let the form through.
  if ((await page.getByRole("alert").count()) === 0) {
    await page.locator("form#internship-new").evaluate((form) => {
      (form as HTMLFormElement).noValidate = true;
    });
    await page.getByRole("button", { name: "Add Internship" }).click();
  }
  await expect(page.getByRole("alert")).toBeVisible();
  await check("1280 errors");
});
