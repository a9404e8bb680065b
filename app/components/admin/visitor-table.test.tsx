import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NO_VISITOR_DATA, VisitorTable, weekdayName } from "./visitor-table";

describe("weekdayName", () => {
  it("names the UTC day in English, whatever the server's time zone", () => {
    expect(weekdayName("2026-06-03")).toBe("Wednesday");
    expect(weekdayName("2026-06-07")).toBe("Sunday");
    expect(weekdayName("2024-02-29")).toBe("Thursday");
    expect(weekdayName("not a date")).toBe("");
  });
});

describe("VisitorTable", () => {
  it("shows one row per stat with the date, the figure and the day of the week", () => {
    const html = renderToStaticMarkup(
      <VisitorTable
        today="2026-06-04"
        stats={[
          { date: "2026-06-04", count: 1234 },
          { date: "2026-06-03", count: 87 },
        ]}
      />,
    );
    expect(html).toContain(">Date</th>");
    expect(html).toContain(">Visitors</th>");
    expect(html).toContain(">Day of week</th>");
    expect(html.match(/<tr/g)).toHaveLength(3);
    expect(html).toMatch(/2026-06-04<\/time>.*Today.*1,234.*Thursday/);
    expect(html).toMatch(/2026-06-03<\/time><\/td>.*87.*Wednesday/);
    expect(html).not.toContain(NO_VISITOR_DATA);
  });

  it("says so when there is no data", () => {
    const html = renderToStaticMarkup(<VisitorTable stats={[]} />);
    expect(html).toContain("No visitor data available");
    expect(html).not.toContain("<table");
  });
});
