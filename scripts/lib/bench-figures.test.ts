import { describe, expect, it } from "vitest";
import { median, medianRatio, wordpressUncached } from "./bench-figures";

describe("median", () => {
  it("takes the middle value whatever the order", () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([7])).toBe(7);
  });

  it("takes the mean of the two middle values for an even count", () => {
    expect(median([40, 10, 30, 20])).toBe(25);
  });

  it("refuses no values", () => {
    expect(() => median([])).toThrow(/no values/);
  });
});

describe("medianRatio", () => {
  it("takes each round's ratio, then the median, not the ratio of the medians", () => {
    // Rounds: 10/10 = 1, 20/40 = 0.5, 30/15 = 2. The ratio of the medians would be 20/15.
    expect(medianRatio([10, 20, 30], [10, 40, 15])).toBe(1);
  });

  it("refuses rounds missing on one side", () => {
    expect(() => medianRatio([1, 2], [1])).toThrow(/one figure per round/);
  });
});

describe("wordpressUncached", () => {
  it("is the issue's figure for the home page and a blog post", () => {
    expect(wordpressUncached("/")).toEqual({ rps: 54, label: "54" });
    expect(wordpressUncached("/blog/517152c8fa188b4eb2ed1b17")).toEqual({ rps: 41, label: "41" });
  });

  it("says when the home page's figure stands for a page WordPress was not measured on", () => {
    expect(wordpressUncached("/services")).toEqual({ rps: 54, label: "54 (`/`'s)" });
    expect(wordpressUncached("/internships?domain=Tech").label).toMatch(/`\/`/);
  });
});
