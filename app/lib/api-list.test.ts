import { describe, expect, it } from "vitest";
import { CONTACT_STATUSES } from "#db/collections";
import { apiLeadListQuery, leadFilterOf } from "~/domain/lead-inbox";
import { API_LIMIT_MAX, apiListQuery, LIMIT_INVALID, PAGE_INVALID, paginationOf } from "./api-list";

const contacts = apiLeadListQuery(CONTACT_STATUSES);

describe("the API's list query", () => {
  it("defaults to page 1, 10 a page, every status, no search", () => {
    expect(contacts.parse({})).toEqual({ page: 1, limit: 10, status: "", search: "" });
    expect(apiListQuery(API_LIMIT_MAX).parse({})).toEqual({ page: 1, limit: 1000, search: "" });
  });

  it("reads whole numbers, a known status and a trimmed, bounded search", () => {
    expect(
      contacts.parse({ page: "3", limit: "100", status: "read", search: `  ${"a".repeat(150)} ` }),
    ).toEqual({ page: 3, limit: 100, status: "read", search: "a".repeat(100) });
    expect(contacts.parse({ status: "" }).status).toBe("");
  });

  it("refuses what means nothing, naming the parameter", () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ page: "abc" }, "page", PAGE_INVALID],
      [{ page: "0" }, "page", PAGE_INVALID],
      [{ page: "1e3" }, "page", PAGE_INVALID],
      [{ page: "99999999" }, "page", PAGE_INVALID],
      [{ limit: "0" }, "limit", LIMIT_INVALID],
      [{ limit: "1001" }, "limit", LIMIT_INVALID],
      [{ limit: " 5" }, "limit", LIMIT_INVALID],
      [
        { status: "archived" },
        "status",
        "Unknown status “archived”. Choose one of: new, read, replied.",
      ],
    ];
    for (const [query, path, message] of cases) {
      const result = contacts.safeParse(query);
      expect(result.success, JSON.stringify(query)).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        [path, message],
      ]);
    }
  });

  it("ignores parameters it does not know (a bracketed name is only a name)", () => {
    expect(contacts.parse({ "limit[$gt]": "0", "page[$ne]": "1" })).toEqual(contacts.parse({}));
  });

  it("stands for the inbox's filter, and answers the {page, pages, limit} pagination", () => {
    expect(leadFilterOf({ page: 2, status: "new", search: "ada" })).toEqual({
      status: "new",
      q: "ada",
      from: "",
      to: "",
      page: 2,
    });
    expect(paginationOf({ page: 2, pages: 3, total: 25, items: [] } as never, 10)).toEqual({
      page: 2,
      pages: 3,
      limit: 10,
      total: 25,
    });
  });
});
