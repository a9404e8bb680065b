// Issue 9, suite 2: bad input. Every action (the site's and the admin's forms, read from the
// pages as rendered; bad-input-forms.spec.ts) and every JSON API operation that takes input
// (bad-input-api.spec.ts) gets at least 50 malformed requests from the generators in
// generators.ts: missing and extra fields, wrong types, 100 kB strings, invalid UTF-8, operator
// injection as JSON and as field names, malformed and unknown ObjectIds, wrong content types,
// oversized and truncated bodies, executables named photo.png. Each answer must be < 500 without
// a stack trace, and the documents of every collection (fixtures.ts VOLATILE_COLLECTIONS aside)
// must be as many after as before. Two files, so that the two halves run on both workers.
import { ACTION_TARGETS, actionModules, ensureLeads, formsOf } from "./actions";
import { attack, MIB, MINIMUM, newTally, report } from "./bad-input";
import { expect, test } from "./fixtures";
import { formCases } from "./generators";

test("the table names every route module with an action", () => {
  expect(ACTION_TARGETS.map((t) => t.file).sort()).toEqual(actionModules());
});

test("every action of the site and the admin refuses malformed posts, writing nothing", async ({
  robust,
}) => {
  test.setTimeout(120_000);
  await ensureLeads(robust);
  const started = Date.now();
  const tally = newTally();
  const failures: string[] = [];
  for (const target of ACTION_TARGETS) {
    const forms = await formsOf(robust, target);
    const multipartAdmin = target.signedIn && forms.some((f) => f.multipart);
    const cases = formCases(forms, {
      headers: target.signedIn ? { Cookie: robust.cookie } : {},
      limit: multipartAdmin ? 16 * MIB : MIB,
      minimum: MINIMUM + 2,
    });
    failures.push(...(await attack(robust, target.file, cases, tally)));
  }
  report("forms", tally, Date.now() - started);
  expect(failures).toEqual([]);
  // The session is still good: nothing above signed the admin out.
  expect(
    (await robust.send("/admin/dashboard", { headers: { Cookie: robust.cookie } })).status,
  ).toBe(200);
});
