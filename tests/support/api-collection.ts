// Two rules of every collection's JSON API, as tests that the kit's suite
// (tests/api/content-types.spec.ts) and the specs of the types whose API is partly their own
// (blog.spec.ts, highlights.spec.ts) declare alike: writes need a valid token and write nothing
// without one, and an id that is malformed or names nothing is a 404 with the type's text for
// GET, PUT and DELETE.
import type { APIRequestContext } from "@playwright/test";
import { listOf } from "../api/content-support";
import { expect, expectRefusal, MALFORMED_IDS, send, test, UNKNOWN_ID } from "../api/fixtures";

export const BAD_TOKEN = { Authorization: "Bearer not-a-real-token" };

/** The public list as text: the same before and after a refused write, nothing was written. */
export async function snapshotOf(request: APIRequestContext, path: string): Promise<string> {
  return JSON.stringify(await listOf(request, path));
}

/** Declares both tests for the collection at `path`; `body` is a valid record. */
export function testTokenAndIds(path: string, body: Record<string, unknown>, notFound: string) {
  test.describe(`${path}: token and ids`, () => {
    test("POST, PUT and DELETE without a token or with a bad one: 401, nothing written", async ({
      request,
      auth,
    }) => {
      const created = await send(request, "post", path, body, auth);
      expect(created.status()).toBe(201);
      const url = `${path}/${(await created.json()).data._id}`;
      const before = await snapshotOf(request, path);
      for (const headers of [{}, BAD_TOKEN]) {
        await expectRefusal(await send(request, "post", path, body, headers), 401);
        await expectRefusal(await send(request, "put", url, body, headers), 401);
        await expectRefusal(await request.delete(url, { headers }), 401);
      }
      expect(await snapshotOf(request, path)).toBe(before);
    });

    test("an unknown or malformed id: 404 with the type's text for GET, PUT and DELETE", async ({
      request,
      auth,
    }) => {
      for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
        const url = `${path}/${id}`;
        for (const response of [
          await request.get(url),
          await send(request, "put", url, body, auth),
          await request.delete(url, { headers: auth }),
        ]) {
          expect((await expectRefusal(response, 404)).message, url).toBe(notFound);
        }
      }
    });
  });
}
