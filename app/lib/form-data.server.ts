// Only the fields a form has. conform turns names like `a[99999999]` or `a.b.c…` into nested
// arrays and objects, and echoes the values back in its reply: a 13-byte body could ask for a
// hundred-million-slot array, and a deeply nested name overflows the stack. Copying the known
// names into a fresh FormData first makes every other name inert.
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** The top-level field names of a zod object schema (empty for anything else). */
export function schemaFields(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

/** A copy of `form` with only `names` (all their values, in order). */
export function onlyFields(form: FormData, names: Iterable<string>): FormData {
  const copy = new FormData();
  for (const name of new Set(names)) {
    for (const value of form.getAll(name)) copy.append(name, value);
  }
  return copy;
}

/** conform's parseWithZod over only the schema's own fields: the one way actions read a form. */
export function parseFormWith<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  const fields = schemaFields(schema);
  if (fields.length === 0) throw new Error("parseFormWith needs a zod object schema");
  return parseWithZod(onlyFields(form, fields), { schema });
}
