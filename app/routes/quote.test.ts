// The quote request action (issue 4 "Done when"): invalid input stores nothing and answers 400;
// 200 concurrent valid submissions store exactly 200; a honeypot hit and a too-fast post are
// refused; the rate limit answers 429 with a clear message; what is stored.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { settleNotifications } from "~/domain/lead-notification.server";
import { QUOTE_SUCCESS } from "~/domain/quote";
import { SPAM_MESSAGE, TOO_FAST_MESSAGE } from "~/lib/form-guard.server";
import { setMailTransport } from "~/lib/mailer.server";
import { formPost, runAction } from "../../tests/support/visitor-forms";
import { action, loader } from "./quote";

const valid = {
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "+1 (555) 123-4567",
  service: "SEO",
  message: "We would like to rank for our product names.",
};

const quiet: string[] = [];
setMailTransport(null, (line) => quiet.push(line));

afterAll(async () => {
  await settleNotifications();
  await closeDatabase();
});
beforeEach(async () => {
  await settleNotifications();
  const { quotes, rateLimits } = await getCollections();
  await quotes.deleteMany({});
  await rateLimits.deleteMany({});
});

const count = async () => (await getCollections()).quotes.countDocuments({});

describe("quote action", () => {
  it("stores a valid request as pending, with where it came from, and redirects without JavaScript", async () => {
    const res = await runAction(
      action,
      await formPost("/quote", {
        ...valid,
        name: "  Jane Doe  ",
        sourcePage: "/services?utm_source=news",
        sourceReferrer: "https://news.example/post",
        utm_source: "news",
        utm_campaign: "spring",
      }),
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe(
      `/quote?sent=1&from=${encodeURIComponent("/services?utm_source=news")}`,
    );
    const { quotes } = await getCollections();
    const [doc] = await quotes.find({}).toArray();
    expect(doc).toMatchObject({
      name: "Jane Doe",
      email: valid.email,
      phone: valid.phone,
      service: "SEO",
      message: valid.message,
      status: "pending",
      source: {
        page: "/services?utm_source=news",
        referrer: "https://news.example/post",
        utm: { source: "news", campaign: "spring" },
      },
    });
    expect(doc?.createdAt).toBeInstanceOf(Date);
  });

  it("answers the browser's JavaScript with data and a cleared form instead of a redirect", async () => {
    const res = await runAction(action, await formPost("/quote", valid, { enhanced: true }));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ ok: true, message: QUOTE_SUCCESS });
    // conform empties the form when it gets this reply.
    expect(res.data.result).toEqual({ initialValue: null });
    expect(await count()).toBe(1);
  });

  it.each([
    ["a missing name", { name: "" }, "name", "Name is required."],
    ["a blank name", { name: "   " }, "name", "Name is required."],
    ["a name on two lines", { name: "Jane\nBcc: x@y.z" }, "name", "Name must fit on one line."],
    [
      "a name over 100 characters",
      { name: "x".repeat(101) },
      "name",
      "Name must be at most 100 characters.",
    ],
    ["a missing e-mail", { email: "" }, "email", "Email is required."],
    ["an invalid e-mail", { email: "jane@" }, "email", "Please enter a valid email address."],
    [
      "an e-mail over 254 characters",
      { email: `${"a".repeat(250)}@x.io` },
      "email",
      "Email must be at most 254 characters.",
    ],
    [
      "letters in the phone",
      { phone: "call me" },
      "phone",
      "Please enter a valid phone number (digits, spaces and + ( ) - .).",
    ],
    [
      "too few digits",
      { phone: "12-3" },
      "phone",
      "Please enter a valid phone number (6 to 20 digits).",
    ],
    ["a service not on the list", { service: "Hacking" }, "service", "Please select a service."],
    ["no service", { service: "" }, "service", "Please select a service."],
    ["a missing message", { message: "" }, "message", "Message is required."],
    [
      "a message over 5,000 characters",
      { message: "x".repeat(5001) },
      "message",
      "Message must be at most 5,000 characters.",
    ],
  ])(
    "refuses %s with 400, the error beside the field, the values kept and nothing stored",
    async (_, change, field, error) => {
      const res = await runAction(action, await formPost("/quote", { ...valid, ...change }));
      expect(res.status).toBe(400);
      expect(res.data.ok).toBe(false);
      expect(res.data.result.error[field]).toEqual([error]);
      // conform leaves empty fields out of the values it sends back.
      const kept = Object.fromEntries(
        Object.entries({ ...valid, ...change }).filter(([, value]) => value !== ""),
      );
      expect(res.data.result.initialValue).toMatchObject(kept);
      expect(await count()).toBe(0);
    },
  );

  it("answers a body it cannot read with 400", async () => {
    const request = new Request("http://localhost/quote", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "not multipart at all",
    });
    const args = await formPost("/quote", valid);
    const res = await runAction(action, { ...args, request });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("The form could not be read. Please try again.");
    expect(await count()).toBe(0);
  });

  it("refuses a honeypot hit, a post without a token and a forged token, storing nothing", async () => {
    const attempts: Record<string, string>[] = [
      { website: "http://spam.example" },
      { formToken: "" },
      { formToken: "v1.1700000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    ];
    for (const extra of attempts) {
      const res = await runAction(action, await formPost("/quote", valid, { extra }));
      expect(res.status).toBe(400);
      expect(res.data.message).toBe(SPAM_MESSAGE);
      expect(res.data.result.error[""]).toEqual([SPAM_MESSAGE]);
      // What the visitor typed comes back, so a person can send it again.
      expect(res.data.result.initialValue).toMatchObject(valid);
    }
    expect(await count()).toBe(0);
  });

  it("refuses a post sent sooner after the page than a person could fill the form", async () => {
    const res = await runAction(action, await formPost("/quote", valid, { filledForMs: 300 }));
    expect(res.status).toBe(400);
    expect(res.data.message).toBe(TOO_FAST_MESSAGE);
    expect(await count()).toBe(0);
  });

  it("limits each address to 10 requests an hour with a 429 and a clear message", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await runAction(action, await formPost("/quote", valid, { ip: "198.51.100.7" }));
      expect(res.status).toBe(303);
    }
    const refused = await runAction(
      action,
      await formPost("/quote", valid, { ip: "198.51.100.7" }),
    );
    expect(refused.status).toBe(429);
    expect(refused.data.message).toMatch(
      /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers?.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data.result.initialValue).toMatchObject(valid);
    // Another address is not affected.
    const other = await runAction(action, await formPost("/quote", valid, { ip: "198.51.100.8" }));
    expect(other.status).toBe(303);
    expect(await count()).toBe(11);
  });

  it("stores exactly 200 of 200 concurrent valid requests", async () => {
    const posts = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        formPost("/quote", { ...valid, name: `Visitor ${i}` }, { ip: `10.0.${i >> 4}.${i}` }),
      ),
    );
    const results = await Promise.all(posts.map((args) => runAction(action, args)));
    expect(results.filter((r) => r.status === 303)).toHaveLength(200);
    const { quotes } = await getCollections();
    const names = await quotes.distinct("name");
    expect(names).toHaveLength(200);
    expect(await count()).toBe(200);
  });
});

describe("quote action, repeated and odd posts", () => {
  it("stores a double-clicked post once and confirms both", async () => {
    const args = await formPost("/quote", valid);
    const body = await args.request.clone().text();
    const again = {
      ...args,
      request: new Request(args.request.url, {
        method: "POST",
        headers: args.request.headers,
        body,
      }),
    };
    const [a, b] = await Promise.all([runAction(action, args), runAction(action, again)]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(await count()).toBe(1);
    // The same words from a new page load are a new request.
    expect(
      (await runAction(action, await formPost("/quote", valid, { filledForMs: 20_000 }))).status,
    ).toBe(303);
    expect(await count()).toBe(2);
  });

  it("ignores field names outside the form (no giant arrays, no deep nesting), with a 400", async () => {
    for (const [name, value] of [
      ["a[99999999]", "1"],
      [`a${"[0]".repeat(6000)}`, "1"],
      [`a${".b".repeat(6000)}`, "1"],
      ["name[$ne]", ""],
    ]) {
      const started = Date.now();
      const res = await runAction(
        action,
        await formPost("/quote", { ...valid, name: "", [name as string]: value as string }),
      );
      expect(res.status).toBe(400);
      expect(res.data.result.error.name).toEqual(["Name is required."]);
      expect(JSON.stringify(res.data).length).toBeLessThan(2000);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect(await count()).toBe(0);
  });

  it("gives back the posted token and the source with a refusal, but not an expired token", async () => {
    const args = await formPost("/quote", {
      ...valid,
      email: "nope",
      sourcePage: "/services?utm_source=x",
      utm_source: "x",
    });
    const posted = (await args.request.clone().formData()).get("formToken");
    const res = await runAction(action, args);
    expect(res.status).toBe(400);
    expect(res.data.formToken).toBe(posted);
    expect(res.data.source).toEqual({ page: "/services?utm_source=x", utm: { source: "x" } });
    const quick = await runAction(action, await formPost("/quote", valid, { filledForMs: 10 }));
    expect(quick.data.formToken).toMatch(/^v1\./);
    const old = await runAction(
      action,
      await formPost("/quote", valid, { filledForMs: 25 * 60 * 60 * 1000 }),
    );
    expect(old.status).toBe(400);
    expect(old.data.formToken).toBeUndefined();
  });
});

describe("quote page loader", () => {
  const load = (query: string) =>
    loader({ request: new Request(`http://localhost/quote${query}`) } as Parameters<
      typeof loader
    >[0]);

  it("offers the way back to a page of this site only", async () => {
    expect((await load("?from=%2Fservices")).from).toBe("/services");
    expect((await load("?from=https%3A%2F%2Fevil.example")).from).toBeNull();
    expect((await load("?from=%2F%2Fevil.example")).from).toBeNull();
    expect((await load("?from=%2Fquote%3Fsent%3D1")).from).toBeNull();
    expect((await load("")).from).toBeNull();
  });

  it("shows the success message after the redirect", async () => {
    expect((await load("?sent=1")).sentMessage).toBe(QUOTE_SUCCESS);
    expect((await load("")).sentMessage).toBeNull();
  });
});
