// The newsletter signup on the home page (issue 4): one subscription per address, even under
// concurrency (the unique index decides), and the visitor is told they are already subscribed.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { ALREADY_SUBSCRIBED, SUBSCRIBE_SUCCESS } from "~/domain/newsletter";
import { formPost, runAction } from "../../tests/support/visitor-forms";
import { action, loader } from "./home";

afterAll(closeDatabase);
beforeEach(async () => {
  const { subscribers, rateLimits } = await getCollections();
  await subscribers.deleteMany({});
  await rateLimits.deleteMany({});
});

const subscribers = async () => (await getCollections()).subscribers.find({}).toArray();

describe("newsletter action", () => {
  it("subscribes an address once and says so; the same address again is 'already subscribed'", async () => {
    const first = await runAction(
      action,
      await formPost("/?index", { email: "Reader@Example.com" }, { enhanced: true }),
    );
    expect(first).toMatchObject({ status: 200, data: { ok: true, message: SUBSCRIBE_SUCCESS } });
    const again = await runAction(
      action,
      await formPost("/?index", { email: " reader@example.COM " }, { enhanced: true }),
    );
    expect(again).toMatchObject({ status: 200, data: { ok: true, message: ALREADY_SUBSCRIBED } });
    const stored = await subscribers();
    expect(stored.map((s) => s.email)).toEqual(["reader@example.com"]);
    expect(stored[0]?.createdAt).toBeInstanceOf(Date);
  });

  it("redirects a post without JavaScript back to the signup with the outcome", async () => {
    const first = await runAction(action, await formPost("/?index", { email: "a@example.com" }));
    expect(first).toMatchObject({ status: 303, location: "/?subscribed=1#newsletter" });
    const again = await runAction(action, await formPost("/?index", { email: "a@example.com" }));
    expect(again).toMatchObject({ status: 303, location: "/?subscribed=already#newsletter" });
    const home = (query: string) =>
      loader({ request: new Request(`http://localhost/${query}`) } as Parameters<typeof loader>[0]);
    expect((await home("?subscribed=1")).subscribedMessage).toBe(SUBSCRIBE_SUCCESS);
    expect((await home("?subscribed=already")).subscribedMessage).toBe(ALREADY_SUBSCRIBED);
    expect((await home("")).subscribedMessage).toBeNull();
  });

  it("keeps one subscription when the same address signs up 25 times at once", async () => {
    const posts = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        formPost("/?index", { email: "race@example.com" }, { enhanced: true, ip: `10.1.0.${i}` }),
      ),
    );
    const results = await Promise.all(posts.map((args) => runAction(action, args)));
    expect(results.every((r) => r.status === 200 && r.data.ok)).toBe(true);
    expect(results.filter((r) => r.data.message === SUBSCRIBE_SUCCESS)).toHaveLength(1);
    expect(results.filter((r) => r.data.message === ALREADY_SUBSCRIBED)).toHaveLength(24);
    expect(await subscribers()).toHaveLength(1);
  });

  it.each([
    ["no e-mail", "", "Email is required."],
    ["an invalid e-mail", "not-an-address", "Please enter a valid email address."],
  ])("refuses %s with 400 and stores nothing", async (_, email, error) => {
    const res = await runAction(action, await formPost("/?index", { email }));
    expect(res.status).toBe(400);
    expect(res.data.result.error.email).toEqual([error]);
    expect(await subscribers()).toHaveLength(0);
  });

  it("refuses a honeypot hit and a too-fast post", async () => {
    const bot = await runAction(
      action,
      await formPost("/?index", { email: "bot@example.com" }, { extra: { website: "x" } }),
    );
    const quick = await runAction(
      action,
      await formPost("/?index", { email: "quick@example.com" }, { filledForMs: 100 }),
    );
    expect([bot.status, quick.status]).toEqual([400, 400]);
    expect(await subscribers()).toHaveLength(0);
  });
});
