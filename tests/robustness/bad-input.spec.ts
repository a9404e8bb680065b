// Issue 9, suite 2: bad input. Every action (the site's and the admin's forms, read from the
// pages as rendered) and every JSON API operation that takes input gets at least 50 malformed
// requests from the generators in generators.ts: missing and extra fields, wrong types, 100 kB
// strings, invalid UTF-8, operator injection as JSON and as field names, malformed and unknown
// ObjectIds, wrong content types, oversized and truncated bodies, executables named photo.png.
// Each answer must be < 500 without a stack trace, and the documents of every collection
// (fixtures.ts VOLATILE_COLLECTIONS aside) must be as many after as before.
import { ACTION_TARGETS, actionModules, ensureLeads, formsOf } from "./actions";
import { apiCases, operations, withRealId } from "./api-cases";
import {
  type Answer,
  countChanges,
  expect,
  headersOnly,
  inBatches,
  type Robust,
  STACK_TRACE,
  test,
  VOLATILE_COLLECTIONS,
} from "./fixtures";
import { type Case, formCases } from "./generators";

const MIB = 1024 * 1024;
const MINIMUM = 50;

const totals = { requests: 0, serverErrors: 0, written: 0, targets: 0, ms: 0 };

async function run(robust: Robust, cases: Case[]): Promise<{ failures: string[] }> {
  const answers = await inBatches(
    cases.map((c) => async (): Promise<Answer> => {
      if (c.declaredLength !== undefined) {
        return headersOnly(robust.url, c.path, c.headers, c.declaredLength);
      }
      return robust.send(c.path, { method: c.method, headers: c.headers, body: c.body });
    }),
    6,
  );
  const failures: string[] = [];
  cases.forEach((c, i) => {
    const a = answers[i] as Answer;
    totals.requests++;
    if (a.status >= 500) totals.serverErrors++;
    const problem =
      a.status >= 500
        ? `answered ${a.status}: ${a.body.slice(0, 200)}`
        : STACK_TRACE.test(a.body)
          ? "a stack trace in the body"
          : c.declaredLength !== undefined && a.status !== 413
            ? `answered ${a.status}, not 413`
            : null;
    if (problem) failures.push(`${c.method} ${c.path.slice(0, 80)} [${c.what}]: ${problem}`);
  });
  return { failures };
}

/** Runs `cases` against one target, with the counts before and after. */
async function attack(robust: Robust, label: string, cases: Case[]): Promise<string[]> {
  expect(cases.length, `${label}: fewer than ${MINIMUM} cases`).toBeGreaterThanOrEqual(MINIMUM);
  const before = await robust.counts();
  const { failures } = await run(robust, cases);
  const changes = countChanges(before, await robust.counts());
  const written = Object.values(changes).reduce((s, n) => s + Math.abs(n), 0);
  totals.written += written;
  totals.targets++;
  if (written) failures.push(`${label}: documents written: ${JSON.stringify(changes)}`);
  return failures;
}

test.beforeAll(async ({ robust }) => {
  await ensureLeads(robust);
});

test.afterAll(() => {
  console.log(
    `[robustness] bad input: ${totals.requests} requests to ${totals.targets} actions and API operations in ${(totals.ms / 1000).toFixed(1)} s, ${totals.serverErrors} responses >= 500, ${totals.written} documents written by invalid requests (not counted: ${VOLATILE_COLLECTIONS.join(", ")})`,
  );
});

test("the table names every route module with an action", () => {
  expect(ACTION_TARGETS.map((t) => t.file).sort()).toEqual(actionModules());
});

test("every action of the site and the admin refuses malformed posts, writing nothing", async ({
  robust,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const failures: string[] = [];
  for (const target of ACTION_TARGETS) {
    const forms = await formsOf(robust, target);
    const multipartAdmin = target.signedIn && forms.some((f) => f.multipart);
    const cases = formCases(forms, {
      headers: target.signedIn ? { Cookie: robust.cookie } : {},
      limit: multipartAdmin ? 16 * MIB : MIB,
      minimum: MINIMUM + 2,
    });
    failures.push(...(await attack(robust, target.file, cases)));
  }
  totals.ms += Date.now() - started;
  expect(failures).toEqual([]);
  // The session is still good: nothing above signed the admin out.
  expect(
    (await robust.send("/admin/dashboard", { headers: { Cookie: robust.cookie } })).status,
  ).toBe(200);
});

test("every JSON API operation that takes input refuses malformed requests, writing nothing", async ({
  robust,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const auth = { Authorization: `Bearer ${robust.token}` };
  const failures: string[] = [];
  for (const op of await operations(robust)) {
    const realPath = await withRealId(robust, op.path);
    const cases = apiCases(op, realPath, op.bearer || op.path === "/api/auth/register" ? auth : {});
    failures.push(...(await attack(robust, `${op.method} ${op.path}`, cases)));
  }
  totals.ms += Date.now() - started;
  expect(failures).toEqual([]);
  // The token still works.
  expect((await robust.send("/api/quotes", { headers: auth })).status).toBe(200);
});
