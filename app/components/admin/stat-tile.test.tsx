import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { StatTile } from "./stat-tile";

function render(element: React.ReactElement): string {
  // <Link> needs a router around it.
  return renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
}

describe("StatTile", () => {
  it("shows the label, the figure with separators, the sub-text and a link to its list", () => {
    const html = render(
      <StatTile
        label="New quote requests"
        value={12345}
        sub="Pending"
        href="/admin/dashboard/quotes"
        linkLabel="View quote requests"
      />,
    );
    expect(html).toContain("New quote requests</h3>");
    expect(html).toContain("12,345");
    expect(html).toContain("Pending");
    expect(html).toMatch(/<a [^>]*href="\/admin\/dashboard\/quotes"[^>]*>View quote requests/);
  });

  it("links to a place on the same page with a plain anchor", () => {
    const html = render(
      <StatTile label="Visitors Today" value={5} href="#stats" linkLabel="See" />,
    );
    expect(html).toMatch(/<a href="#stats" class="[^"]*">See/);
  });

  it("has no link without href", () => {
    const html = render(<StatTile label="Visitors Today" value={0} />);
    expect(html).toContain(">0</p>");
    expect(html).not.toContain("<a ");
  });
});
