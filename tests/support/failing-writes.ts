// Write functions that fail on demand, for the admin editors' save-failure tests: inside a
// vi.mock factory, `...failingWrites(original, ["saveFooter"], failures)`. "error" is a write
// that fails for a reason of its own (its text must never reach the page); "outage" is the
// database unreachable, which the editors let through to the site's 503 page.
import { MongoNetworkError } from "mongodb";

export type FailureMode = null | "error" | "outage";

export const DRIVER_DETAIL = "secret driver detail";

export function failingWrites<M extends object, K extends keyof M>(
  original: M,
  names: readonly K[],
  state: { mode: FailureMode },
): Pick<M, K> {
  const wrapped = {} as Pick<M, K>;
  for (const name of names) {
    const fn = original[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = ((...args: unknown[]) =>
      state.mode === "error"
        ? Promise.reject(new Error(DRIVER_DETAIL))
        : state.mode === "outage"
          ? Promise.reject(new MongoNetworkError("connection refused"))
          : fn(...args)) as M[K];
  }
  return wrapped;
}
