// Highlights admin: home-page order, create / edit / move / delete keeping positions 0, 1, 2…,
// validation messages, 404 for malformed or unknown ids, and the home page seeing the change.
import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import {
  HIGHLIGHT_DESCRIPTION_MAX,
  HIGHLIGHT_LABEL_MAX,
  HIGHLIGHT_REQUIRED,
  HIGHLIGHT_TITLE_MAX,
  highlights,
} from "~/content/highlights";
import { POSITION_MESSAGE } from "~/content/kit/types";
import {
  callRoute,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { DRIVER_DETAIL, type FailureMode } from "../../../tests/support/failing-writes";
import { loader as homeLoader } from "../home";
import { action, loader } from "./highlights";

const PAGE = highlights.admin.path;
const HIGHLIGHT_NOT_FOUND = highlights.texts.notFound;

const failures = vi.hoisted(() => ({ mode: null as FailureMode }));
vi.mock("~/content/stores.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/content/stores.server")>();
  const { failingWrites } = await import("../../../tests/support/failing-writes");
  const store = original.highlightStore;
  return {
    ...original,
    highlightStore: { ...store, ...failingWrites(store, ["create", "update"], failures) },
  };
});

afterAll(closeDatabase);

let me: SignedIn;
beforeEach(async () => {
  failures.mode = null;
  const { highlights } = await getCollections();
  await highlights.deleteMany({});
  me = await signInFresh();
});

const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });
const post = (fields: Record<string, string>, path = PAGE) =>
  callRoute(action, path, { cookie: me.cookie, fields });
const MISSING = "0123456789abcdef01234567";

async function seed(...titles: string[]) {
  const { highlights } = await getCollections();
  const at = new Date(Date.UTC(2026, 0, 1));
  const ids = titles.map(() => new ObjectId());
  await highlights.insertMany(
    titles.map((title, order) => ({
      _id: ids[order] as ObjectId,
      title,
      label: `${title} label`,
      description: `${title} description`,
      order,
      createdAt: at,
      updatedAt: at,
    })),
  );
  return ids.map((id) => id.toHexString());
}

/** Titles in home-page order, and their stored orders. */
async function homeOrder() {
  const { highlights } = await getCollections();
  // The cards on the home page: none in the trash.
  const docs = await highlights
    .find({ deletedAt: { $exists: false } })
    .sort({ order: 1 })
    .toArray();
  return { titles: docs.map((d) => d.title), orders: docs.map((d) => d.order) };
}

describe("the highlights list", () => {
  it("is in home-page order with 1-based positions", async () => {
    await seed("A", "B", "C");
    const data = await get(PAGE);
    expect(
      data.items.map((h: { title: string; position: number }) => [h.title, h.position]),
    ).toEqual([
      ["A", 1],
      ["B", 2],
      ["C", 3],
    ]);
    expect(data).toMatchObject({ count: 3, total: 3, formOpen: false });
  });

  it("searches and keeps each card's real position", async () => {
    await seed("Support", "Team", "Results");
    const data = await get(`${PAGE}?q=RESULTS`);
    expect(
      data.items.map((h: { title: string; position: number }) => [h.title, h.position]),
    ).toEqual([["Results", 3]]);
  });

  it("is empty on an empty collection", async () => {
    expect(await get(PAGE)).toMatchObject({ items: [], total: 0, count: 0 });
  });

  it("answers 404 for a malformed or unknown id to edit or delete", async () => {
    for (const query of ["edit=zzz", `edit=${MISSING}`, "delete=1", `delete=${MISSING}`]) {
      const outcome = await get(`${PAGE}?${query}`);
      expect(statusOf(outcome), query).toBe(404);
      expect(outcome.data).toBe(HIGHLIGHT_NOT_FOUND);
    }
  });
});

describe("creating a highlight", () => {
  it("goes last by default, trimmed and stamped, with a flash", async () => {
    await seed("A", "B");
    const response = await post({
      intent: "save",
      title: " New ",
      label: "",
      description: " Fresh. ",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(response.headers.get("Set-Cookie")).toMatch(/^bureau_flash=/);
    expect(await homeOrder()).toEqual({ titles: ["A", "B", "New"], orders: [0, 1, 2] });
    const { highlights } = await getCollections();
    expect(await highlights.findOne({ title: "New" })).toMatchObject({
      label: "",
      description: "Fresh.",
      updatedBy: "editor@bureau.test",
      createdAt: expect.any(Date),
    });
  });

  it("goes to the chosen position, the others move down (and change icon)", async () => {
    await seed("A", "B");
    await post({ intent: "save", title: "First", description: "d", position: "1" });
    expect(await homeOrder()).toEqual({ titles: ["First", "A", "B"], orders: [0, 1, 2] });
    await post({ intent: "save", title: "Far", description: "d", position: "99" });
    expect((await homeOrder()).titles).toEqual(["First", "A", "B", "Far"]);
  });

  it.each([
    [{ title: "", description: "d" }, { title: [HIGHLIGHT_REQUIRED] }],
    [{ title: "t", description: "  " }, { description: [HIGHLIGHT_REQUIRED] }],
    [{}, { title: [HIGHLIGHT_REQUIRED], description: [HIGHLIGHT_REQUIRED] }],
    [
      { title: "x".repeat(HIGHLIGHT_TITLE_MAX + 1), description: "d" },
      { title: [`The title can be at most ${HIGHLIGHT_TITLE_MAX} characters long.`] },
    ],
    [
      { title: "t", label: "x".repeat(HIGHLIGHT_LABEL_MAX + 1), description: "d" },
      { label: [`The label can be at most ${HIGHLIGHT_LABEL_MAX} characters long.`] },
    ],
    [
      { title: "t", description: "x".repeat(HIGHLIGHT_DESCRIPTION_MAX + 1) },
      {
        description: [
          `The description can be at most ${HIGHLIGHT_DESCRIPTION_MAX} characters long.`,
        ],
      },
    ],
    [{ title: "t", description: "d", position: "0" }, { position: [POSITION_MESSAGE] }],
    [{ title: "t", description: "d", position: "two" }, { position: [POSITION_MESSAGE] }],
    [{ title: "t", description: "d", position: "1.5" }, { position: [POSITION_MESSAGE] }],
  ])("refuses %j with 400 and the errors beside the fields", async (fields, errors) => {
    const outcome = await post({ intent: "save", ...fields });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual(errors);
    const { highlights } = await getCollections();
    expect(await highlights.countDocuments({})).toBe(0);
  });

  it("shows on the home page", async () => {
    await seed("A");
    await post({ intent: "save", title: "On the home page", label: "L", description: "D" });
    const home = await homeLoader({ request: new Request("http://localhost/") } as never);
    expect(home.highlights.map((h: { title: string }) => h.title)).toEqual([
      "A",
      "On the home page",
    ]);
  });
});

describe("editing and moving", () => {
  it("updates the fields, stamps the admin and keeps the place unless a position is chosen", async () => {
    const [, b] = await seed("A", "B", "C");
    let response = await post(
      { intent: "save", id: b as string, title: "B2", label: "", description: "new" },
      `${PAGE}?edit=${b}`,
    );
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(await homeOrder()).toEqual({ titles: ["A", "B2", "C"], orders: [0, 1, 2] });
    response = await post({
      intent: "save",
      id: b as string,
      title: "B2",
      description: "new",
      position: "3",
    });
    expect(response.status).toBe(302);
    expect(await homeOrder()).toEqual({ titles: ["A", "C", "B2"], orders: [0, 1, 2] });
    const { highlights } = await getCollections();
    expect(await highlights.findOne({ title: "B2" })).toMatchObject({
      updatedBy: "editor@bureau.test",
    });
  });

  it("moves up and down with a POST, keeping the list's search and page", async () => {
    const [a, , c] = await seed("A", "B", "C");
    const response = await post({ intent: "move", id: c as string, position: "1" }, `${PAGE}?q=x`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=x`);
    expect((await homeOrder()).titles).toEqual(["C", "A", "B"]);
    await post({ intent: "move", id: a as string, position: "3" });
    expect(await homeOrder()).toEqual({ titles: ["C", "B", "A"], orders: [0, 1, 2] });
  });

  it("refuses a move without a valid position", async () => {
    const [a] = await seed("A", "B");
    for (const position of ["", "0", "x"]) {
      const outcome = await post({ intent: "move", id: a as string, position });
      expect(statusOf(outcome)).toBe(400);
      expect(outcome.data.listError).toBe(POSITION_MESSAGE);
    }
  });

  it("answers 404 for a malformed or unknown id to edit or move", async () => {
    await seed("A");
    for (const id of ["nope", MISSING]) {
      expect(statusOf(await post({ intent: "save", id, title: "T", description: "D" }))).toBe(404);
      expect(statusOf(await post({ intent: "move", id, position: "1" }))).toBe(404);
    }
    expect(statusOf(await post({ intent: "move", position: "1" }))).toBe(404);
    expect((await homeOrder()).titles).toEqual(["A"]);
  });
});

describe("a save that fails", () => {
  it.each([
    ["creating", false],
    ["updating", true],
  ])(
    "%s: the form keeps what was typed with 'Unexpected error: ', nothing saved; an outage goes to the 503 page",
    async (_, existing) => {
      const [a] = await seed("A");
      const fields = {
        intent: "save",
        ...(existing ? { id: a as string } : {}),
        title: "Typed",
        label: "L",
        description: "D",
      };
      failures.mode = "error";
      const spy = vi.spyOn(console, "error").mockImplementation(() => {});
      const outcome = await post(fields);
      spy.mockRestore();
      expect(statusOf(outcome)).toBe(500);
      expect(outcome.data.result.error).toEqual({
        "": ["Unexpected error: the change could not be saved. Please try again."],
      });
      expect(outcome.data.result.initialValue).toMatchObject({ title: "Typed" });
      expect(JSON.stringify(outcome.data)).not.toContain(DRIVER_DETAIL);
      expect((await homeOrder()).titles).toEqual(["A"]);
      failures.mode = "outage";
      expect((await post(fields))?.name).toBe("MongoNetworkError");
    },
  );
});

describe("deleting a highlight", () => {
  it("sends it to the trash and closes the gap in the order", async () => {
    const [, b] = await seed("A", "B", "C");
    const response = await post({ intent: "delete", id: b as string }, `${PAGE}?delete=${b}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(await homeOrder()).toEqual({ titles: ["A", "C"], orders: [0, 1] });
  });

  it("answers 404 for a malformed, unknown or missing id", async () => {
    await seed("A");
    for (const fields of [{ id: "nope" }, { id: MISSING }, {}] as Record<string, string>[]) {
      expect(statusOf(await post({ intent: "delete", ...fields }))).toBe(404);
    }
    expect((await homeOrder()).titles).toEqual(["A"]);
  });

  it("refuses an unknown intent with 400", async () => {
    expect(statusOf(await post({ intent: "explode" }))).toBe(400);
  });

  it("is refused without a session", async () => {
    const [a] = await seed("A");
    const outcome = await callRoute(action, PAGE, {
      fields: { intent: "delete", id: a as string },
    });
    expect(outcome.status).toBe(302);
    expect((await homeOrder()).titles).toEqual(["A"]);
  });
});
