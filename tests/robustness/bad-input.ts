// The bad-input suites' engine: sends the generated cases of one target in small parallel
// batches, checks every answer (< 500, no stack trace, 413 for a declared oversized body) and
// compares the document counts of every collection before and after.
import {
  type Answer,
  countChanges,
  expect,
  headersOnly,
  inBatches,
  type Robust,
  STACK_TRACE,
  VOLATILE_COLLECTIONS,
} from "./fixtures";
import type { Case } from "./generators";

export const MIB = 1024 * 1024;
/** The issue asks at least 50 malformed requests per action and API endpoint. */
export const MINIMUM = 50;

export interface Tally {
  requests: number;
  serverErrors: number;
  written: number;
  targets: number;
  /** Generated cases the server found valid after all (2xx), see `attack`. */
  accepted: number;
}

export const newTally = (): Tally => ({
  requests: 0,
  serverErrors: 0,
  written: 0,
  targets: 0,
  accepted: 0,
});

/** The suite's one-line figure for the CI log. */
export function report(what: string, tally: Tally, ms: number): void {
  console.log(
    `[robustness] bad input, ${what}: ${tally.requests} requests to ${tally.targets} targets in ${(ms / 1000).toFixed(1)} s, ${tally.serverErrors} responses >= 500, ${tally.written} documents written by invalid requests, ${tally.accepted} generated requests that were valid after all (not counted: ${VOLATILE_COLLECTIONS.join(", ")})`,
  );
}

async function run(
  robust: Robust,
  cases: Case[],
  totals: Tally,
): Promise<{ failures: string[]; accepted: number }> {
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
  let accepted = 0;
  cases.forEach((c, i) => {
    const a = answers[i] as Answer;
    totals.requests++;
    // A generated case can be valid after all (a singleton's only required field given a
    // strange but acceptable value, an unknown key dropped): a 2xx write then saves, and the
    // audit log records it. Counted, and allowed one audit entry each below.
    if (a.status >= 200 && a.status < 300 && c.method !== "GET") accepted++;
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
  totals.accepted += accepted;
  return { failures, accepted };
}

/** Runs `cases` against one target, with the counts before and after. */
export async function attack(
  robust: Robust,
  label: string,
  cases: Case[],
  totals: Tally,
): Promise<string[]> {
  expect(cases.length, `${label}: fewer than ${MINIMUM} cases`).toBeGreaterThanOrEqual(MINIMUM);
  const before = await robust.counts();
  const { failures, accepted } = await run(robust, cases, totals);
  const changes = countChanges(before, await robust.counts());
  // What valid requests may write: one audit entry each, one revision each (a content write,
  // issue 24) and a preview link (a POST that needs no body), and nothing else, since the
  // counted collections keep their number of documents only when nothing is added or removed.
  for (const name of ["auditLog", "revisions", "previews"]) {
    const change = changes[name];
    if (change !== undefined && change > 0 && change <= accepted) delete changes[name];
  }
  // A valid save that drops or replaces a stored image deletes that file and its resized copies
  // (decisions 011, 017); the demo content's pictures are stored images.
  for (const name of ["images.files", "images.chunks", "imageVariants"]) {
    const change = changes[name];
    if (change !== undefined && change < 0 && accepted > 0) delete changes[name];
  }
  const written = Object.values(changes).reduce((s, n) => s + Math.abs(n), 0);
  totals.written += written;
  totals.targets++;
  if (written) failures.push(`${label}: documents written: ${JSON.stringify(changes)}`);
  return failures;
}
