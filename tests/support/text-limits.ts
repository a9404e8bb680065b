// The maximum length of a content type's texts, as the admin editors of resources and
// testimonials prove it: a text of exactly the maximum is saved, one character more is refused
// with the type's message beside the field, and nothing more is stored.
import { expect, it } from "vitest";
import { statusOf } from "./admin-request";

export function itKeepsTextsUpToTheirMaximum(
  limits: [field: string, max: number][],
  options: {
    /** A valid form; each case changes one field of it. */
    valid: Record<string, string>;
    // biome-ignore lint/suspicious/noExplicitAny: callRoute's outcome, a Response or data().
    post: (fields: Record<string, string>) => Promise<any>;
    /** The records stored so far. */
    stored: () => Promise<unknown[]>;
  },
): void {
  const { valid, post, stored } = options;
  it.each(limits)("keeps a %s of %i characters and refuses one more", async (field, max) => {
    expect((await post({ ...valid, [field]: "x".repeat(max) })).status).toBe(302);
    const outcome = await post({ ...valid, [field]: "x".repeat(max + 1) });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual({
      [field]: [`The ${field} can be at most ${max} characters long.`],
    });
    expect(await stored()).toHaveLength(1);
  });
}
