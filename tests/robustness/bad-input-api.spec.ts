// Issue 9, suite 2: bad input. Every action (the site's and the admin's forms, read from the
// pages as rendered; bad-input-forms.spec.ts) and every JSON API operation that takes input
// (bad-input-api.spec.ts) gets at least 50 malformed requests from the generators in
// generators.ts: missing and extra fields, wrong types, 100 kB strings, invalid UTF-8, operator
// injection as JSON and as field names, malformed and unknown ObjectIds, wrong content types,
// oversized and truncated bodies, executables named photo.png. Each answer must be < 500 without
// a stack trace, and the documents of every collection (fixtures.ts VOLATILE_COLLECTIONS aside)
// must be as many after as before. Two files, so that the two halves run on both workers.
import { ensureLeads } from "./actions";
import { apiCases, concreteOperations, operations, withRealId } from "./api-cases";
import { attack, newTally, report } from "./bad-input";
import { expect, test } from "./fixtures";

test("every JSON API operation that takes input refuses malformed requests, writing nothing", async ({
  robust,
}) => {
  test.setTimeout(120_000);
  await ensureLeads(robust);
  const started = Date.now();
  const tally = newTally();
  const auth = { Authorization: `Bearer ${robust.token}` };
  const failures: string[] = [];
  for (const op of await operations(robust)) {
    // An operation of every content type is attacked at two types' addresses together.
    const cases = [];
    for (const concrete of concreteOperations(op)) {
      const realPath = await withRealId(robust, concrete.path);
      const headers = op.bearer || op.path === "/api/auth/register" ? auth : {};
      cases.push(...apiCases(concrete, realPath, headers));
    }
    failures.push(...(await attack(robust, `${op.method} ${op.path}`, cases, tally)));
  }
  report("JSON API", tally, Date.now() - started);
  expect(failures).toEqual([]);
  // The token still works.
  expect((await robust.send("/api/quotes", { headers: auth })).status).toBe(200);
});
