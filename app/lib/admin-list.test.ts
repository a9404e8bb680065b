import { describe, expect, it } from "vitest";
import { listHref, nextSort, parseListState, parseSort } from "./admin-list";

const SORTABLE = ["title", "createdAt"];
const url = (search: string) => new URL(`http://x/admin/faq${search}`);

describe("parseSort", () => {
  it("reads a declared field and its direction; a direction that means nothing is ascending", () => {
    const params = (search: string) => new URLSearchParams(search);
    expect(parseSort(params("sort=title&dir=desc"), SORTABLE)).toEqual({
      field: "title",
      dir: "desc",
    });
    expect(parseSort(params("sort=createdAt"), SORTABLE)).toEqual({
      field: "createdAt",
      dir: "asc",
    });
    expect(parseSort(params("sort=title&dir=sideways"), SORTABLE)?.dir).toBe("asc");
  });

  it("ignores a field the list does not declare: the list keeps its own order", () => {
    for (const field of ["answer", "$where", "__proto__", "Title", "title ", ""]) {
      expect(parseSort(new URLSearchParams({ sort: field, dir: "asc" }), SORTABLE), field).toBe(
        null,
      );
    }
    expect(parseSort(new URLSearchParams("sort=title"), [])).toBe(null);
  });
});

describe("nextSort", () => {
  it("sorts a new column ascending, flips the sorted one, then goes back to the list's order", () => {
    expect(nextSort(null, "title")).toEqual({ field: "title", dir: "asc" });
    expect(nextSort({ field: "title", dir: "asc" }, "title")).toEqual({
      field: "title",
      dir: "desc",
    });
    expect(nextSort({ field: "title", dir: "desc" }, "title")).toBeNull();
    expect(nextSort({ field: "createdAt", dir: "asc" }, "title")).toEqual({
      field: "title",
      dir: "asc",
    });
  });
});

describe("listHref and parseListState", () => {
  it("carries the sort with the search and page, and leaves the list's own order out", () => {
    const sort = { field: "title", dir: "desc" } as const;
    expect(listHref("/admin/faq", { q: "seo", sort, page: 2 })).toBe(
      "/admin/faq?q=seo&sort=title&dir=desc&page=2",
    );
    expect(listHref("/admin/faq", { q: "seo", sort: null, page: 2 })).toBe(
      "/admin/faq?q=seo&page=2",
    );
    expect(listHref("/admin/faq", { sort }, { edit: "abc" })).toBe(
      "/admin/faq?sort=title&dir=desc&edit=abc",
    );
  });

  it("round-trips: the state a link carries is the state it is read as", () => {
    for (const search of [
      "?q=a%26b&sort=title&dir=desc&page=3",
      "?sort=createdAt&dir=asc",
      "?q=x&page=2",
      "",
    ]) {
      const state = parseListState(url(search), SORTABLE);
      expect(parseListState(url(listHref("", state)), SORTABLE), search).toEqual(state);
      expect(listHref("", state), search).toBe(search);
    }
  });

  it("drops a sort the list does not declare from the state and so from every link", () => {
    const state = parseListState(url("?q=x&sort=answer&dir=desc"), SORTABLE);
    expect(state.sort).toBe(null);
    expect(listHref("/admin/faq", state, { delete: "abc" })).toBe("/admin/faq?q=x&delete=abc");
    // Without a list of sortable fields nothing sorts (a list that declares none).
    expect(parseListState(url("?sort=title")).sort).toBe(null);
  });
});
