// /api/resources and /api/resources/{id}: SPEC §7's read for the old client, and the full
// create, update and delete issue 8 asks, with the editor's rules (title and description
// required, a link visitors can safely open, an optional image).
import { HEX_ID, imageServed, listOf, rowAt, uploadPng } from "./content-support";
import {
  expect,
  expectFieldError,
  expectRefusal,
  INJECTIONS,
  MALFORMED_IDS,
  send,
  test,
  UNKNOWN_ID,
} from "./fixtures";

const BAD_TOKEN = { Authorization: "Bearer not-a-real-token" };
const NOT_FOUND = "This resource does not exist (it may have been deleted).";
const REQUIRED = "Title and description are required.";
const LINK_REQUIRED = "Link is required.";
const LINK_INVALID =
  "Enter a web address starting with http:// or https://, or a site path like /blog.";
const IMAGE = "Please upload a valid image.";

const resource = (extra: Record<string, unknown> = {}) => ({
  title: "OWASP Top 10",
  description: "The ten most critical web application security risks.",
  link: "https://owasp.org/Top10/",
  image: "https://res.cloudinary.com/demo/image/upload/v1/owasp.png",
  ...extra,
});

const snapshot = async (request: Parameters<typeof listOf>[0]) =>
  JSON.stringify(await listOf(request, "/api/resources"));

test.describe("GET /api/resources", () => {
  test("lists them newest first in data, without a token", async ({ request }) => {
    const list = await listOf(request, "/api/resources");
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) {
      expect(r._id).toMatch(HEX_ID);
      expect(Object.keys(r).sort()).toEqual(["_id", "description", "image", "link", "title"]);
    }
  });
});

test.describe("GET /api/resources/{id}", () => {
  test("answers one in data, without a token", async ({ request }) => {
    const first = await rowAt(request, "/api/resources");
    const response = await request.get(`/api/resources/${first._id}`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: first });
  });

  test("answers 404 for an unknown or malformed id", async ({ request }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const body = await expectRefusal(await request.get(`/api/resources/${id}`), 404);
      expect(body.message).toBe(NOT_FOUND);
    }
  });
});

test.describe("POST /api/resources", () => {
  test("needs a token: none or a bad one is a 401 and writes nothing", async ({ request }) => {
    const before = await snapshot(request);
    await expectRefusal(await request.post("/api/resources", { data: resource() }), 401);
    await expectRefusal(await send(request, "post", "/api/resources", resource(), BAD_TOKEN), 401);
    expect(await snapshot(request)).toBe(before);
  });

  test("creates one (201), listed first, also without an image", async ({ request, auth }) => {
    const response = await send(request, "post", "/api/resources", resource(), auth);
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      message: "Resource created.",
      data: { ...resource(), _id: expect.stringMatching(HEX_ID) },
    });
    expect((await listOf(request, "/api/resources"))[0]).toEqual(body.data);
    expect((await (await request.get(`/api/resources/${body.data._id}`)).json()).data).toEqual(
      body.data,
    );

    const { image: _, ...bare } = resource({ link: "/blog" });
    const plain = await send(request, "post", "/api/resources", bare, auth);
    expect(plain.status()).toBe(201);
    expect((await plain.json()).data).toMatchObject({ image: "", link: "/blog" });
  });

  test("answers the editor's messages, writing nothing", async ({ request, auth }) => {
    const before = await snapshot(request);
    const body = await expectRefusal(await send(request, "post", "/api/resources", {}, auth), 400);
    const byPath = Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.msg]));
    expect(byPath).toEqual({ title: REQUIRED, description: REQUIRED, link: LINK_REQUIRED });
    for (const link of [
      "javascript:alert(1)",
      "//evil.example",
      "ftp://x.example/a",
      "not a link",
    ]) {
      const response = await send(request, "post", "/api/resources", resource({ link }), auth);
      expect(await expectFieldError(response, "link")).toBe(LINK_INVALID);
    }
    for (const image of ["javascript:alert(1)", "/images/nope", `/images/${UNKNOWN_ID}`]) {
      const response = await send(request, "post", "/api/resources", resource({ image }), auth);
      expect(await expectFieldError(response, "image")).toBe(IMAGE);
    }
    expect(await snapshot(request)).toBe(before);
  });

  test("refuses operators, objects, arrays and other types in every field", async ({
    request,
    auth,
  }) => {
    const before = await snapshot(request);
    for (const field of ["title", "description", "link", "image"]) {
      for (const value of [...INJECTIONS, 42, true]) {
        const response = await send(
          request,
          "post",
          "/api/resources",
          resource({ [field]: value }),
          auth,
        );
        await expectFieldError(response, field);
      }
    }
    expect(await snapshot(request)).toBe(before);
  });
});

test.describe("PUT /api/resources/{id}", () => {
  test("needs a token, then replaces the resource", async ({ request, auth }) => {
    const created = (await (await send(request, "post", "/api/resources", resource(), auth)).json())
      .data;
    const url = `/api/resources/${created._id}`;
    const change = resource({ title: "Changed", link: "/resources" });
    await expectRefusal(await request.put(url, { data: change }), 401);
    await expectRefusal(await send(request, "put", url, change, BAD_TOKEN), 401);
    expect((await (await request.get(url)).json()).data).toEqual(created);

    const response = await send(request, "put", url, change, auth);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "Resource updated.",
      data: { ...change, _id: created._id },
    });
  });

  test("answers 404 for an unknown or malformed id, 400 for a bad body", async ({
    request,
    auth,
  }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const body = await expectRefusal(
        await send(request, "put", `/api/resources/${id}`, resource(), auth),
        404,
      );
      expect(body.message).toBe(NOT_FOUND);
    }
    const first = await rowAt(request, "/api/resources");
    const url = `/api/resources/${first._id}`;
    const response = await send(request, "put", url, resource({ link: { $regex: ".*" } }), auth);
    await expectFieldError(response, "link");
    expect((await (await request.get(url)).json()).data).toEqual(first);
  });
});

test.describe("DELETE /api/resources/{id}", () => {
  test("needs a token, then deletes it", async ({ request, auth }) => {
    const created = (await (await send(request, "post", "/api/resources", resource(), auth)).json())
      .data;
    const url = `/api/resources/${created._id}`;
    await expectRefusal(await request.delete(url), 401);
    await expectRefusal(await request.delete(url, { headers: BAD_TOKEN }), 401);
    expect((await request.get(url)).status()).toBe(200);
    const response = await request.delete(url, { headers: auth });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Resource deleted." });
    await expectRefusal(await request.get(url), 404);
    await expectRefusal(await request.delete(url, { headers: auth }), 404);
  });

  test("answers 404 for an unknown or malformed id", async ({ request, auth }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const response = await request.delete(`/api/resources/${id}`, { headers: auth });
      expect((await expectRefusal(response, 404)).message).toBe(NOT_FOUND);
    }
  });
});

test("a replaced or deleted resource's uploaded image goes", async ({ request, auth }) => {
  const first = await uploadPng(request, auth);
  const created = (
    await (
      await send(request, "post", "/api/resources", resource({ image: first.secure_url }), auth)
    ).json()
  ).data;
  expect(created.image).toBe(first.url);
  const url = `/api/resources/${created._id}`;
  // Removing the image (the card shows the default one).
  expect((await send(request, "put", url, resource({ image: "" }), auth)).status()).toBe(200);
  expect(await imageServed(request, first.url)).toBe(false);
  const second = await uploadPng(request, auth);
  expect((await send(request, "put", url, resource({ image: second.url }), auth)).status()).toBe(
    200,
  );
  expect((await request.delete(url, { headers: auth })).status()).toBe(200);
  expect(await imageServed(request, second.url)).toBe(false);
});
