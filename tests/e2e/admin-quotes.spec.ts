// Manage Quote Requests (issue 7) with JavaScript on and off, on a server of this
// spec's own (it stores and deletes quote requests, and admin-dashboard.spec.ts counts the demo
// ones on the shared server). Requests arrive through the public quote form.
// - the status select: sent on change with JavaScript (disabled meanwhile, the old value kept
//   until the server confirms), a Save button without;
// - the status filter and the search in the URL; Delete after 'Delete this quote request?';
// - a request's own page: where the visitor came from, the reply link, notes;
// - Export CSV of the filter, formula prefixes neutralised;
// - 'No quote requests found.', 404 for an unknown request, no serious axe issue.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { E2E_ADMIN } from "../support/constants";
import { LEAD_SERVER_ENV, sendQuote } from "../support/leads-e2e";
import { expect as baseExpect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

// Slow machines running many suites at once: sign-in hashes with argon2 and every test sends
// its leads through the public forms first.
const expect = baseExpect.configure({ timeout: 15_000 });

const PAGE = "/admin/dashboard/quotes";
const CONFIRM = "Delete this quote request?";

const test = testWithOwnServer(LEAD_SERVER_ENV);
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default", timeout: 120_000 });

const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test("change a quote's status, filter by it, and delete one", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const ana = `Ana ${tag}`;
  const ben = `Ben ${tag}`;
  await sendQuote(request, { name: ana, email: `ana-${tag}@example.com`, message: "A shop." });
  await sendQuote(request, { name: ben, email: `ben-${tag}@example.com`, message: "An app." });

  // A laptop: the quote list's seven columns, none cut off by the table's sideways scroll.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.getByRole("link", { name: /^Quotes( \(\d+ new\))?$/ }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(page).toHaveTitle("Manage Quote Requests · Bureau admin");
  await expect(
    page.getByRole("heading", { level: 1, name: "Manage Quote Requests" }),
  ).toBeVisible();
  for (const name of ["Name", "Email", "Phone", "Service", "Message", "Status", "Actions"]) {
    await expect(page.getByRole("columnheader", { name, exact: true })).toBeInViewport({
      ratio: 1,
    });
  }

  // The search box (a GET form): the URL carries it. With JavaScript the list loads in place,
  // 'Loading...' meanwhile (the answer held back to see it).
  await page.getByRole("searchbox", { name: "Search quote requests" }).fill(tag);
  let load: () => void = () => {};
  let loaded: Promise<void> = Promise.resolve();
  if (javaScriptEnabled) {
    const held = new Promise<void>((resolve) => {
      load = resolve;
    });
    let sent: () => void = () => {};
    loaded = new Promise<void>((resolve) => {
      sent = resolve;
    });
    await page.route(`**${PAGE}.data*`, async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      await held;
      await route.continue();
      sent();
    });
  }
  await page.getByRole("button", { name: "Filter" }).click();
  if (javaScriptEnabled) {
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toHaveText(
      "Loading...",
    );
    load();
    await loaded;
    await page.unroute(`**${PAGE}.data*`);
  }
  await expect(page).toHaveURL(new RegExp(`\\?(.*&)?q=${tag}`));
  await expect(page.getByText("2 quote requests match the filter")).toBeVisible();
  // Newest first.
  await expect(page.getByRole("row").nth(1)).toContainText(ben);
  await expect(page.getByRole("row").nth(2)).toContainText(ana);

  const status = page.getByRole("combobox", { name: `Status of ${ana}` });
  await expect(status).toHaveValue("pending");
  if (javaScriptEnabled) {
    await expect(page.getByRole("button", { name: `Save status of ${ana}` })).toHaveCount(0);
    // Hold the post a moment to see the row while it updates.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${PAGE}*`, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await status.selectOption("completed");
    await expect(status).toBeDisabled();
    // No optimistic change: the server has not confirmed yet.
    await expect(status).toHaveValue("pending");
    release();
    await expect(status).toBeEnabled();
    await expect(status).toHaveValue("completed");
    await page.unroute(`**${PAGE}*`);
    // Still there after a reload: the server stored it.
    await page.reload();
    await expect(page.getByRole("combobox", { name: `Status of ${ana}` })).toHaveValue("completed");
  } else {
    await status.selectOption("completed");
    await page.getByRole("button", { name: `Save status of ${ana}` }).click();
    await expectFlash(page, "Status set to completed.");
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
    await expect(page.getByRole("combobox", { name: `Status of ${ana}` })).toHaveValue("completed");
  }

  // Filter by status: only Ana is completed.
  await page.getByLabel("Status", { exact: true }).selectOption("completed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByText("1 quote request matches the filter")).toBeVisible();
  await expect(row(page, ana)).toHaveCount(1);
  await expect(row(page, ben)).toHaveCount(0);

  // Delete Ben, after the SPEC's question.
  await page.goto(`${PAGE}?q=${tag}`);
  const deleteControl = javaScriptEnabled
    ? page.getByRole("button", { name: `Delete Quote request from ${ben}` })
    : page.getByRole("link", { name: `Delete Quote request from ${ben}` });
  await deleteControl.click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&delete=[0-9a-f]{24}$`));
    await page
      .getByRole("region", { name: CONFIRM })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
  }
  await expectFlash(page, "Quote request deleted.");
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(row(page, ben)).toHaveCount(0);
  await expect(row(page, ana)).toHaveCount(1);

  // Nothing left to find.
  await page.goto(`${PAGE}?q=${tag}&status=rejected`);
  await expect(page.getByText("No quote requests found.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filter" }).click();
  await expect(page).toHaveURL(PAGE);
});

test("a request's own page: where it came from, reply link, notes", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const name = `Greta ${tag}`;
  const email = `greta+${tag}@example.com`;
  await sendQuote(
    request,
    { name, email, service: "Web Development", message: "Line one.\nLine two & more." },
    {
      sourcePage: "/services?utm_source=newsletter",
      sourceReferrer: "https://search.example/results?q=agency",
      utm_source: "newsletter",
      utm_campaign: `spring-${tag}`,
    },
  );
  await signIn(page, `${PAGE}?q=${tag}`);
  await page.getByRole("link", { name: `View quote request from ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}/[0-9a-f]{24}\\?q=${tag}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: `Quote request from ${name}` }),
  ).toBeVisible();
  await expect(page.getByText("Line one.\nLine two & more.")).toBeVisible();
  await expect(page.getByText("/services?utm_source=newsletter")).toBeVisible();
  await expect(page.getByText("https://search.example/results?q=agency")).toBeVisible();
  await expect(page.getByText(`spring-${tag}`)).toBeVisible();
  const reply = page.getByRole("link", { name: "Reply by e-mail" });
  await expect(reply).toHaveAttribute(
    "href",
    `mailto:${encodeURIComponent(email).replace("%40", "@")}?subject=${encodeURIComponent("Re: Your quote request (Web Development)")}`,
  );

  await expect(page.getByText("No notes yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write the note first.")).toBeVisible();
  await page.getByLabel("Add a note").fill(`Called back ${tag}; sending a proposal.`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expectFlash(page, "Note added.");
  const notes = page.getByRole("region", { name: "Internal notes" });
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes.getByRole("listitem")).toContainText(
    `Called back ${tag}; sending a proposal.`,
  );
  await expect(notes.getByRole("listitem")).toContainText(E2E_ADMIN.email);
  await expect(page.getByLabel("Add a note")).toHaveValue("");

  // This server has no mail server: staff read that notifications are off, never the setting's
  // name. The e-mail is tried after the request was answered, so its outcome may need a reload.
  const notification = page
    .locator("dt", { hasText: /^Notification$/ })
    .locator("xpath=following-sibling::dd");
  await expect(async () => {
    await page.reload();
    await expect(notification).toContainText("Not e-mailed: e-mail notifications are off", {
      timeout: 1_000,
    });
  }).toPass();
  await expect(notification).toContainText("Whoever runs the site's server turns them on");
  await expect(page.locator("main")).not.toContainText("SMTP_URL");

  // The way back keeps the list's search.
  await page.getByRole("link", { name: "All quote requests" }).click();
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
});

test("Export CSV downloads the filtered requests, formulas neutralised", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  await sendQuote(request, {
    name: `Mallory ${tag}`,
    email: `mallory-${tag}@example.com`,
    message: `=HYPERLINK("http://evil.example","${tag}")`,
  });
  await sendQuote(request, { name: `Other ${tag}x`, email: `o-${tag}@example.com`, message: "Hi" });
  await signIn(page, `${PAGE}?q=mallory-${tag}`);
  const link = page.getByRole("link", { name: "Export CSV" });
  await expect(link).toHaveAttribute("href", `${PAGE}/export?q=mallory-${tag}`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^quote-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) as string, "utf8");
  const lines = text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toMatch(
    /^"Received \(UTC\)","Name","Email","Phone","Service","Message","Status"/,
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"Mallory ${tag}"`);
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""${tag}"")"`);
  expect(lines[1]).toContain('"pending"');
});

test("an unknown request answers 404 inside the admin", async ({ page }) => {
  await signIn(page);
  for (const path of [`${PAGE}/0123456789abcdef01234567`, `${PAGE}/not-an-id`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("This quote request does not exist (it may have been deleted)."),
    ).toBeVisible();
  }
});

test(
  "no serious accessibility issue on the list and a request, phone and desktop",
  { tag: "@js-only" },
  async ({ page, request, javaScriptEnabled }, testInfo) => {
    test.skip(!javaScriptEnabled, "axe runs in the page's JavaScript");
    const tag = uniqueTag(testInfo);
    await sendQuote(request, {
      name: `Axe ${tag}`,
      email: `axe-${tag}@example.com`,
      message: "Hi",
    });
    await signIn(page, `${PAGE}?q=${tag}`);
    await page.getByRole("link", { name: `View quote request from Axe ${tag}` }).click();
    const detail = page.url();
    // The list's rows become cards on a phone; the request's page is the same at every width
    // (tests/support/axe.ts).
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of width === 1280 ? [PAGE, detail] : [PAGE]) {
        await page.goto(path);
        expect(await seriousAxeViolations(page), `${width} ${path}`).toEqual([]);
      }
    }
  },
);
