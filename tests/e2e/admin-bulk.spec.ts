// Bulk select on the admin lists (components/admin/bulk-bar.tsx), with JavaScript on and off:
// tick rows (each checkbox labelled "Select <subject>"), press an action in the bar, answer ONE
// confirmation (a dialog with JavaScript, the server's step without), and the flash counts
// what was done. A kit list (FAQs: Delete selected), the internships (Mark inactive) and a lead
// list (quote requests: Change status to …). On a server of the spec's own: it deletes and
// changes records other specs count. Records are created with a unique tag and the lists
// searched for it, so the rows are this test's alone.
import type { Page } from "@playwright/test";
import { faqs } from "~/content/faqs";
import { internships } from "~/content/internships";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { formValues } from "../support/content-types";
import { LEAD_SERVER_ENV, sendQuote } from "../support/leads-e2e";
import { expect, hydrated } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const test = testWithOwnServer(LEAD_SERVER_ENV);
test.describe.configure({ mode: "default", timeout: 120_000 });

/** Adds a record through the admin screen's own save post (the form's fields, over HTTP). */
async function addThroughAdmin(page: Page, path: string, values: Record<string, unknown>) {
  const response = await page.request.post(path, {
    form: { intent: "save", ...formValues(values) },
    maxRedirects: 0,
  });
  expect(response.status(), `saving at ${path}`).toBe(302);
}

const bar = (page: Page, many: string) =>
  page.getByRole("form", { name: `Bulk actions on the selected ${many}` });

/**
 * Presses `action` in the bar and answers its one confirmation: the dialog with JavaScript, the
 * step the server answers without. Checks the question and the names it lists first.
 */
async function confirmOnce(
  page: Page,
  options: { many: string; action: string; question: string; confirm: string; names: string[] },
  javaScriptEnabled: boolean,
) {
  const button = bar(page, options.many).getByRole("button", { name: options.action });
  if (javaScriptEnabled) await hydrated(button);
  await button.click();
  const box = javaScriptEnabled
    ? page.getByRole("dialog", { name: options.question })
    : page.getByRole("region", { name: options.question });
  await expect(box).toBeVisible();
  // The records in the table's order (newest first, or the order staff set): as a set here.
  await expect(box.getByRole("listitem")).toHaveCount(options.names.length);
  expect((await box.getByRole("listitem").allTextContents()).sort()).toEqual(
    [...options.names].sort(),
  );
  if (javaScriptEnabled) {
    expect(await seriousAxeViolations(page), "the dialog").toEqual([]);
  }
  // Nothing is written before the one confirmation.
  await box.getByRole("button", { name: options.confirm }).click();
}

test("delete selected FAQs behind one confirmation", async ({ page, javaScriptEnabled }, info) => {
  const tag = uniqueTag(info);
  const PAGE = faqs.admin.path;
  await signIn(page);
  const questions = [`One ${tag}?`, `Two ${tag}?`, `Three ${tag}?`] as const;
  for (const question of questions) {
    await addThroughAdmin(page, PAGE, { ...faqs.example, question });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${PAGE}?q=${tag}`);
  const list = page.getByRole("table");
  await expect(list.getByRole("row")).toHaveCount(4);

  // Nothing ticked: the bar says what to do (the server's 400 without JavaScript).
  const remove = bar(page, "FAQs").getByRole("button", { name: "Delete selected" });
  if (javaScriptEnabled) await hydrated(remove);
  await remove.click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Select at least one FAQ." }),
  ).toBeVisible();

  // The checkboxes are reached by the keyboard and named by their row.
  const first = page.getByRole("checkbox", { name: `Select ${questions[2]}` });
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await page.getByRole("checkbox", { name: `Select ${questions[0]}` }).check();
  if (javaScriptEnabled) {
    await expect(page.getByText("2 FAQs selected")).toBeVisible();
    // Select all on this page, and back.
    const all = page.getByRole("checkbox", { name: "Select all on this page" });
    await all.check();
    await expect(page.getByText("3 FAQs selected")).toBeVisible();
    await all.uncheck();
    await expect(page.getByText("No FAQs selected")).toBeVisible();
    await first.check();
    await page.getByRole("checkbox", { name: `Select ${questions[0]}` }).check();
  }
  if (javaScriptEnabled) expect(await seriousAxeViolations(page), "the bar").toEqual([]);

  await confirmOnce(
    page,
    {
      many: "FAQs",
      action: "Delete selected",
      question: "Move 2 FAQs to the trash?",
      confirm: "Delete 2 FAQs",
      names: [questions[2], questions[0]],
    },
    javaScriptEnabled,
  );
  await expectFlash(page, "2 FAQs moved to the trash.");
  await expect(list.getByRole("row")).toHaveCount(2);
  const kept = page.getByRole("checkbox", { name: `Select ${questions[1]}` });
  await expect(kept).toBeVisible();
  // The ticks went with the batch.
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(0);

  // The step without JavaScript, axe-checked with JavaScript on too: the bar's form sent as a
  // plain browser post (what a browser without JavaScript does), then Cancel writes nothing.
  await kept.check();
  if (javaScriptEnabled) {
    await bar(page, "FAQs").evaluate((form: HTMLFormElement) => {
      const action = Object.assign(document.createElement("input"), { type: "hidden" });
      action.name = "bulk";
      action.value = "delete";
      form.append(action);
      form.submit();
    });
  } else {
    await bar(page, "FAQs").getByRole("button", { name: "Delete selected" }).click();
  }
  const step = page.getByRole("region", { name: "Move 1 FAQ to the trash?" });
  await expect(step).toBeVisible();
  await expect(step.getByRole("listitem")).toHaveText([questions[1]]);
  if (javaScriptEnabled) expect(await seriousAxeViolations(page), "the step").toEqual([]);
  await step.getByRole("link", { name: "Cancel" }).click();
  await expect(step).toBeHidden();
  await expect(kept).toBeVisible();
});

test("mark the selected internships inactive", async ({ page, javaScriptEnabled }, info) => {
  const tag = uniqueTag(info);
  const PAGE = internships.admin.path;
  await signIn(page);
  const titles = [`Design intern ${tag}`, `Data intern ${tag}`] as const;
  for (const title of titles) {
    await addThroughAdmin(page, PAGE, { ...internships.example, title, status: "Open" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${PAGE}?q=${tag}`);
  const allBox = page.getByRole("checkbox", { name: "Select all on this page" });
  if (javaScriptEnabled) await hydrated(allBox);
  await allBox.check();
  if (!javaScriptEnabled) {
    // Without JavaScript "select all" cannot tick the rows: the server reads it as every row.
    await expect(page.getByRole("checkbox", { name: `Select ${titles[0]}` })).not.toBeChecked();
  }
  await confirmOnce(
    page,
    {
      many: "internships",
      action: "Mark inactive",
      question: "Mark 2 internships inactive?",
      confirm: "Mark 2 internships inactive",
      names: [titles[1], titles[0]],
    },
    javaScriptEnabled,
  );
  await expectFlash(page, "2 internships marked inactive.");
  for (const title of titles) {
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByRole("button", { name: /Toggle Active/ })).toHaveAccessibleName(
      /now inactive/,
    );
  }
});

test("set the status of the selected quote requests", async ({
  page,
  request,
  javaScriptEnabled,
}, info) => {
  const tag = uniqueTag(info);
  const PAGE = "/admin/dashboard/quotes";
  const names = [`Ana ${tag}`, `Ben ${tag}`, `Cy ${tag}`] as const;
  for (const name of names) {
    await sendQuote(request, { name, email: `${tag}@example.com`, message: "A shop." });
  }
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${PAGE}?q=${tag}`);
  // Newest first: Cy, Ben, Ana. Tick Ana and Cy.
  for (const name of [names[2], names[0]]) {
    const box = page.getByRole("checkbox", { name: `Select quote request from ${name}` });
    if (javaScriptEnabled) await hydrated(box);
    await box.check();
  }
  await bar(page, "quote requests").getByLabel("Change status to").selectOption("completed");
  await confirmOnce(
    page,
    {
      many: "quote requests",
      action: "Change status",
      question: "Set the status of 2 quote requests to completed?",
      confirm: "Set 2 quote requests to completed",
      names: names
        .filter((_, i) => i !== 1)
        .reverse()
        .map((n) => `quote request from ${n}`),
    },
    javaScriptEnabled,
  );
  await expectFlash(page, "Status set to completed for 2 quote requests.");
  const statusOf = (name: string) => page.getByLabel(`Status of ${name}`, { exact: true });
  await expect(statusOf(names[0])).toHaveValue("completed");
  await expect(statusOf(names[2])).toHaveValue("completed");
  await expect(statusOf(names[1])).toHaveValue("pending");
});
