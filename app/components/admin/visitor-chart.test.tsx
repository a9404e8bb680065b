import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { chartSummary, niceScale, VisitorChart } from "./visitor-chart";

const series = (counts: number[], end = "2026-06-04") => {
  const last = Date.parse(`${end}T00:00:00Z`);
  return counts.map((count, i) => ({
    date: new Date(last - (counts.length - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    count,
  }));
};

describe("niceScale", () => {
  it("rounds the top of the axis up to a round step", () => {
    expect(niceScale(0)).toEqual({ top: 10, step: 5 });
    expect(niceScale(3)).toEqual({ top: 3, step: 1 });
    expect(niceScale(7)).toEqual({ top: 8, step: 2 });
    expect(niceScale(287)).toEqual({ top: 300, step: 100 });
    expect(niceScale(312)).toEqual({ top: 400, step: 100 });
    expect(niceScale(1450)).toEqual({ top: 1500, step: 500 });
  });
});

describe("VisitorChart", () => {
  it("draws one bar per day with a tooltip, and summarises the chart for screen readers", () => {
    const days = series([...Array.from({ length: 28 }, () => 100), 0, 250]);
    const html = renderToStaticMarkup(<VisitorChart series={days} today="2026-06-04" />);
    expect(html.match(/<rect /g)).toHaveLength(30);
    expect(html).toContain('role="img"');
    const summary = chartSummary(days);
    expect(summary).toBe(
      "Bar chart of visitors per day from May 6, 2026 to June 4, 2026: 3,050 visitors in total, 102 a day on average, the most on June 4, 2026 with 250.",
    );
    expect(html).toContain(`aria-label="${summary}"`);
    expect(html).toContain(
      '<title id="visitor-chart-title">Visitors per day, last 30 days</title>',
    );
    expect(html).toContain(`<desc id="visitor-chart-desc">${summary}</desc>`);
    expect(html).toContain("<title>Thu, Jun 4, 2026: 250 visitors (today)</title>");
    expect(html).toContain("<title>Wed, Jun 3, 2026: 0 visitors</title>");
    // Responsive: a viewBox, no fixed pixel size.
    expect(html).toContain('viewBox="0 0 300 100"');
    // Axis labels: the scale (0-300) and dates a week apart ending today.
    expect(html).toMatch(/>300<\/span>/);
    expect(html).toContain(">Today</span>");
    expect(html).toContain(">May 28</span>");
    expect(html).toContain(">May 7</span>");
  });

  it("says there were no visitors when every day is 0", () => {
    const html = renderToStaticMarkup(<VisitorChart series={series(Array(30).fill(0))} />);
    expect(html.match(/<rect /g)).toHaveLength(30);
    expect(html).toContain("no visitors recorded");
  });
});
