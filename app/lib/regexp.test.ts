import { expect, it } from "vitest";
import { escapeRegExp } from "./regexp";

it("escapeRegExp makes every metacharacter literal", () => {
  const special = "a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o";
  expect(new RegExp(`^${escapeRegExp(special)}$`).test(special)).toBe(true);
  expect(new RegExp(escapeRegExp("On-site"), "u").test("On-site - Lisbon")).toBe(true);
});
