// Contact Form Submissions (issue 7) with JavaScript on and off, on a
// server of this spec's own (it stores 25 messages per test and changes them; other specs count
// the demo ones on the shared server). Messages arrive through the public contact form.
// - pages of 10 with Prev, 'page / pages', Next; the status and search filters in the URL;
// - the status select (sent on change with JavaScript; a refused status is said in the row);
// - a message's own page: opening it leaves 'new', notes, status, delete;
// - Export CSV of the filter; 'No contacts found.'; 404 for an unknown message.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { E2E_ADMIN } from "../support/constants";
import { LEAD_SERVER_ENV, sendContactMessage } from "../support/leads-e2e";
import { expect as baseExpect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

// Slow machines running many suites at once: see admin-quotes.spec.ts.
const expect = baseExpect.configure({ timeout: 15_000 });

const PAGE = "/admin/dashboard/contact-forms";

const test = testWithOwnServer(LEAD_SERVER_ENV);
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default", timeout: 180_000 });

const bodyRows = (page: Page) => page.getByRole("row").filter({ has: page.getByRole("cell") });
const pages = (page: Page) => page.getByRole("navigation", { name: "Contact message pages" });

/** Saves a status with the row's control: on change with JavaScript, Save without. */
async function setStatus(page: Page, name: string, status: string, javaScriptEnabled: boolean) {
  const select = page.getByRole("combobox", { name: `Status of ${name}` });
  await select.selectOption(status);
  if (javaScriptEnabled) {
    await expect(select).toBeEnabled();
  } else {
    await page.getByRole("button", { name: `Save status of ${name}` }).click();
    await expectFlash(page, `Status set to ${status}.`);
  }
  await expect(page.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue(status);
}

test("page through 25 messages and filter them by status and search", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const writer = (i: number) => `Writer ${tag} ${String(i).padStart(2, "0")}`;
  // One after the other: newest first is then 25 down to 1.
  for (let i = 1; i <= 25; i++) {
    await sendContactMessage(request, {
      name: writer(i),
      email: `writer${i}-${tag}@example.com`,
      message: `Message number ${i} about ${tag}.`,
    });
  }

  await signIn(page);
  await page.getByRole("link", { name: /^Contact Forms( \(\d+ new\))?$/ }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(page).toHaveTitle("Contact Form Submissions · Bureau admin");
  await expect(
    page.getByRole("heading", { level: 1, name: "Contact Form Submissions" }),
  ).toBeVisible();
  for (const name of ["Name", "Email", "Message", "Status", "Actions"]) {
    await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
  }

  await page.getByRole("searchbox", { name: "Search contact messages" }).fill(tag);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(page.getByText("25 contact messages match the filter")).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(10);
  await expect(bodyRows(page).first()).toContainText(writer(25));
  await expect(pages(page)).toContainText("1 / 3");
  // Prev is not a link on the first page.
  await expect(pages(page).getByRole("link", { name: "Prev" })).toHaveCount(0);

  await pages(page).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pages(page)).toContainText("2 / 3");
  await expect(bodyRows(page).first()).toContainText(writer(15));
  await pages(page).getByRole("link", { name: "Next" }).click();
  await expect(pages(page)).toContainText("3 / 3");
  await expect(bodyRows(page)).toHaveCount(5);
  await expect(bodyRows(page).last()).toContainText(writer(1));
  await expect(pages(page).getByRole("link", { name: "Next" })).toHaveCount(0);
  await pages(page).getByRole("link", { name: "Prev" }).click();
  await expect(pages(page)).toContainText("2 / 3");

  // Two of them replied to, from the list's row selects.
  await page.goto(`${PAGE}?q=${encodeURIComponent(writer(7))}`);
  await expect(bodyRows(page)).toHaveCount(1);
  // One page only: no Prev / Next at all.
  await expect(pages(page)).toHaveCount(0);
  await setStatus(page, writer(7), "replied", javaScriptEnabled);
  await page.goto(`${PAGE}?q=${encodeURIComponent(writer(8))}`);
  await setStatus(page, writer(8), "replied", javaScriptEnabled);

  // The status filter (with the search): a GET form, in the URL.
  await page.goto(`${PAGE}?q=${tag}`);
  await page.getByLabel("Status", { exact: true }).selectOption("replied");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=replied/);
  await expect(page.getByText("2 contact messages match the filter")).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(bodyRows(page).nth(0)).toContainText(writer(8));
  await expect(bodyRows(page).nth(1)).toContainText(writer(7));
  await expect(pages(page)).toHaveCount(0);

  await page.getByLabel("Status", { exact: true }).selectOption("new");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("23 contact messages match the filter")).toBeVisible();
  await expect(pages(page)).toContainText("1 / 3");

  await page.goto(`${PAGE}?q=${tag}&status=read`);
  await expect(page.getByText("No contacts found.")).toBeVisible();
});

test("a message's own page: still new when opened, notes, status, delete", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const name = `Chloé ${tag}`;
  await sendContactMessage(
    request,
    { name, email: `chloe-${tag}@example.com`, message: "We bake.\nCan you help?" },
    { sourcePage: "/contact", utm_source: "flyer" },
  );
  await signIn(page, `${PAGE}?q=${tag}`);
  await page.getByRole("link", { name: `View message from ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Message from ${name}` })).toBeVisible();
  await expect(page.getByText("We bake.\nCan you help?")).toBeVisible();
  await expect(page.getByText("flyer")).toBeVisible();
  await expect(page.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("new");
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:chloe-${tag}@example.com?subject=Re%3A%20Your%20message`,
  );

  // Opening it changed nothing.
  await page.getByRole("link", { name: "All contact messages" }).click();
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("new");
  await page.getByRole("link", { name: `View message from ${name}` }).click();

  await page.getByLabel("Add a note").fill(`Sent prices ${tag}.`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expectFlash(page, "Note added.");
  const notes = page.getByRole("region", { name: "Internal notes" });
  await expect(notes.getByRole("listitem")).toContainText(`Sent prices ${tag}.`);
  await expect(notes.getByRole("listitem")).toContainText(E2E_ADMIN.email);

  await setStatus(page, name, "read", javaScriptEnabled);
  await page.reload();
  await expect(page.getByText(`Last changed by ${E2E_ADMIN.email}`)).toBeVisible();

  // Delete, after the question; back to the list.
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: `Delete Message from ${name}` }).click();
    await page
      .getByRole("dialog", { name: "Delete this contact message?" })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
  } else {
    await page.getByRole("link", { name: `Delete Message from ${name}` }).click();
    await page
      .getByRole("region", { name: "Delete this contact message?" })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
  }
  await expectFlash(page, "Contact message deleted.");
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByText("No contacts found.")).toBeVisible();
});

test(
  "a refused status is said in its row, and the row keeps the saved one",
  { tag: "@js-only" },
  async ({ page, request, javaScriptEnabled }, testInfo) => {
    test.skip(!javaScriptEnabled, "the row's message comes back to its fetcher");
    const tag = uniqueTag(testInfo);
    const name = `Tamper ${tag}`;
    await sendContactMessage(request, { name, email: `t-${tag}@example.com`, message: "Hi" });
    await signIn(page, `${PAGE}?q=${tag}`);
    const select = page.getByRole("combobox", { name: `Status of ${name}` });
    // A value the server does not know (as a forged post would send).
    await select.evaluate((element: HTMLSelectElement) => {
      const option = element.querySelector<HTMLOptionElement>('option[value="read"]');
      if (option) option.value = "archived";
    });
    await select.selectOption("archived");
    await expect(page.getByRole("alert")).toContainText(
      "Unknown status “archived”. Choose one of: new, read, replied.",
    );
    await page.reload();
    await expect(page.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("new");
  },
);

test("Export CSV downloads the messages of the filter", async ({ page, request }, testInfo) => {
  const tag = uniqueTag(testInfo);
  await sendContactMessage(request, {
    name: `Eve ${tag}`,
    email: `eve-${tag}@example.com`,
    message: `@SUM(A1:A9) ${tag}, "quoted"`,
  });
  await sendContactMessage(request, {
    name: `Zed ${tag}`,
    email: `z-${tag}@example.com`,
    message: "x",
  });
  await signIn(page, `${PAGE}?q=eve-${tag}&status=new`);
  const link = page.getByRole("link", { name: "Export CSV" });
  await expect(link).toHaveAttribute("href", `${PAGE}/export?status=new&q=eve-${tag}`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
  const lines = text.trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^"Received \(UTC\)","Name","Email","Message","Status","Source page"/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    `"Eve ${tag}","eve-${tag}@example.com","'@SUM(A1:A9) ${tag}, ""quoted""","new"`,
  );
});

test("an unknown message answers 404 inside the admin", async ({ page }) => {
  await signIn(page);
  for (const path of [`${PAGE}/0123456789abcdef01234567`, `${PAGE}/x`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("This contact message does not exist (it may have been deleted)."),
    ).toBeVisible();
  }
});
