// recordFrom (types.ts): a record read off the schema that checks its fields, as plain as the
// OpenAPI document has always described records (no limits, no messages), in the schema's order.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { address, requiredText, row, rows, text } from "./document-schema";
import { recordFrom } from "./types";

const described = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "output" });

describe("recordFrom", () => {
  it("reads each field as the type of what is posted, without the schema's limits", () => {
    const schema = z.object({
      title: requiredText("Title", 20, "Title is required."),
      note: text("Note", 50, { lines: true }),
      image: address("Please upload a valid image.", () => true),
      kind: z.enum(["a", "b"], { error: "Pick one." }).default("a"),
      on: z
        .boolean()
        .optional()
        .transform((value) => value ?? false),
      team: rows(
        row({ name: text("Name", 10) }, { required: { name: "Name is required." } }),
        3,
        "rows",
      ),
      contact: z
        .object({ email: requiredText("Email", 254, "Email is required.").pipe(z.email("Bad.")) })
        .prefault({ email: "" }),
    });
    const plain = z.object({
      title: z.string(),
      note: z.string(),
      image: z.string(),
      kind: z.enum(["a", "b"]),
      on: z.boolean(),
      team: z.array(z.object({ name: z.string() })),
      contact: z.object({ email: z.string() }),
    });
    expect(described(recordFrom(schema))).toEqual(described(plain));
  });

  it("puts an override in its field's place and adds new fields at the end", () => {
    const schema = z.object({
      a: z.string(),
      tags: z.string().transform((value) => value.split(",")),
      b: z.string(),
    });
    const tags = z.array(z.string()).describe("Tags, in the order typed");
    const record = recordFrom(schema, { tags, order: z.number().int() });
    expect(Object.keys(record.shape)).toEqual(["a", "tags", "b", "order"]);
    expect(described(record.shape.tags)).toEqual(described(tags));
  });

  it("refuses a field whose plain type it cannot tell, naming the way out", () => {
    expect(() => recordFrom(z.object({ rating: z.number().int() }))).toThrow(
      "recordFrom: a number field has no plain type; give it in overrides",
    );
    expect(
      recordFrom(z.object({ rating: z.number() }), { rating: z.number() }).shape.rating,
    ).toBeDefined();
  });
});
