import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Markdown } from "./markdown";
import { renderMarkdown } from "./markdown.server";

const render = (source: string) => renderToString(<Markdown source={source} />);

describe("Markdown", () => {
  // React reports markup problems (an empty src, a bad attribute) through console.error.
  const consoleError = vi.spyOn(console, "error");
  afterEach(() => {
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockClear();
  });

  it("never lets HTML or script URLs from content reach the page", () => {
    const html = render(
      [
        "Intro paragraph.",
        "",
        "<script>alert(1)</script>",
        "",
        'Inline <img src=x onerror=alert(1)> image and <a href="javascript:alert(2)">a link</a>.',
        "",
        "[x](javascript:alert(1)) and [y](JAVASCRIPT:alert(3)) and ![pic](javascript:alert(4))",
        "",
        '<iframe src="https://evil.example"></iframe>',
      ].join("\n"),
    );
    expect(html).toContain("Intro paragraph.");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*src="x"/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/alert\(/);
    // The words of a neutralised link stay, as plain text.
    expect(html).toMatch(/<span>x<\/span>/);
  });

  it("renders headings, lists, emphasis and tables, and keeps single line breaks", () => {
    const html = render(
      [
        "# Big heading",
        "",
        "## Section",
        "",
        "First line",
        "second line",
        "",
        "- one",
        "- **two**",
        "",
        "1. first",
        "2. second",
        "",
        "| a | b |",
        "|---|---|",
        "| 1 | 2 |",
      ].join("\n"),
    );
    // The page title is the only h1.
    expect(html).not.toContain("<h1");
    expect(html).toMatch(/<h2[^>]*>Big heading<\/h2>/);
    expect(html).toMatch(/<h2[^>]*>Section<\/h2>/);
    expect(html).toMatch(/First line<br\/>\s*(?:<!-- -->)?second line/);
    expect(html).toMatch(/<ul[^>]*>[\s\S]*<li[^>]*>one<\/li>/);
    expect(html).toMatch(/<strong[^>]*>two<\/strong>/);
    expect(html).toMatch(/<ol[^>]*>[\s\S]*<li[^>]*>first<\/li>/);
    expect(html).toMatch(/<table[^>]*>[\s\S]*<th[^>]*>a<\/th>/);
  });

  it("opens external links in a new tab without an opener, and keeps site links in the app", () => {
    const html = render(
      "[ext](https://www.example.com/x) [site](/contact) [mail](mailto:hi@example.com)",
    );
    expect(html).toMatch(
      /<a[^>]*href="https:\/\/www\.example\.com\/x"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/,
    );
    expect(html).toContain("(opens in a new tab)");
    const site = /<a[^>]*href="\/contact"[^>]*>/.exec(html)?.[0] ?? "";
    expect(site).not.toBe("");
    expect(site).not.toContain("target=");
    expect(html).toMatch(/<a[^>]*href="mailto:hi@example\.com"/);
  });
});

describe("renderMarkdown", () => {
  it("gives images stored on this site a srcset of resized variants, and others none", () => {
    const id = "0123456789abcdef01234567";
    const html = render(`![Chart](/images/${id})\n\n![Other](https://example.com/a.png)`);
    const [own, other] = html.match(/<img[^>]*>/g) ?? [];
    expect(own).toContain(`/images/${id}?w=640 640w`);
    expect(own).toContain('sizes="(min-width: 1024px) 704px');
    expect(own).toContain('loading="lazy"');
    expect(other).not.toContain("srcSet");
    expect(other).not.toContain("sizes");
  });

  it("gives the same safe HTML as a string", () => {
    const html = renderMarkdown("**hi** <script>alert(1)</script> [x](javascript:alert(1))");
    expect(html).toContain('<strong class="font-semibold text-slate-900">hi</strong>');
    expect(html).not.toMatch(/<script|javascript:/i);
  });
});
