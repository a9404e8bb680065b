// The header row of an admin table: a column that sorts is a link that works without
// JavaScript, the sorted one says so (aria-sort, an arrow), and the link says what a click does.
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render-route";
import { ListTable } from "./list-controls";
import { type Sorting, SortLinks } from "./sort-header";

const COLUMNS = [
  { label: "Title", sort: "title" },
  { label: "Date", className: "hidden lg:table-cell", sort: "createdAt" },
  { label: "Answer" },
];

function header(sorting?: Sorting): string {
  const html = renderPage(
    () => (
      <ListTable
        columns={COLUMNS}
        items={[]}
        emptyText="No FAQs found."
        row={() => null}
        sorting={sorting}
      />
    ),
    "/admin/faq",
    {},
  );
  return html.slice(html.indexOf("<thead"), html.indexOf("</thead>"));
}

const href = (sort: { field: string; dir: string } | null) =>
  sort ? `/admin/faq?q=seo&sort=${sort.field}&dir=${sort.dir}` : "/admin/faq?q=seo";
const cells = (html: string) => html.split(/<th[ >]/).slice(1);

describe("a table's header row", () => {
  it("links each column that sorts, ascending first; the others stay text", () => {
    const [title, date, answer] = cells(header({ current: null, href }));
    expect(title).toContain('href="/admin/faq?q=seo&amp;sort=title&amp;dir=asc"');
    expect(title).not.toContain("aria-sort");
    // The link is named by the label and described by what a click does.
    expect(title).toMatch(
      /aria-describedby="([^"]+)"[^>]*>Title<svg.*<span id="\1" hidden="">Sort by Title, ascending<\/span>/,
    );
    expect(date).toContain('class="px-4 py-3 font-semibold sm:px-6 hidden lg:table-cell"');
    expect(date).toContain("sort=createdAt&amp;dir=asc");
    expect(answer).not.toContain("<a");
    expect(answer).toContain(">Answer</th>");
  });

  it("marks the sorted column; its link flips the direction, then goes back to the list's order", () => {
    const [title, date] = cells(header({ current: { field: "title", dir: "asc" }, href }));
    expect(title).toContain('aria-sort="ascending"');
    expect(title).toContain("sort=title&amp;dir=desc");
    expect(title).toContain("Sort by Title, descending</span>");
    expect(date).not.toContain("aria-sort");
    expect(date).toContain("sort=createdAt&amp;dir=asc");
    const [flipped] = cells(header({ current: { field: "title", dir: "desc" }, href }));
    expect(flipped).toContain('aria-sort="descending"');
    expect(flipped).toContain('href="/admin/faq?q=seo"');
    expect(flipped).toContain("Back to the list&#x27;s own order</span>");
  });

  it("has no links when the list does not sort", () => {
    expect(header()).not.toContain("<a");
    expect(header()).not.toContain("aria-sort");
  });
});

describe("the sort links of a table without a header row on phones", () => {
  const links = (sorting: Sorting) =>
    renderPage(() => <SortLinks columns={COLUMNS} sorting={sorting} />, "/admin/faq", {});

  it("links each column that sorts, the same way the header does, and only those", () => {
    const html = links({ current: null, href });
    expect(html).toContain('aria-label="Sort the list"');
    expect(html).toContain('href="/admin/faq?q=seo&amp;sort=title&amp;dir=asc"');
    expect(html).toContain('href="/admin/faq?q=seo&amp;sort=createdAt&amp;dir=asc"');
    expect(html).not.toContain("Answer");
    expect(html).not.toContain("aria-current");
  });

  it("marks the sorted one, in words too, and flips it on the next press", () => {
    const html = links({ current: { field: "title", dir: "asc" }, href });
    const [title, date] = html.split("<a ").slice(1);
    expect(title).toContain('aria-current="true"');
    expect(title).toContain('href="/admin/faq?q=seo&amp;sort=title&amp;dir=desc"');
    expect(title).toContain(", sorted ascending");
    expect(date).not.toContain("aria-current");
  });

  it("draws nothing when no column sorts", () => {
    const html = renderPage(
      () => <SortLinks columns={[{ label: "Answer" }]} sorting={{ current: null, href }} />,
      "/admin/faq",
      {},
    );
    expect(html).not.toContain("Sort the list");
  });
});
