// A post's Markdown as an HTML string, made on the server (see markdown.tsx for what is allowed
// through). A .server module, so the build fails if anything in the browser bundle imports it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./markdown";

/**
 * Parsing and rendering a post's Markdown is most of an uncached post page's CPU (about 10 ms
 * for a demo post). The result depends on the text alone, so the HTML of recently read texts is
 * kept; an edited post is a new text and renders again. Bounded, least recently used first.
 */
const MAX_KEPT = 200;
const rendered = new Map<string, string>();

export function renderMarkdown(source: string): string {
  const kept = rendered.get(source);
  if (kept !== undefined) {
    rendered.delete(source);
    rendered.set(source, kept);
    return kept;
  }
  const html = renderToStaticMarkup(createElement(Markdown, { source }));
  rendered.set(source, html);
  if (rendered.size > MAX_KEPT) rendered.delete(rendered.keys().next().value as string);
  return html;
}
