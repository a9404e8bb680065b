// The rules the single documents' forms share, written once (isomorphic: the editor checks them
// in the browser too): a trimmed text with its length limit, an optional address that a check
// must accept, and a row list whose blank rows are no rows. conform sends an empty field as
// undefined: an optional text reads it as "", a required one refuses it with its message.
import { z } from "zod";

interface TextRule {
  /** A textarea: browsers post its line breaks as CRLF, kept as plain "\n". */
  lines?: boolean;
  /** How the document words its length limit: "Title has at most 200 characters." by default. */
  wording?: "has" | "must be";
}

const tooLong = (what: string, max: number, rule: TextRule) =>
  `${what} ${rule.wording ?? "has"} at most ${max} characters.`;
const asPosted = (rule: TextRule) =>
  rule.lines ? (value: string) => value.replace(/\r\n?/g, "\n") : (value: string) => value;

/** An optional trimmed text of at most `max` characters (`what` names it when longer). */
export const text = (what: string, max: number, rule: TextRule = {}) =>
  z
    .string()
    .trim()
    .max(max, tooLong(what, max, rule))
    .optional()
    .transform((value) => asPosted(rule)(value ?? ""));

/** The same, refused with `message` when empty or blank. */
export const requiredText = (what: string, max: number, message: string, rule: TextRule = {}) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong(what, max, rule))
    .transform(asPosted(rule));

/**
 * An optional address (an image's, a map's): empty, or one `accept` takes. An image field posts
 * its hidden address here (kept, or uploaded with JavaScript: components/admin/image-field.tsx);
 * a file picked without JavaScript is read apart by the admin action.
 */
export const address = (message: string, accept: (value: string) => boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || accept(value), message);

type Fail = (cell: string, message: string) => void;

/**
 * A row of a row list. A row whose `cells` are all empty is no row: it is not checked (the
 * editor always shows one to type into) and the kit does not store it. Any other row needs each
 * cell `required` names, with that message beside it, and then passes `check`. `extra` cells
 * (an icon chosen in advance) do not count as something typed.
 */
export function row<
  Cells extends z.ZodRawShape,
  Extra extends z.ZodRawShape = Record<never, never>,
>(
  cells: Cells,
  rules: {
    required: Partial<Record<keyof Cells, string>>;
    extra?: Extra;
    check?: (row: Record<string, unknown>, fail: Fail) => void;
  },
) {
  const names = Object.keys(cells);
  return z.object({ ...cells, ...(rules.extra as Extra) }).superRefine((value, ctx) => {
    const cell = value as Record<string, unknown>;
    if (names.every((name) => !cell[name])) return;
    const fail: Fail = (name, message) => ctx.addIssue({ code: "custom", path: [name], message });
    for (const [name, message] of Object.entries(rules.required)) {
      if (!cell[name]) fail(name, message as string);
    }
    rules.check?.(cell, fail);
  });
}

/** A row list of at most `max` rows ("At most 4 buttons."), none when not posted. */
export const rows = <T extends z.ZodType>(of: T, max: number, many: string) =>
  z.array(of).max(max, `At most ${max} ${many}.`).default([]);
