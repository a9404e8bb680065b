import { describe, expect, it } from "vitest";
import { pageItems, parsePage } from "./pagination";

describe("pageItems", () => {
  it("shows nothing for a single page", () => {
    expect(pageItems(1, 1)).toEqual([]);
    expect(pageItems(1, 0)).toEqual([]);
  });
  it("shows every page when there is no gap", () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it("keeps first, last and current ±1 with ellipses", () => {
    expect(pageItems(1, 10)).toEqual([1, 2, "ellipsis-end", 10]);
    expect(pageItems(5, 10)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 10]);
    expect(pageItems(10, 10)).toEqual([1, "ellipsis-start", 9, 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, "ellipsis-end", 10]);
  });
});

describe("parsePage", () => {
  it("accepts positive integers only", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("-2")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("abc")).toBe(1);
    expect(parsePage("99999999999")).toBe(1);
  });
});
