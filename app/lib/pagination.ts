// Which page numbers a list shows: always the first and last page and the current page ±1,
// with an ellipsis for each gap.

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 1) return [];
  const shown = new Set([1, pages, current - 1, current, current + 1]);
  const items: PageItem[] = [];
  let previous = 0;
  for (let page = 1; page <= pages; page++) {
    if (!shown.has(page)) continue;
    if (page - previous > 1) items.push(previous === 1 ? "ellipsis-start" : "ellipsis-end");
    items.push(page);
    previous = page;
  }
  return items;
}

/** A page number from the query string: a positive integer, else 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
