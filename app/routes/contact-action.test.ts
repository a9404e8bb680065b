// The contact form's action (issue 4): stored as 'new' with where it came from; invalid input,
// spam and floods are refused without storing anything.
import { Collection } from "mongodb";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { CONTACT_SUCCESS } from "~/domain/contact-message";
import { settleNotifications } from "~/domain/lead-notification.server";
import { SPAM_MESSAGE, TOO_FAST_MESSAGE } from "~/lib/form-guard.server";
import { setMailTransport } from "~/lib/mailer.server";
import { formPost, runAction } from "../../tests/support/visitor-forms";
import { action, loader } from "./contact";

setMailTransport(null, () => {});
const valid = { name: "Sam Lee", email: "sam@example.com", message: "Do you build shops?" };

afterAll(async () => {
  await settleNotifications();
  await closeDatabase();
});
beforeEach(async () => {
  await settleNotifications();
  const { contacts, rateLimits } = await getCollections();
  await contacts.deleteMany({});
  await rateLimits.deleteMany({});
});

const count = async () => (await getCollections()).contacts.countDocuments({});

describe("contact action", () => {
  it("stores a message as 'new' and redirects to the success message without JavaScript", async () => {
    const res = await runAction(
      action,
      await formPost(
        "/contact",
        { ...valid, message: "  Do you build shops?\n\nThanks!  " },
        { headers: { Referer: "http://localhost/contact?utm_medium=email" } },
      ),
    );
    expect(res).toMatchObject({ status: 303, location: "/contact?sent=1#contact-form" });
    const [doc] = await (await getCollections()).contacts.find({}).toArray();
    expect(doc).toMatchObject({
      ...valid,
      message: "Do you build shops?\n\nThanks!",
      status: "new",
      // No hidden page field (an old page): the Referer of our own page stands in.
      source: { page: "/contact?utm_medium=email" },
    });
    const page = await loader({
      request: new Request("http://localhost/contact?sent=1"),
    } as Parameters<typeof loader>[0]);
    expect(page.sentMessage).toBe(CONTACT_SUCCESS);
  });

  it("answers the browser's JavaScript with the success message", async () => {
    const res = await runAction(action, await formPost("/contact", valid, { enhanced: true }));
    expect(res).toMatchObject({ status: 200, data: { ok: true, message: CONTACT_SUCCESS } });
    expect(await count()).toBe(1);
  });

  it.each([
    ["no name", { name: "" }, "name", "Name is required."],
    ["no e-mail", { email: "" }, "email", "Email is required."],
    [
      "an invalid e-mail",
      { email: "sam@@example" },
      "email",
      "Please enter a valid email address.",
    ],
    ["no message", { message: " " }, "message", "Message is required."],
  ])("refuses %s with 400 beside the field and stores nothing", async (_, change, field, error) => {
    const res = await runAction(action, await formPost("/contact", { ...valid, ...change }));
    expect(res.status).toBe(400);
    expect(res.data.result.error[field]).toEqual([error]);
    expect(await count()).toBe(0);
  });

  it("refuses spam and too-fast posts, and floods with 429", async () => {
    const spam = await runAction(
      action,
      await formPost("/contact", valid, { extra: { website: "buy now" } }),
    );
    expect([spam.status, spam.data.message]).toEqual([400, SPAM_MESSAGE]);
    const quick = await runAction(action, await formPost("/contact", valid, { filledForMs: 0 }));
    expect([quick.status, quick.data.message]).toEqual([400, TOO_FAST_MESSAGE]);
    expect(await count()).toBe(0);
    for (let i = 0; i < 10; i++) await runAction(action, await formPost("/contact", valid));
    const flood = await runAction(action, await formPost("/contact", valid));
    expect(flood.status).toBe(429);
    expect(await count()).toBe(10);
  });

  it("answers 503 with a message, not an error page, when the message cannot be stored", async () => {
    const insert = vi
      .spyOn(Collection.prototype, "insertOne")
      .mockRejectedValueOnce(new Error("disk full"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await runAction(action, await formPost("/contact", valid, { enhanced: true }));
      expect(res.status).toBe(503);
      expect(res.data.message).toBe(
        "We could not save this just now. Please try again in a moment.",
      );
      expect(res.data.result.initialValue).toMatchObject(valid);
    } finally {
      insert.mockRestore();
      log.mockRestore();
    }
  });
});
