// The browser's zod-free checks (lead-checks.ts) must say exactly what the server's zod schemas
// say: same fields in error, same messages in the same order, same constraint attributes.
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SERVICE_OPTIONS } from "#db/collections";
import { contactMessageSchema } from "./contact-message";
import {
  contactChecks,
  EMAIL_PATTERN,
  type LeadFormChecks,
  parseLeadForm,
  quoteChecks,
  subscribeChecks,
} from "./lead-checks";
import { subscribeSchema } from "./newsletter";
import { quoteSchema } from "./quote";

const FORMS: [string, z.ZodType<Record<string, unknown>>, LeadFormChecks][] = [
  ["quote", quoteSchema, quoteChecks],
  ["contact", contactMessageSchema, contactChecks],
  ["newsletter", subscribeSchema, subscribeChecks],
];

// Values that reach each rule's edge: blank, whitespace, bounds, control characters, odd
// addresses and phone numbers.
const TEXTS = [
  "",
  " ",
  "   ",
  "a",
  " Ada Lovelace ",
  "Ada\nLovelace",
  "tab\there",
  "x".repeat(100),
  "x".repeat(101),
  ` ${"x".repeat(100)} `,
  `${"x\n".repeat(60)}`,
  "x".repeat(5000),
  "x".repeat(5001),
  "1.234,56",
];
const EMAILS = [
  "ada@example.com",
  " ada@example.com ",
  "ada@example",
  "ada@@example.com",
  ".ada@example.com",
  "a..b@example.com",
  "ada.lovelace+bureau@mail.example.co.uk",
  "o'brien@example.ie",
  "ada@-example.com",
  "ada@example.c",
  "ädä@example.com",
  `${"a".repeat(250)}@example.com`,
  `${"a".repeat(240)}@example.com`,
  "@example.com",
  "ada@",
];
const PHONES = [
  "+49 30 555 0100",
  "(030) 555-0100",
  "555.0100",
  "12345",
  "123456",
  "1".repeat(20),
  "1".repeat(21),
  "1".repeat(31),
  "+49 30 555 0100 ext 7",
  "abc",
  " +1 202 555 0100 ",
  "   ",
];
/** A quote that passes every check: the base the samples vary one field of at a time. */
const VALID = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+49 30 555 0100",
  service: "SEO",
  message: "A website for the Analytical Engine.",
};
const SERVICES = [...SERVICE_OPTIONS, "", "seo", " SEO", "Something else"];

function* samples(): Generator<Record<string, string | undefined>> {
  for (const text of [...TEXTS, ...EMAILS, ...PHONES, undefined]) {
    yield { name: text, email: text, phone: text, service: text, message: text };
  }
  for (const email of EMAILS) yield { ...VALID, email };
  for (const phone of PHONES) yield { ...VALID, phone };
  for (const service of SERVICES) yield { ...VALID, service };
  for (const name of TEXTS) yield { ...VALID, name };
  for (const message of TEXTS) yield { ...VALID, message };
}

function formData(values: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) form.set(name, value);
  }
  return form;
}

describe("the browser's form checks match the zod schemas", () => {
  for (const [form, schema, checks] of FORMS) {
    it(`${form}: the same errors and messages for every sample`, () => {
      let count = 0;
      for (const values of samples()) {
        const expected = parseWithZod(formData(values), { schema });
        const actual = parseLeadForm(formData(values), checks);
        expect(actual.status, JSON.stringify(values)).toBe(expected.status);
        expect(actual.reply().error, JSON.stringify(values)).toEqual(expected.reply().error);
        count++;
      }
      expect(count).toBeGreaterThan(80);
    });

    it(`${form}: the same constraint attributes`, () => {
      expect(checks.constraint).toEqual(getZodConstraint(schema));
    });
  }

  it("reads addresses like zod's own e-mail pattern", () => {
    const addresses = [
      ...EMAILS,
      "a-b_c'd+e@x-y.example",
      "a.b.c@example.org",
      "a.@example.com",
      "-a@example.com",
      "a@example.com.",
      "a b@example.com",
      "a@ex_ample.com",
    ];
    for (const address of addresses) {
      expect(EMAIL_PATTERN.test(address), address).toBe(z.regexes.email.test(address));
    }
    // The same text once the formatter's escapes are set aside, so a change in zod shows here.
    const plain = (pattern: RegExp) => pattern.source.replaceAll("\\-", "-");
    expect(plain(EMAIL_PATTERN)).toBe(plain(z.regexes.email));
  });
});
