import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "./pagination";

/** Each list item's text, and whether a phone shows it (max-sm:hidden) or only a phone (sm:hidden). */
function row(page: number, pages: number) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <Pagination page={page} pages={pages} hrefFor={(p) => `/list?page=${p}`} />
    </MemoryRouter>,
  );
  return [...html.matchAll(/<li([^>]*)>(.*?)<\/li>/g)].map(([, attributes = "", inner = ""]) => {
    const text = inner.replace(/<[^>]+>/g, "").replace("Page ", "");
    if (attributes.includes("max-sm:hidden")) return `${text}:wide`;
    if (attributes.includes("sm:hidden")) return `${text}:phone`;
    return text;
  });
}

describe("Pagination on a phone", () => {
  it("a short row shows every number; First and Last give way to them", () => {
    expect(row(2, 3)).toEqual(["First:wide", "Previous", "1", "2", "3", "Next", "Last:wide"]);
  });

  it("a long row keeps the first, current and last numbers, an ellipsis for each gap", () => {
    expect(row(5, 9)).toEqual([
      "First:wide",
      "Previous",
      "1",
      "…",
      "4:wide",
      "5",
      "6:wide",
      "…",
      "9",
      "Next",
      "Last:wide",
    ]);
    // Page 3: 1 2 3 4 … 9 in full, 1 … 3 … 9 on a phone.
    expect(row(3, 9)).toEqual([
      "First:wide",
      "Previous",
      "1",
      "…:phone",
      "2:wide",
      "3",
      "4:wide",
      "…",
      "9",
      "Next",
      "Last:wide",
    ]);
  });
});
