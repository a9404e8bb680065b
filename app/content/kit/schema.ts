// The rule the collection types' forms share, written once (isomorphic: the editor checks it in
// the browser too). conform sends an empty field as undefined, and a blank one is empty once
// trimmed: either way the type's one message for its required fields says so.
import { z } from "zod";
import { POSITION_MESSAGE } from "./types";

/**
 * A required trimmed text of at most `max` characters, `what` naming it when it is longer.
 * `abort`: a blank field says only that it is required, not also what a check added after this
 * one refuses (an internship's application link that is no URL). Not the default: it also
 * silences the form's own checks, which must speak with the first submit (a post's cover image).
 */
export const requiredText = (message: string, max: number, what: string, abort = false) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort })
    .max(max, `The ${what} can be at most ${max} characters long.`);

/** More records than anyone orders by hand; bounds the number a form can send. */
const POSITION_MAX = 1000;

/** A 1-based place in an `ordered` type's list (kit/types.ts), as a form or Move up/down posts it. */
export const position = z
  .number({ error: POSITION_MESSAGE })
  .int(POSITION_MESSAGE)
  .min(1, POSITION_MESSAGE)
  .max(POSITION_MAX, POSITION_MESSAGE);

/** Move up / Move down: the 1-based position the record goes to. */
export const moveSchema = z.object({ position });
