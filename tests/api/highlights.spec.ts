// /api/highlights and /api/highlights/{id}: the home page's 'Why Choose' cards in
// their order, with the editor's rules: title and description required, an optional label, and
// a 1-based position that places the card (the others move along; order stays 0, 1, 2…).
import { snapshotOf, testTokenAndIds } from "../support/api-collection";
import { HEX_ID, listOf, rowAt } from "./content-support";
import { expect, expectFieldError, expectRefusal, INJECTIONS, send, test } from "./fixtures";

const REQUIRED = "Title and description are required.";
const POSITION = "Choose a position from the list.";

const highlight = (extra: Record<string, unknown> = {}) => ({
  title: "Fixed prices",
  label: "No surprises",
  description: "The price we quote is the price you pay.",
  ...extra,
});

const ids = async (request: Parameters<typeof listOf>[0]) =>
  (await listOf(request, "/api/highlights")).map((h) => h._id);
const snapshot = (request: Parameters<typeof listOf>[0]) => snapshotOf(request, "/api/highlights");

testTokenAndIds(
  "/api/highlights",
  highlight(),
  "This highlight does not exist (it may have been deleted).",
);

test.describe("GET /api/highlights", () => {
  test("lists the cards in home-page order in data, without a token", async ({ request }) => {
    const list = await listOf(request, "/api/highlights");
    expect(list.length).toBeGreaterThan(0);
    for (const h of list) {
      expect(h._id).toMatch(HEX_ID);
      expect(Object.keys(h).sort()).toEqual(["_id", "description", "label", "order", "title"]);
    }
    const orders = list.map((h) => h.order as number);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });
});

test.describe("GET /api/highlights/{id}", () => {
  test("answers one in data, without a token", async ({ request }) => {
    const first = await rowAt(request, "/api/highlights");
    const response = await request.get(`/api/highlights/${first._id}`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: first });
  });
});

test.describe("POST /api/highlights", () => {
  test("adds a card last, or at the position asked", async ({ request, auth }) => {
    const before = await ids(request);
    const response = await send(request, "post", "/api/highlights", highlight(), auth);
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      message: "Highlight created.",
      data: { ...highlight(), _id: expect.stringMatching(HEX_ID), order: before.length },
    });
    expect(await ids(request)).toEqual([...before, body.data._id]);

    const first = await send(
      request,
      "post",
      "/api/highlights",
      highlight({ title: "First now", label: undefined, position: 1 }),
      auth,
    );
    expect(first.status()).toBe(201);
    const firstBody = await first.json();
    expect(firstBody.data).toMatchObject({ title: "First now", label: "", order: 0 });
    const list = await listOf(request, "/api/highlights");
    expect(list.map((h) => h._id)).toEqual([firstBody.data._id, ...before, body.data._id]);
    // Renumbered without gaps.
    expect(list.map((h) => h.order)).toEqual(list.map((_, i) => i));
  });

  test("answers the editor's messages, writing nothing", async ({ request, auth }) => {
    const before = await snapshot(request);
    const body = await expectRefusal(await send(request, "post", "/api/highlights", {}, auth), 400);
    const byPath = Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.msg]));
    expect(byPath).toEqual({ title: REQUIRED, description: REQUIRED });
    for (const position of [0, -1, 1.5, 1001, "2"]) {
      const response = await send(
        request,
        "post",
        "/api/highlights",
        highlight({ position }),
        auth,
      );
      expect(await expectFieldError(response, "position")).toBe(POSITION);
    }
    expect(await snapshot(request)).toBe(before);
  });

  test("refuses operators, objects, arrays and other types in every field", async ({
    request,
    auth,
  }) => {
    const before = await snapshot(request);
    for (const field of ["title", "label", "description", "position"]) {
      for (const value of [...INJECTIONS, true, field === "position" ? "1" : 7]) {
        const response = await send(
          request,
          "post",
          "/api/highlights",
          highlight({ [field]: value }),
          auth,
        );
        await expectFieldError(response, field);
      }
    }
    expect(await snapshot(request)).toBe(before);
  });
});

test.describe("PUT /api/highlights/{id}", () => {
  test("replaces the texts and keeps the place", async ({ request, auth }) => {
    const second = await rowAt(request, "/api/highlights", 1);
    const url = `/api/highlights/${second._id}`;
    const change = highlight({ title: "Changed" });
    const before = await ids(request);
    const response = await send(request, "put", url, change, auth);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "Highlight updated.",
      data: { ...change, _id: second._id, order: second.order },
    });
    expect(await ids(request)).toEqual(before);
  });

  test("moves the card to the position given", async ({ request, auth }) => {
    const before = await ids(request);
    const last = before.at(-1) as string;
    const response = await send(
      request,
      "put",
      `/api/highlights/${last}`,
      highlight({ position: 1 }),
      auth,
    );
    expect(response.status()).toBe(200);
    expect((await response.json()).data.order).toBe(0);
    expect(await ids(request)).toEqual([last, ...before.slice(0, -1)]);
  });

  test("answers 400 for a bad position, changing nothing", async ({ request, auth }) => {
    const first = await rowAt(request, "/api/highlights");
    const url = `/api/highlights/${first._id}`;
    const response = await send(request, "put", url, highlight({ position: [1] }), auth);
    expect(await expectFieldError(response, "position")).toBe(POSITION);
    expect((await (await request.get(url)).json()).data).toEqual(first);
  });
});

test.describe("DELETE /api/highlights/{id}", () => {
  test("deletes it and closes the gap", async ({ request, auth }) => {
    const created = (
      await (
        await send(request, "post", "/api/highlights", highlight({ position: 1 }), auth)
      ).json()
    ).data;
    const url = `/api/highlights/${created._id}`;
    const response = await request.delete(url, { headers: auth });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Highlight deleted." });
    await expectRefusal(await request.get(url), 404);
    const list = await listOf(request, "/api/highlights");
    expect(list.map((h) => h.order)).toEqual(list.map((_, i) => i));
    await expectRefusal(await request.delete(url, { headers: auth }), 404);
  });
});
