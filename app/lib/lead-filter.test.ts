import { describe, expect, it } from "vitest";
import { dayRange, isFiltered, leadFilterSearch, parseDay, parseLeadFilter } from "./lead-filter";

const STATUSES = ["new", "read", "replied"] as const;
const parse = (search: string) => parseLeadFilter(new URL(`http://x/p${search}`), STATUSES);

describe("parseDay", () => {
  it("keeps real calendar days only", () => {
    expect(parseDay("2026-02-28")).toBe("2026-02-28");
    expect(parseDay(" 2028-02-29 ")).toBe("2028-02-29");
    for (const bad of ["2026-02-29", "2026-13-01", "2026-1-5", "yesterday", "", null, undefined]) {
      expect(parseDay(bad), String(bad)).toBe("");
    }
  });
});

describe("parseLeadFilter", () => {
  it("reads status, search, days and page; drops what means nothing", () => {
    expect(parse("?status=read&q=%20ana%20&from=2026-01-02&to=2026-01-03&page=2")).toEqual({
      status: "read",
      q: "ana",
      from: "2026-01-02",
      to: "2026-01-03",
      page: 2,
    });
    expect(parse("?status=pending&from=2026-02-30&page=-3")).toEqual({
      status: "",
      q: "",
      from: "",
      to: "",
      page: 1,
    });
    expect(parse(`?q=${"x".repeat(500)}`).q).toHaveLength(100);
  });
});

describe("leadFilterSearch", () => {
  it("writes the filter back, leaving out empty values and page 1", () => {
    expect(leadFilterSearch(parse(""))).toBe("");
    expect(leadFilterSearch(parse("?page=1&q=&status="))).toBe("");
    expect(leadFilterSearch({ ...parse("?status=new&q=a b&to=2026-01-03"), page: 3 })).toBe(
      "?status=new&q=a+b&to=2026-01-03&page=3",
    );
    expect(leadFilterSearch({ ...parse("?q=x"), page: 3 }, { page: false })).toBe("?q=x");
  });

  it("round-trips through the parser", () => {
    const filter = parse("?status=replied&q=%26%3D%3F&from=2026-05-01&page=4");
    expect(parse(leadFilterSearch(filter))).toEqual(filter);
    expect(isFiltered(filter)).toBe(true);
    expect(isFiltered(parse("?page=2"))).toBe(false);
  });
});

describe("dayRange", () => {
  it("covers whole UTC days, both included", () => {
    expect(dayRange({ from: "2026-01-31", to: "2026-01-31" })).toEqual({
      gte: new Date("2026-01-31T00:00:00.000Z"),
      lt: new Date("2026-02-01T00:00:00.000Z"),
    });
    expect(dayRange({ from: "", to: "2026-12-31" })).toEqual({
      lt: new Date("2027-01-01T00:00:00.000Z"),
    });
    expect(dayRange({ from: "", to: "" })).toEqual({});
  });
});

describe("the lead list's order", () => {
  const SORTABLE = ["name", "status"];
  const sorted = (search: string) =>
    parseLeadFilter(new URL(`http://x/p${search}`), STATUSES, SORTABLE);

  it("reads a column that sorts, and ignores one that does not", () => {
    expect(sorted("?sort=name&dir=desc").sort).toEqual({ field: "name", dir: "desc" });
    expect(sorted("?sort=message&dir=desc").sort).toBeUndefined();
    // Without the kind's columns nothing sorts.
    expect(parse("?sort=name").sort).toBeUndefined();
  });

  it("rides along with the filter (the list, the way back from a lead, the export)", () => {
    const filter = sorted("?status=new&q=ana&sort=status&dir=desc&page=2");
    expect(leadFilterSearch(filter)).toBe("?status=new&q=ana&sort=status&dir=desc&page=2");
    expect(leadFilterSearch(filter, { page: false })).toBe(
      "?status=new&q=ana&sort=status&dir=desc",
    );
    expect(sorted(leadFilterSearch(filter))).toEqual(filter);
    // Sorting is not filtering: "Clear" and the export's note still speak of the whole list.
    expect(isFiltered(sorted("?sort=name"))).toBe(false);
  });
});
