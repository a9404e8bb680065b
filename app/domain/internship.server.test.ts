import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { InternshipDoc } from "#db/collections";
import {
  countOpen,
  countSavedIn,
  durationsOffered,
  isPublicInternship,
  listPublicInternshipDocs,
  publicInternshipPage,
  toggleInternshipActive,
} from "./internship.server";
import { DEFAULT_INTERNSHIP_QUERY, type InternshipQuery } from "./internship-list";

afterAll(closeDatabase);

// The public list is computed from the stored public internships (what the content cache keeps).
const listPublicInternships = async (
  query: InternshipQuery,
  savedIds: readonly string[],
  now: Date,
) => publicInternshipPage(await listPublicInternshipDocs(), query, savedIds, now);
const countOpenInternships = async (now: Date) => countOpen(await listPublicInternshipDocs(), now);
const countPublicInternshipsIn = async (ids: string[]) =>
  countSavedIn(await listPublicInternshipDocs(), ids);
const listInternshipDurations = async () => durationsOffered(await listPublicInternshipDocs());

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2030-06-15T12:00:00Z");

function doc(title: string, over: Partial<InternshipDoc> = {}): InternshipDoc {
  return {
    _id: new ObjectId(),
    title,
    domain: "Tech",
    company: "Acme",
    location: "Remote",
    duration: [90],
    salary: "",
    deadline: new Date(NOW.getTime() + 10 * DAY),
    status: "Open",
    urgent: false,
    description: "",
    requirements: [],
    benefits: [],
    isActive: true,
    applicationLink: "",
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  };
}

beforeEach(async () => {
  const { internships } = await getCollections();
  await internships.deleteMany({});
});

describe("duration order", () => {
  // mongod sorts an array field ascending by its smallest element and descending by its
  // largest. The list sorts by a computed $min instead; this pins that the embedded server
  // agrees with mongod on both, so either way of writing the sort gives the same order.
  it("matches mongod's array sort on the embedded server", async () => {
    const { internships } = await getCollections();
    await internships.insertMany([
      doc("a", { duration: [90, 180] }),
      doc("b", { duration: [30, 60] }),
      doc("c", { duration: [60] }),
      doc("e", { duration: [45, 1000] }),
    ]);
    const order = async (dir: 1 | -1) =>
      (await internships.find({}).sort({ duration: dir, _id: 1 }).toArray()).map((d) => d.title);
    expect(await order(1)).toEqual(["b", "e", "c", "a"]);
    expect(await order(-1)).toEqual(["e", "a", "b", "c"]);
    const list = await listPublicInternships(
      { ...DEFAULT_INTERNSHIP_QUERY, sort: "duration", page: 1 },
      [],
      NOW,
    );
    expect(list.internships.map((i) => i.title)).toEqual(["b", "e", "c"]);
  });

  it("puts internships without a duration last", async () => {
    const { internships } = await getCollections();
    await internships.insertMany([doc("none", { duration: [] }), doc("short", { duration: [7] })]);
    const list = await listPublicInternships(
      { ...DEFAULT_INTERNSHIP_QUERY, sort: "duration" },
      [],
      NOW,
    );
    expect(list.internships.map((i) => i.title)).toEqual(["short", "none"]);
    expect(list.internships[1]?.duration).toEqual([]);
  });
});

describe("deadlines", () => {
  it("shows a passed deadline as Closed and counts only open positions", async () => {
    const { internships } = await getCollections();
    await internships.insertMany([
      doc("open"),
      doc("passed", { deadline: new Date(NOW.getTime() - 1) }),
      doc("today", { deadline: new Date(NOW.getTime() + 1) }),
      doc("pending", { status: "Pending" }),
      doc("inactive", { isActive: false }),
    ]);
    expect(await countOpenInternships(NOW)).toBe(2);
    const list = await listPublicInternships(DEFAULT_INTERNSHIP_QUERY, [], NOW);
    const byTitle = Object.fromEntries(list.internships.map((i) => [i.title, i]));
    expect(list.total).toBe(4);
    expect(byTitle.today).toMatchObject({ status: "Open", isOpen: true });
    expect(byTitle.open).toMatchObject({ status: "Open", isOpen: true });
    expect(byTitle.pending).toMatchObject({ status: "Pending", isOpen: false });
    const passed = await listPublicInternships(
      { ...DEFAULT_INTERNSHIP_QUERY, q: "passed" },
      [],
      NOW,
    );
    expect(passed.internships[0]).toMatchObject({ status: "Closed", isOpen: false });
  });

  it("turns only web addresses into application links", async () => {
    const { internships } = await getCollections();
    await internships.insertMany([
      doc("web", { applicationLink: " https://jobs.example/a " }),
      doc("trap", { applicationLink: "javascript:alert(1)" }),
      doc("none", { applicationLink: "" }),
    ]);
    const list = await listPublicInternships(DEFAULT_INTERNSHIP_QUERY, [], NOW);
    const links = Object.fromEntries(list.internships.map((i) => [i.title, i.applicationLink]));
    expect(links).toEqual({ web: "https://jobs.example/a", trap: "", none: "" });
  });

  it("sorts passed deadlines after upcoming ones, most recently passed first", async () => {
    const { internships } = await getCollections();
    const at = (days: number) => new Date(NOW.getTime() + days * DAY);
    await internships.insertMany([
      doc("past-long-ago", { deadline: at(-30) }),
      doc("later", { deadline: at(20) }),
      doc("past-recent", { deadline: at(-1) }),
      doc("soon", { deadline: at(2) }),
    ]);
    const titles: string[] = [];
    for (const page of [1, 2]) {
      const list = await listPublicInternships({ ...DEFAULT_INTERNSHIP_QUERY, page }, [], NOW);
      titles.push(...list.internships.map((i) => i.title));
    }
    expect(titles).toEqual(["soon", "later", "past-recent", "past-long-ago"]);
  });
});

describe("lookups", () => {
  it("lists distinct durations of public internships, ascending", async () => {
    const { internships } = await getCollections();
    await internships.insertMany([
      doc("a", { duration: [90, 30] }),
      doc("b", { duration: [60, 90] }),
      doc("hidden", { duration: [7], isActive: false }),
    ]);
    expect(await listInternshipDurations()).toEqual([30, 60, 90]);
  });

  it("knows which ids are public", async () => {
    const { internships } = await getCollections();
    const live = doc("live");
    const hidden = doc("hidden", { isActive: false });
    await internships.insertMany([live, hidden]);
    expect(await isPublicInternship(live._id.toHexString())).toBe(true);
    expect(await isPublicInternship(hidden._id.toHexString())).toBe(false);
    expect(await isPublicInternship(new ObjectId().toHexString())).toBe(false);
    expect(await isPublicInternship("hello-world!")).toBe(false);
    expect(
      await countPublicInternshipsIn([live._id.toHexString(), hidden._id.toHexString(), "junk"]),
    ).toBe(1);
    expect(await countPublicInternshipsIn([])).toBe(0);
  });
});

describe("Toggle Active", () => {
  const admin = { email: "ana@bureau.test", via: "admin", ip: "203.0.113.5" } as const;

  it("flips the stored value, stamped; two toggles at once flip it twice", async () => {
    const { internships } = await getCollections();
    const live = doc("live", { updatedAt: new Date(0) });
    await internships.insertOne(live);
    const id = live._id.toHexString();
    expect(await toggleInternshipActive(id, admin)).toMatchObject({ _id: id, isActive: false });
    expect(await internships.findOne({ _id: live._id })).toMatchObject({
      isActive: false,
      updatedBy: admin.email,
    });
    // Each reads the value the other may just have written: neither toggle is lost.
    await Promise.all([toggleInternshipActive(id, admin), toggleInternshipActive(id, admin)]);
    expect((await internships.findOne({ _id: live._id }))?.isActive).toBe(false);
    expect(await toggleInternshipActive(new ObjectId().toHexString(), admin)).toBeNull();
    expect(await toggleInternshipActive("nope", admin)).toBeNull();
  });
});
