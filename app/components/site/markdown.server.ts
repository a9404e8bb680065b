// A post's Markdown as an HTML string, made on the server (see markdown.tsx for what is allowed
// through). A .server module, so the build fails if anything in the browser bundle imports it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./markdown";

export function renderMarkdown(source: string): string {
  return renderToStaticMarkup(createElement(Markdown, { source }));
}
