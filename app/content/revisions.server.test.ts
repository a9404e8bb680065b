// Revisions as stored (revisions.server.ts): what a revision keeps of a record, its page of the
// history with the revision before each, and the retention: the newest REVISIONS_KEEP (50) of a
// record whatever their age and everything from the last REVISIONS_MONTHS (12) months, pruned
// when the record's next revision is stored.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { Actor } from "~/domain/audit";
import { afterWrite } from "./after-write.server";
import {
  contentOf,
  countRevisions,
  listRevisions,
  monthsBefore,
  snapshotOf,
  storeRevision,
} from "./revisions.server";

afterAll(closeDatabase);

const actor: Actor = { email: "ana@bureau.test", via: "api", adminId: "a1" };
const NOW = new Date("2026-11-26T12:00:00Z");
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
const write = (n: number, entityId = "r1") => ({
  entity: "faq",
  entityId,
  action: "update",
  summary: `Q${n}`,
  actor,
  record: { question: `Q${n}`, answer: "A" },
});

beforeEach(async () => {
  await (await getCollections()).revisions.deleteMany({});
});

describe("snapshotOf", () => {
  it("keeps the record's content, its state and its draft, not the store's bookkeeping", () => {
    const snapshot = snapshotOf({
      _id: "x",
      question: "Q",
      createdAt: NOW,
      updatedBy: "ana@bureau.test",
      order: 3,
      publishStatus: "published",
      draft: { question: "Q (draft)" },
    });
    expect(snapshot).toEqual({
      fields: { question: "Q" },
      status: "published",
      draft: { question: "Q (draft)" },
    });
    expect(contentOf(snapshot)).toEqual({ question: "Q (draft)" });
    expect(snapshotOf({ question: "Q", publishStatus: "draft" }).status).toBe("draft");
    // Stored before drafts existed: published.
    expect(snapshotOf({ question: "Q" }).status).toBe("published");
  });
});

it("the after-write step stores who, when, through which door, and the record", async () => {
  await afterWrite({
    entity: "faq",
    action: "update",
    entityId: "r9",
    summary: "Q",
    actor,
    record: { question: "Q", answer: "A" },
  });
  // A write that says nothing of its record stores no revision.
  await afterWrite({ entity: "faq", action: "update", entityId: "r9", summary: "Q", actor });
  const { items } = await listRevisions("faq", "r9", 1);
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({
    actor: "ana@bureau.test",
    via: "api",
    action: "update",
    summary: "Q",
    snapshot: { fields: { question: "Q", answer: "A" }, status: "published" },
  });
  expect(Date.now() - (items[0]?.at.getTime() ?? 0)).toBeLessThan(60_000);
});

it("lists newest first, a page at a time, each with the revision before it", async () => {
  for (let n = 1; n <= 5; n++) await storeRevision(write(n), daysBefore(10 - n));
  await storeRevision(write(1, "other"), NOW);
  const first = await listRevisions("faq", "r1", 1, 2);
  expect(first).toMatchObject({ total: 5, page: 1, pages: 3 });
  expect(first.items.map((r) => r.summary)).toEqual(["Q5", "Q4"]);
  // The last one on a page is still compared with the one before it (on the next page).
  expect(first.items.map((r) => r.previous?.summary)).toEqual(["Q4", "Q3"]);
  const last = await listRevisions("faq", "r1", 9, 2);
  expect(last.page).toBe(3);
  expect(last.items.map((r) => [r.summary, r.previous])).toEqual([["Q1", null]]);
});

describe("retention", () => {
  it("prunes a revision past the newest 50 once it is older than 12 months", async () => {
    // 51 revisions: the oldest from 13 months ago, the others from the last weeks.
    await storeRevision(write(0), monthsBefore(NOW, 13));
    for (let n = 1; n <= 49; n++) await storeRevision(write(n), daysBefore(60 - n));
    expect(await countRevisions("faq", "r1")).toBe(50);
    await storeRevision(write(50), NOW);
    expect(await countRevisions("faq", "r1")).toBe(50);
    const { items } = await listRevisions("faq", "r1", 3, 20);
    expect(items.at(-1)?.summary).toBe("Q1");
  });

  it("keeps every revision from the last 12 months, however many", async () => {
    for (let n = 0; n <= 55; n++) await storeRevision(write(n), daysBefore(300 - n));
    expect(await countRevisions("faq", "r1")).toBe(56);
  });

  it("keeps the newest 50 however old, and prunes only that record's", async () => {
    await storeRevision(write(0, "other"), monthsBefore(NOW, 30));
    for (let n = 0; n <= 50; n++) await storeRevision(write(n), daysBefore(1000 - n));
    await storeRevision(write(51), NOW);
    // 51 of the 52 are older than a year: the newest 50 stay, the newest old ones among them.
    expect(await countRevisions("faq", "r1")).toBe(50);
    const { items } = await listRevisions("faq", "r1", 3, 20);
    expect(items.at(-1)?.summary).toBe("Q2");
    expect(await countRevisions("faq", "other")).toBe(1);
  });
});
