import { describe, expect, it } from "vitest";
import { cutAtWord, markdownExcerpt, markdownProse } from "./markdown-text.server";

describe("markdownProse", () => {
  it("keeps the words and drops the syntax", () => {
    const markdown =
      "Ship **often**, test _always_: see [the guide](https://example.com/g) and `npm test`. ~~Never~~ ![a chart](/c.png)";
    expect(markdownProse(markdown)).toBe(
      "Ship often, test always: see the guide and npm test. Never",
    );
  });

  it("leaves out headings, code blocks, tables and raw HTML", () => {
    const markdown = [
      "# Release notes",
      "```js\nconsole.log(1)\n```",
      "| a | b |\n|---|---|\n| 1 | 2 |",
      "<div>raw</div>",
      "The first sentence.",
    ].join("\n\n");
    expect(markdownProse(markdown)).toBe("The first sentence.");
  });

  it("ends each block so that the next does not run on from it", () => {
    const markdown = "## Why\n\nThree reasons\n\n- Fast\n- Cheap!\n\n> Quoted\n\nLast";
    expect(markdownProse(markdown)).toBe("Three reasons. Fast. Cheap! Quoted. Last");
  });

  it("stops reading once it has enough text", () => {
    const markdown = Array.from({ length: 50 }, (_, i) => `Paragraph ${i}.`).join("\n\n");
    const prose = markdownProse(markdown, 30);
    expect(prose.startsWith("Paragraph 0. Paragraph 1.")).toBe(true);
    expect(prose).not.toContain("Paragraph 10.");
  });
});

describe("cutAtWord", () => {
  it("leaves a short text as it is", () => {
    expect(cutAtWord("Short text.", 20)).toBe("Short text.");
  });

  it("cuts after the last whole word that fits, with an ellipsis", () => {
    expect(cutAtWord("The quick brown fox jumps", 13)).toBe("The quick...");
    // The word ending exactly at the limit is whole.
    expect(cutAtWord("The quick brown fox", 15)).toBe("The quick brown...");
  });

  it("drops a dangling comma or dash before the ellipsis", () => {
    expect(cutAtWord("Fast, cheap, good", 12)).toBe("Fast, cheap...");
    expect(cutAtWord("One thing – another", 12)).toBe("One thing...");
  });

  it("cuts inside a single word longer than the limit", () => {
    expect(cutAtWord("Supercalifragilistic", 5)).toBe("Super...");
  });
});

describe("markdownExcerpt", () => {
  it("is the prose cut at a word boundary", () => {
    const markdown = "## Heading\n\nShipping on **Fridays** is fine when the tests are good.";
    expect(markdownExcerpt(markdown, 30)).toBe("Shipping on Fridays is fine...");
  });
});
