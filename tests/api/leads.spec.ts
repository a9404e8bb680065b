// What the three public lead posts share, proved once over all of them: POST /api/contact,
// /api/quotes and /api/subscribe take no token and carry their form's protection (the honeypot,
// the schema's messages, operators refused, the per-address limit shared with the form), while
// the lists and records behind them (/api/contact, /api/quotes, /api/subscribers) need one. What
// only one of them does (its answer, its list's paging and filters, idempotency, one subscription
// per address) stays in contact.spec.ts, quotes.spec.ts and subscribe.spec.ts.
import { E2E_ADMIN } from "../support/constants";
import {
  expect,
  expectFieldError,
  expectRefusal,
  INJECTIONS,
  MALFORMED_IDS,
  marker,
  startApiServer,
  test,
  UNKNOWN_ID,
} from "./fixtures";
import { found, type Item, LEADS, type Lead, SPAM } from "./leads";

for (const [name, lead] of Object.entries<Lead>(LEADS)) {
  test.describe(lead.post, () => {
    test("missing or invalid fields: 400 naming each with the form's messages; nothing stored", async ({
      request,
      auth,
    }) => {
      const empty = await expectRefusal(await request.post(lead.post, { data: {} }), 400);
      expect(empty.errors).toEqual(lead.required);
      const mark = marker("invalid");
      for (const [change, path, msg] of lead.invalid) {
        const response = await request.post(lead.post, { data: lead.body(mark, change) });
        expect(await expectFieldError(response, path), JSON.stringify(change)).toBe(msg);
      }
      expect(await found(request, auth, lead, mark)).toEqual([]);
    });

    test("operators, objects and arrays in any field: 400, nothing stored", async ({
      request,
      auth,
    }) => {
      const mark = marker("inject");
      for (const value of [...INJECTIONS, 42, true]) {
        for (const field of lead.fields) {
          const response = await request.post(lead.post, {
            data: lead.body(mark, { [field]: value }),
          });
          await expectFieldError(response, field);
        }
      }
      expect(await found(request, auth, lead, mark)).toEqual([]);
    });

    test("the honeypot filled in: refused as the form refuses it, nothing stored; left empty: accepted", async ({
      request,
      auth,
    }) => {
      const mark = marker("honeypot");
      for (const website of ["x", "spam.example", "https://spam.example"]) {
        const refused = await expectRefusal(
          await request.post(lead.post, { data: lead.body(mark, { website }) }),
          400,
        );
        expect(refused.message).toBe(SPAM);
      }
      expect(await found(request, auth, lead, mark)).toEqual([]);
      // Left empty, as a person's client would.
      const accepted = await request.post(lead.post, { data: lead.body(mark, { website: "" }) });
      expect(accepted.status()).toBe(201);
      expect(await found(request, auth, lead, mark)).toHaveLength(1);
    });

    test("the list: 401 without a token or with a bad one", async ({ request }) => {
      await expectRefusal(await request.get(lead.list), 401);
      await expectRefusal(
        await request.get(lead.list, { headers: { Authorization: "Bearer nope" } }),
        401,
      );
    });

    test("one record: a token needed; deleted once, then 404; the same post accepted again", async ({
      request,
      auth,
    }) => {
      const mark = marker(`delete${name}`);
      expect((await request.post(lead.post, { data: lead.body(mark) })).status()).toBe(201);
      const [created] = await found(request, auth, lead, mark);
      const url = lead.item(String(created?._id));

      if (lead.readable) await expectRefusal(await request.get(url), 401);
      await expectRefusal(await request.delete(url), 401);
      await expectRefusal(
        await request.delete(url, { headers: { Authorization: "Bearer x" } }),
        401,
      );
      expect(await found(request, auth, lead, mark)).toHaveLength(1);
      if (lead.readable) {
        expect((await (await request.get(url, { headers: auth })).json()).data).toMatchObject(
          created as Item,
        );
      }

      const deleted = await request.delete(url, { headers: auth });
      expect(deleted.status()).toBe(200);
      expect(await deleted.json()).toEqual({ success: true, message: lead.deleted });
      expect(await found(request, auth, lead, mark)).toEqual([]);
      const again = await expectRefusal(await request.delete(url, { headers: auth }), 404);
      expect(again.message).toBe(lead.notFound);
      if (lead.readable) await expectRefusal(await request.get(url, { headers: auth }), 404);

      expect((await request.post(lead.post, { data: lead.body(mark) })).status()).toBe(201);
    });

    test("unknown and malformed ids: 404 for every method", async ({ request, auth }) => {
      for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
        const refused = await expectRefusal(
          await request.delete(lead.item(id), { headers: auth }),
          404,
        );
        expect(refused.message, id).toBe(lead.notFound);
        if (lead.readable) {
          await expectRefusal(await request.get(lead.item(id), { headers: auth }), 404);
        }
        if (lead.status) {
          const { method, url, value } = lead.status;
          const notFound = await expectRefusal(
            await request.fetch(url(id), {
              method: method.toUpperCase(),
              headers: auth,
              data: { status: value },
            }),
            404,
          );
          expect(notFound.message, id).toBe(lead.notFound);
        }
      }
    });

    if (lead.mail) {
      test("a post records that it came through the API and announces the lead by e-mail", async ({
        request,
        auth,
      }) => {
        const mark = marker("source");
        const created = await request.post(lead.post, {
          data: lead.body(mark),
          headers: { Referer: "https://app.example.com/contact-us" },
        });
        expect(created.status()).toBe(201);
        const { _id } = (await created.json()).data;
        // The notification is sent after the answer; its outcome lands on the lead.
        await expect
          .poll(async () => {
            const one = await request.get(lead.item(_id), { headers: auth });
            return (await one.json()).data.notification?.status ?? null;
          })
          .toMatch(/^(sent|skipped|failed)$/);
        const one = await (await request.get(lead.item(_id), { headers: auth })).json();
        expect(one.success).toBe(true);
        expect(one.data.source).toEqual({
          page: lead.post,
          referrer: "https://app.example.com/contact-us",
        });
        expect(one.data.notes).toEqual([]);
      });
    }
  });
}

test.describe("the per-address limit", () => {
  test.describe.configure({ timeout: 180_000 });

  test("FORM_IP_LIMIT=2: the third post of a kind from one address is a 429 with Retry-After, not stored; each kind has its own", async ({
    playwright,
  }) => {
    const { url, app } = await startApiServer({ FORM_IP_LIMIT: "2" });
    const request = await playwright.request.newContext({ baseURL: url });
    try {
      const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
      const auth = { Authorization: `Bearer ${(await login.json()).token}` };
      // The kinds in turn on one server: each one's first posts are accepted although the kind
      // before it is spent, so every kind counts in a bucket of its own.
      for (const lead of Object.values<Lead>(LEADS)) {
        const mark = marker("limit");
        for (const n of [1, 2]) {
          const response = await request.post(lead.post, {
            data: lead.body(mark, lead.nth(mark, n)),
          });
          expect(response.status(), `${lead.post} ${n}`).toBe(201);
        }
        // The new-lead e-mail went out (logged: the test server has no SMTP_URL) as for the form.
        if (lead.mail) await app.waitFor(lead.mail(mark));

        const refused = await request.post(lead.post, {
          data: lead.body(mark, lead.nth(mark, 3)),
        });
        const body = await expectRefusal(refused, 429);
        expect(body.message).toMatch(
          /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/,
        );
        const retryAfter = Number(refused.headers()["retry-after"]);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(3600);

        const labels = (await found(request, auth, lead, mark)).map(lead.label).sort();
        const expected = [1, 2].map((n) => lead.label(lead.body(mark, lead.nth(mark, n)) as Item));
        expect(labels).toEqual(expected.sort());
      }
    } finally {
      await request.dispose();
      await app.stop("SIGTERM");
    }
  });

  test("the contact form and POST /api/contact share one limit", async ({ playwright }) => {
    const { url, app } = await startApiServer({ FORM_IP_LIMIT: "2" });
    const request = await playwright.request.newContext({ baseURL: url });
    const lead: Lead = LEADS.contact;
    try {
      const mark = marker("shared");
      // One post through the form on /contact (its token from the page), one through the API.
      const page = await (await request.get("/contact")).text();
      const token = /name="formToken"[^>]*value="([^"]+)"/.exec(page)?.[1];
      expect(token, "the contact page carries a form token").toBeTruthy();
      const form = await request.post("/contact", {
        form: { ...lead.body(mark, { name: `Form ${mark}` }), formToken: token ?? "" } as Record<
          string,
          string
        >,
        maxRedirects: 0,
      });
      expect(form.status()).toBe(303);
      const api = await request.post(lead.post, { data: lead.body(mark) });
      expect(api.status()).toBe(201);
      await app.waitFor(
        new RegExp(`\\[mail\\][^\\n]*(Ada ${mark}|contact ${(await api.json()).data._id})`),
      );
      await expectRefusal(
        await request.post(lead.post, { data: lead.body(mark, { name: `Third ${mark}` }) }),
        429,
      );

      const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
      const auth = { Authorization: `Bearer ${(await login.json()).token}` };
      const names = (await found(request, auth, lead, mark)).map(lead.label).sort();
      expect(names).toEqual([`Ada ${mark}`, `Form ${mark}`]);
    } finally {
      await request.dispose();
      await app.stop("SIGTERM");
    }
  });
});
