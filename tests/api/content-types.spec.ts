// The JSON API every content type gets from the kit (app/content/kit/api.server.ts), over HTTP,
// for every registered type (app/content/registry.ts) without naming one: public reads, writes
// with a token, the type's texts for 404s and writes, field errors from its schema with nothing
// written, operators and other shapes refused in every field, unsafe link and image addresses
// refused, and an uploaded image deleted once the record no longer shows it (a record in the
// trash still shows it; tests/api/trash.spec.ts has the trash over every type). What only one type
// does stays in tests/api/<type>.spec.ts.
import type { APIRequestContext } from "@playwright/test";
import type { z } from "zod";
import { apiBody } from "../../app/content/kit/types";
import { snapshotOf, testTokenAndIds } from "../support/api-collection";
import {
  type AnyType,
  exampleOf,
  fieldsOfKind,
  imageFieldsOf,
  TYPE_CASES,
  UNSAFE_IMAGES,
  UNSAFE_LINKS,
} from "../support/content-types";
import { HEX_ID, imageServed, listOf, uploadPng } from "./content-support";
import {
  expect,
  expectFieldError,
  expectRefusal,
  INJECTIONS,
  send,
  test,
  UNKNOWN_ID,
} from "./fixtures";

/** The body the API checks (the form's schema unless the type has one, images required). */
const bodySchema = (type: AnyType) => apiBody(type) as z.ZodType;

/** A record as the API answers it for `body` (trimmed, defaults filled in). */
const answered = (type: AnyType, body: Record<string, unknown>) =>
  bodySchema(type).parse(body) as Record<string, unknown>;

/** The field errors the schema gives `body`, as the API lists them. */
function expectedErrors(type: AnyType, body: unknown) {
  const result = bodySchema(type).safeParse(body);
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.map(String).join("."),
    msg: issue.message,
  }));
}

for (const [entity, type] of TYPE_CASES) {
  const { texts } = type;
  const path = type.api.path;
  const example = exampleOf(type);
  const fields = Object.keys(type.record.shape);
  const snapshot = (request: APIRequestContext) => snapshotOf(request, path);
  const create = async (
    request: APIRequestContext,
    auth: Record<string, string>,
    body = example,
  ): Promise<Record<string, unknown> & { _id: string }> => {
    const response = await send(request, "post", path, body, auth);
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data;
  };

  test.describe(`${entity}: ${path}`, () => {
    test("POST 201 with the type's message, then GET, PUT and DELETE it; reads need no token", async ({
      request,
      auth,
    }) => {
      const padded = Object.fromEntries(
        Object.entries(example).map(([k, v]) => [k, typeof v === "string" ? ` ${v} ` : v]),
      );
      const posted = await send(request, "post", path, padded, auth);
      expect(posted.status()).toBe(201);
      const body = await posted.json();
      expect(body).toEqual({
        success: true,
        message: texts.created,
        data: { ...answered(type, example), _id: expect.stringMatching(HEX_ID) },
      });
      const created = body.data;
      const url = `${path}/${created._id}`;

      // Public reads: the list in its order, then the one record, the same.
      const list = await listOf(request, path);
      for (const row of list) expect(Object.keys(row).sort()).toEqual(["_id", ...fields].sort());
      const [firstKey, direction] = Object.entries(type.publicSort)[0] ?? [];
      if (firstKey === "createdAt") {
        expect(direction === 1 ? list.at(-1) : list[0], "the newest in the public order").toEqual(
          created,
        );
      } else expect(list).toContainEqual(created);
      const one = await request.get(url);
      expect(one.status()).toBe(200);
      expect(await one.json()).toEqual({ success: true, data: created });

      const title = type.admin.titleColumn.title;
      const change = { ...example, [title]: `Changed ${Date.now()}` };
      const put = await send(request, "put", url, change, auth);
      expect(put.status()).toBe(200);
      expect(await put.json()).toEqual({
        success: true,
        message: texts.updated,
        data: { ...answered(type, change), _id: created._id },
      });
      expect((await (await request.get(url)).json()).data).toEqual({
        ...answered(type, change),
        _id: created._id,
      });

      const deleted = await request.delete(url, { headers: auth });
      expect(deleted.status()).toBe(200);
      expect(await deleted.json()).toEqual({ success: true, message: texts.deleted });
      expect((await expectRefusal(await request.get(url), 404)).message).toBe(texts.notFound);
      await expectRefusal(await request.delete(url, { headers: auth }), 404);
    });

    // Writes need a token; an unknown or malformed id is a 404 with the type's text.
    testTokenAndIds(path, example, texts.notFound);

    test("a body the schema refuses: 400 with its field errors, nothing written", async ({
      request,
      auth,
    }) => {
      const created = await create(request, auth);
      const url = `${path}/${created._id}`;
      const before = await snapshot(request);
      type Case = [Record<string, unknown>, { path: string; msg: string }[]];
      const cases: Case[] = [[{}, expectedErrors(type, {})]];
      expect(cases[0]?.[1].length, "a type has required fields").toBeGreaterThan(0);
      for (const name of fieldsOfKind(type, "link")) {
        for (const link of UNSAFE_LINKS) {
          const body = { ...example, [name]: link };
          const errors = expectedErrors(type, body);
          expect(errors.map((e) => e.path)).toEqual([name]);
          cases.push([body, errors]);
        }
      }
      // An address that is no image, or names no stored file (checked after the schema): the
      // field's own message.
      for (const field of imageFieldsOf(type)) {
        for (const address of [...UNSAFE_IMAGES, "/images/nope", `/images/${UNKNOWN_ID}`]) {
          cases.push([
            { ...example, [field.name]: address },
            [{ path: field.name, msg: field.invalid }],
          ]);
        }
      }
      for (const [body, expected] of cases) {
        for (const [method, target] of [
          ["post", path],
          ["put", url],
        ] as const) {
          const refusal = await expectRefusal(await send(request, method, target, body, auth), 400);
          expect(refusal.errors, `${method} ${JSON.stringify(body)}`).toEqual(expected);
          expect(refusal.message).toBe([...new Set(expected.map((e) => e.msg))].join(", "));
        }
      }
      expect(await snapshot(request)).toBe(before);
    });

    test("operators, objects, arrays and other types in every field: 400, nothing written", async ({
      request,
      auth,
    }) => {
      const created = await create(request, auth);
      const url = `${path}/${created._id}`;
      const before = await snapshot(request);
      for (const field of Object.keys(example)) {
        const wrongType = typeof example[field] === "string" ? [42, true] : ["5", true];
        for (const value of [...INJECTIONS, ...wrongType]) {
          const body = { ...example, [field]: value };
          await expectFieldError(await send(request, "post", path, body, auth), field);
          await expectFieldError(await send(request, "put", url, body, auth), field);
        }
      }
      expect(await snapshot(request)).toBe(before);
    });

    for (const field of imageFieldsOf(type)) {
      test(`an uploaded ${field.name} is deleted once replaced, and with the record's purge`, async ({
        request,
        auth,
      }) => {
        const first = await uploadPng(request, auth);
        const created = await create(request, auth, { ...example, [field.name]: first.secure_url });
        expect(created[field.name]).toBe(first.url);
        const url = `${path}/${created._id}`;
        const second = await uploadPng(request, auth);
        const replaced = await send(
          request,
          "put",
          url,
          { ...example, [field.name]: second.url },
          auth,
        );
        expect(replaced.status()).toBe(200);
        expect(await imageServed(request, first.url)).toBe(false);
        expect(await imageServed(request, second.url)).toBe(true);
        expect((await request.delete(url, { headers: auth })).status()).toBe(200);
        // In the trash: kept, so a restore brings the record back whole.
        expect(await imageServed(request, second.url)).toBe(true);
        const purged = await request.delete(`${path}/trash/${created._id}`, { headers: auth });
        expect(purged.status()).toBe(200);
        expect(await imageServed(request, second.url)).toBe(false);
      });
    }
  });
}
