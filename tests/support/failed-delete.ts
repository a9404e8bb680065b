// The two tests every admin list's delete shares (blogs, and every content-kit type in
// app/content/kit/kit.test.ts): when the delete fails (the test makes the delete reject while
// `failures.on`), the row stays and the admin is told, without JavaScript by a redirect to the
// list with an error flash, with JavaScript by the list's error in place.
import { expect, it, vi } from "vitest";
import { flashCarried, statusOf } from "./admin-request";

const SAVE_FAILED = "Unexpected error: the change could not be saved. Please try again.";

export function itKeepsTheRowWhenDeleteFails(options: {
  /** The list's address. */
  page: string;
  /** Adds a row whose title matches ?q=stays; resolves to its id. */
  add: () => Promise<string>;
  /** The stored row, or null once deleted. */
  stored: (id: string) => Promise<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: callRoute's outcome, a Response or data().
  post: (fields: Record<string, string>, path?: string) => Promise<any>;
  failures: { on: boolean };
}): void {
  const { page, add, stored, post, failures } = options;

  it("a failed delete without JavaScript goes back to the list with an error flash", async () => {
    const id = await add();
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ intent: "delete", id }, `${page}?q=stays&delete=${id}`);
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(302);
    expect(outcome.headers.get("Location")).toBe(`${page}?q=stays`);
    expect(await flashCarried(outcome)).toEqual({ message: SAVE_FAILED, tone: "error" });
    expect(await stored(id)).not.toBeNull();
  });

  it("a failed delete from JavaScript shows 'Unexpected error: ' above the list in place", async () => {
    const id = await add();
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ intent: "delete", id, _enhanced: "1" });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.listError).toBe(SAVE_FAILED);
    expect(await stored(id)).not.toBeNull();
  });
}
