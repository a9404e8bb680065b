// Issue 9, suite 7 (database outage), in a browser: with the database stopped, public pages
// answer 503 with the friendly page, forms say the submission failed and keep what was typed
// (with JavaScript in the form itself; without it on a page that gives the text back, ready to
// send again), nothing crashes; when the database returns the site recovers without a restart
// and the kept text can be sent. Its own database process, killed and restarted on its folder.
import { expect, test } from "@playwright/test";
import { eventually, specProcesses, tempDir } from "../support/process";

const processes = specProcesses(test);

test("forms during an outage keep what was typed; the site and the forms recover", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dbDir = tempDir("forms-outage");
  let { db, port: dbPort, uri } = await processes.db(dbDir, { timeoutMs: 30_000 });
  const { app, url: base } = await processes.app(
    { MONGODB_URI: uri("bureau_outage"), FORM_MIN_FILL_SECONDS: "0" },
    30_000,
  );

  const withJs = await browser.newPage({ baseURL: base });
  const withoutJsContext = await browser.newContext({ baseURL: base, javaScriptEnabled: false });
  const withoutJs = await withoutJsContext.newPage();
  const message = "Typed while the database was away.\nSecond line.";
  for (const page of [withJs, withoutJs]) {
    await page.goto("/contact");
    const form = page.locator("#contact-form form");
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Email").fill(`outage-${Date.now()}@example.com`);
    await form.getByLabel("Message").fill(message);
  }

  await db.stop("SIGKILL");
  // Once the driver has noticed (its heartbeat, every 2 s), every request meets the outage gate
  // in app/server.ts; before that a request fails inside React Router with the same 503 page.
  await app.waitFor(/\[db\] Database unreachable/);
  await eventually(async () => (await fetch(`${base}/`)).status === 503);

  // A public page: the friendly 503.
  const down = await fetch(`${base}/services`, { headers: { accept: "text/html" } });
  expect(down.status).toBe(503);
  expect(await down.text()).toContain("We'll be right back");

  // With JavaScript: the form says it failed, in place, and keeps every value.
  const form = withJs.locator("#contact-form form");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toHaveText("Something went wrong");
  await expect(form.getByLabel("Message")).toHaveValue(message);
  await expect(withJs.getByRole("heading", { level: 1 })).toBeVisible();

  // Without JavaScript: a page that says so and gives the text back, ready to send again.
  await withoutJs
    .locator("#contact-form form")
    .getByRole("button", { name: "Send Message" })
    .click();
  await expect(withoutJs.getByRole("heading", { level: 1 })).toHaveText("Your form was not sent");
  await expect(withoutJs.getByLabel("Message")).toHaveValue(message);
  await expect(withoutJs.getByLabel("Name")).toHaveValue("Grace Hopper");
  await expect(withoutJs.locator("input[name=website]")).toHaveCount(1);
  expect(app.child.exitCode).toBeNull();

  // The database comes back: the site recovers by itself, and "Send again" sends it.
  ({ db } = await processes.db(dbDir, { port: dbPort, timeoutMs: 30_000 }));
  await eventually(async () => (await fetch(`${base}/`)).status === 200);
  await withoutJs.getByRole("button", { name: "Send again" }).click();
  await expect(
    withoutJs.getByText("Message sent successfully! We will get back to you soon."),
  ).toBeVisible();

  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Message sent successfully! We will get back to you soon.",
  );
  expect(app.child.exitCode).toBeNull();
  await withoutJsContext.close();
});
