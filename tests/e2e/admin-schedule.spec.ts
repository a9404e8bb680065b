// Scheduling in the editor (issue 24), in a browser with JavaScript on and off: "Publish at" in
// the site's time zone (named beside the field), a time in the past refused next to the field,
// a future one stored with a flash saying when (in the zone), the list row's "Scheduled" badge,
// and Cancel schedule. On the content editors' server; the far-future schedule is cancelled,
// so nothing is published by it. The job that carries a schedule out is
// schedule.server.spec.ts's subject.
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { test } from "./content-server";
import { expect } from "./fixtures";

test("schedules an FAQ's publishing from its editor, refuses a past time, and cancels", async ({
  page,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const question = `When is it ${tag}?`;
  await signIn(page, "/admin/dashboard/faq?new");
  await page.getByLabel("Question", { exact: true }).fill(question);
  await page.getByLabel("Answer", { exact: true }).fill("At a set time.");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByRole("heading", { name: "Schedule" })).toBeVisible();

  const publishAt = page.getByLabel("Publish at (UTC)", { exact: true });
  await publishAt.fill("2020-01-02T10:00");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(publishAt).toHaveAccessibleDescription("Choose a time in the future.");
  await expect(publishAt).toHaveValue("2020-01-02T10:00");

  const year = new Date().getUTCFullYear() + 1;
  await publishAt.fill(`${year}-03-04T09:30`);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expectFlash(page, `Scheduled. Publishes on 4 Mar ${year}, 09:30 (UTC).`);
  await expect(page.getByText(`Publishes on 4 Mar ${year}, 09:30 (UTC)`).first()).toBeVisible();
  await expect(page.getByLabel("Publish at (UTC)", { exact: true })).toHaveValue(
    `${year}-03-04T09:30`,
  );
  if (testInfo.project.name === "js-enabled") expect(await seriousAxeViolations(page)).toEqual([]);

  // The list says so beside the title. Searched for it: the FAQs keep their order, so a new
  // one is last and, once other tests on this server have added theirs, past the first page.
  const editor = page.url();
  const listRow = async () => {
    await page.goto(`/admin/dashboard/faq?q=${encodeURIComponent(tag)}`);
    const row = page.getByRole("row").filter({ hasText: question });
    await expect(row).toHaveCount(1);
    return row;
  };
  await expect(
    (await listRow()).getByText(`Scheduled: Publishes on 4 Mar ${year}, 09:30 (UTC)`),
  ).toBeVisible();

  await page.goto(editor);
  await page.getByRole("button", { name: "Cancel schedule" }).click();
  await expectFlash(page, "Schedule cancelled.");
  await expect((await listRow()).getByText(/^Scheduled/)).toHaveCount(0);
});
