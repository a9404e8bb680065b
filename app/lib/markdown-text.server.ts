// Markdown as a short plain-text excerpt (a blog card's text, a post's meta description and feed
// entry when its author wrote no excerpt). The Markdown is parsed by the same parser the site
// renders it with (remark, with GitHub's extensions), so what is syntax never leaks into the
// text: no `**`, no `[text](url)`, no table pipes. Only the prose is kept: paragraphs, list items
// and quotes; headings, code blocks, tables, images and raw HTML are no sentences a reader could
// follow in a two-line preview. Each block keeps its end, so "Fast" and "Cheap" in a list read
// "Fast. Cheap." rather than running on as "Fast Cheap".
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

/** The parts of a Markdown syntax tree (mdast) read here. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

const parser = unified().use(remarkParse).use(remarkGfm);

/**
 * How much of a long body is parsed: an excerpt needs its first few paragraphs, and a post may
 * be 100,000 characters long. Cut at a blank line, so no paragraph is split in two.
 */
const PARSED_CHARACTERS = 8_000;

/** Blocks whose text is not prose (and their insides). */
const SKIPPED = new Set([
  "heading",
  "code",
  "html",
  "table",
  "thematicBreak",
  "definition",
  "footnoteDefinition",
  "yaml",
]);

/** Inline text of a paragraph: emphasis, links and code spans as their words, images dropped. */
function inlineText(node: MdNode): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
      return node.value ?? "";
    case "break":
      return " ";
    case "image":
    case "imageReference":
    case "footnoteReference":
    case "html":
      return "";
    default:
      return (node.children ?? []).map(inlineText).join("");
  }
}

/** The paragraphs of `node`, in order, each as one line of plain text, until `min` characters. */
function paragraphs(node: MdNode, out: string[], min: number): void {
  for (const child of node.children ?? []) {
    if (out.join(" ").length > min) return;
    if (SKIPPED.has(child.type)) continue;
    if (child.type === "paragraph") {
      const text = inlineText(child).replace(/\s+/g, " ").trim();
      if (text) out.push(text);
    } else {
      paragraphs(child, out, min);
    }
  }
}

/** A sentence's end, so that the next block does not run on from it. */
const withEnd = (text: string) => (/[.!?…:;]["'”’)\]]*$/.test(text) ? text : `${text}.`);

/** The prose of `markdown` as one line of plain text, at least `min` characters when it has them. */
export function markdownProse(markdown: string, min = Number.POSITIVE_INFINITY): string {
  let source = markdown;
  if (source.length > PARSED_CHARACTERS) {
    const blank = source.lastIndexOf("\n\n", PARSED_CHARACTERS);
    source = source.slice(0, blank > 0 ? blank : PARSED_CHARACTERS);
  }
  const out: string[] = [];
  paragraphs(parser.parse(source) as MdNode, out, min);
  return out.map((block, index) => (index < out.length - 1 ? withEnd(block) : block)).join(" ");
}

/**
 * `text` cut to at most `max` characters at a word boundary, with "..." when cut: the last
 * whole word that fits, without a dangling comma or dash. A single word longer than `max` is
 * cut inside it (there is no boundary to cut at).
 */
export function cutAtWord(text: string, max: number, ellipsis = "..."): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max + 1).join("");
  const boundary = head.search(/\s\S*$/);
  const kept = boundary > 0 ? head.slice(0, boundary) : chars.slice(0, max).join("");
  return `${kept.replace(/[\s,;:–—-]+$/, "")}${ellipsis}`;
}

/** A plain-text excerpt of `markdown`: its prose, cut at a word boundary to `max` characters. */
export const markdownExcerpt = (markdown: string, max: number): string =>
  cutAtWord(markdownProse(markdown, max), max);
