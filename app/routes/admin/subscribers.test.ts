// Subscribers: the list (newest first, search, pages), removal after confirmation (one, or the
// ticked ones at once), 404 for ids
// that name nothing, the CSV export with the search applied, and sign-in required throughout.
import { ObjectId } from "mongodb";
import { describe, expect, it } from "vitest";
import { getCollections } from "#db/client.server";
import { SUBSCRIBER_NOT_FOUND } from "~/domain/newsletter";
import {
  callRoute,
  flashCarried,
  freshAdminEachTest,
  statusOf,
} from "../../../tests/support/admin-request";
import { postBulk } from "../../../tests/support/bulk-post";
import { action, loader, PAGE } from "./subscribers";
import { loader as exportLoader } from "./subscribers-export";

const me = freshAdminEachTest(["subscribers"]);

const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });
const post = (fields: Record<string, string>, path = PAGE) =>
  callRoute(action, path, { cookie: me.cookie, fields });

const day = (n: number) => new Date(Date.UTC(2026, 10, n));
const MISSING = "0123456789abcdef01234567";

async function addSubscriber(email: string, createdAt: Date, page = "/") {
  const { subscribers } = await getCollections();
  const _id = new ObjectId();
  await subscribers.insertOne({
    _id,
    email,
    createdAt,
    source: { page, utm: { source: "mail", campaign: "autumn" } },
  });
  return _id.toHexString();
}

describe("the subscriber list", () => {
  it("lists newest first with the date and the page of the sign-up", async () => {
    await addSubscriber("old@example.com", day(1));
    await addSubscriber("new@example.com", day(3), "/blog");
    const data = await get(PAGE);
    expect(data.items.map((s: { email: string }) => s.email)).toEqual([
      "new@example.com",
      "old@example.com",
    ]);
    expect(data.items[0]).toMatchObject({
      createdAt: day(3).toISOString(),
      page: "/blog",
      campaign: "autumn",
    });
  });

  it("searches addresses (metacharacters literally) and pages by 10", async () => {
    for (let i = 0; i < 12; i++) await addSubscriber(`reader${i}@example.com`, day(i + 1));
    await addSubscriber("a.b+c@shop.example", day(20));
    expect((await get(`${PAGE}?q=B%2BC`)).items.map((s: { email: string }) => s.email)).toEqual([
      "a.b+c@shop.example",
    ]);
    expect(await get(`${PAGE}?q=reader`)).toMatchObject({ total: 12, pages: 2, page: 1 });
    expect((await get(`${PAGE}?q=reader&page=2`)).items).toHaveLength(2);
    expect((await get(`${PAGE}?q=nobody`)).items).toEqual([]);
  });

  it("opens the confirmation step for ?delete and answers 404 for unknown ids", async () => {
    const id = await addSubscriber("ana@example.com", day(1));
    expect((await get(`${PAGE}?delete=${id}`)).deleting).toMatchObject({
      email: "ana@example.com",
    });
    for (const bad of [MISSING, "not-an-id"]) {
      const outcome = await get(`${PAGE}?delete=${bad}`);
      expect(statusOf(outcome)).toBe(404);
      expect(outcome.data).toBe(SUBSCRIBER_NOT_FOUND);
    }
  });
});

describe("removing a subscriber", () => {
  it("deletes the one address and comes back to the list with a flash", async () => {
    const id = await addSubscriber("ana@example.com", day(1));
    await addSubscriber("bo@example.com", day(2));
    const outcome = await post({ intent: "delete", id }, `${PAGE}?q=example`);
    expect(statusOf(outcome)).toBe(302);
    expect(outcome.headers.get("Location")).toBe(`${PAGE}?q=example`);
    const { subscribers } = await getCollections();
    expect(
      await subscribers
        .find({})
        .map((s) => s.email)
        .toArray(),
    ).toEqual(["bo@example.com"]);
  });

  it("answers 404 for an unknown or malformed id and 400 for another intent", async () => {
    await addSubscriber("ana@example.com", day(1));
    expect(statusOf(await post({ intent: "delete", id: MISSING }))).toBe(404);
    expect(statusOf(await post({ intent: "delete", id: "x" }))).toBe(404);
    expect(statusOf(await post({ intent: "delete" }))).toBe(404);
    expect(statusOf(await post({ intent: "wipe", id: MISSING }))).toBe(400);
    const { subscribers } = await getCollections();
    expect(await subscribers.countDocuments()).toBe(1);
  });
});

describe("sorting the subscriber list", () => {
  const emails = (data: { items: { email: string }[] }) => data.items.map((s) => s.email);

  it("sorts by address or date as the URL asks, keeps the search, and ignores other fields", async () => {
    await addSubscriber("cleo@example.com", day(1), "/a");
    await addSubscriber("ana@example.com", day(3), "/c");
    await addSubscriber("bo@example.com", day(2), "/b");
    expect(emails(await get(`${PAGE}?sort=email&dir=asc`))).toEqual([
      "ana@example.com",
      "bo@example.com",
      "cleo@example.com",
    ]);
    expect(emails(await get(`${PAGE}?q=o%40&sort=createdAt&dir=asc`))).toEqual([
      "cleo@example.com",
      "bo@example.com",
    ]);
    for (const field of ["source.page", "page", "$where"]) {
      const data = await get(`${PAGE}?sort=${field}&dir=asc`);
      // Newest first, the list's own order.
      expect(emails(data), field).toEqual([
        "ana@example.com",
        "bo@example.com",
        "cleo@example.com",
      ]);
      expect(data.sort, field).toBeNull();
    }
  });

  it("keeps the order in the export and after a removal", async () => {
    await addSubscriber("cleo@example.com", day(1));
    const id = await addSubscriber("ana@example.com", day(3));
    await addSubscriber("bo@example.com", day(2));
    const response: Response = await callRoute(exportLoader, `${PAGE}/export?sort=email&dir=desc`, {
      cookie: me.cookie,
    });
    const lines = (await response.text()).trimEnd().split("\r\n").slice(1);
    expect(lines.map((line) => line.split(",")[1])).toEqual([
      '"cleo@example.com"',
      '"bo@example.com"',
      '"ana@example.com"',
    ]);
    const removed = await post(
      { intent: "delete", id },
      `${PAGE}?sort=email&dir=desc&delete=${id}`,
    );
    expect(removed.headers.get("Location")).toBe(`${PAGE}?sort=email&dir=desc`);
  });
});

describe("the CSV export", () => {
  it("downloads the searched list with the source columns, formula prefixes neutralised", async () => {
    await addSubscriber("ana@example.com", day(1));
    await addSubscriber("=cmd@example.com", day(2), "/contact");
    await addSubscriber("bo@other.test", day(3));
    const response: Response = await callRoute(exportLoader, `${PAGE}/export?q=example.com`, {
      cookie: me.cookie,
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines).toEqual([
      '"Subscribed at","Email","Page","Referrer","UTM source","UTM medium","UTM campaign"',
      `"${day(2).toISOString()}","'=cmd@example.com","/contact","","mail","","autumn"`,
      `"${day(1).toISOString()}","ana@example.com","/","","mail","","autumn"`,
    ]);
  });
});

describe("without a session", () => {
  it("sends the list, the removal and the export to the sign-in page", async () => {
    const id = await addSubscriber("ana@example.com", day(1));
    for (const outcome of [
      await callRoute(loader, PAGE),
      await callRoute(action, PAGE, { fields: { intent: "delete", id } }),
      await callRoute(exportLoader, `${PAGE}/export`),
    ]) {
      expect(statusOf(outcome)).toBe(302);
      expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    const { subscribers } = await getCollections();
    expect(await subscribers.countDocuments()).toBe(1);
  });
});

describe("removing the ticked addresses at once", () => {
  it("asks once naming the addresses, then removes each one, audited, back to the same search", async () => {
    const ana = await addSubscriber("ana@example.com", day(1));
    const ben = await addSubscriber("ben@example.com", day(2));
    await addSubscriber("cy@example.com", day(3));
    const step = await postBulk(action, `${PAGE}?q=e`, me.cookie, {
      action: "delete",
      ids: [ana, ben],
    });
    expect(statusOf(step)).toBe(200);
    expect(step.data.bulk.confirm.subjects).toEqual(["ana@example.com", "ben@example.com"]);
    const response = await postBulk(action, `${PAGE}?q=e`, me.cookie, {
      action: "delete",
      ids: [ana, ben],
      confirmed: true,
    });
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=e`);
    expect(await flashCarried(response)).toEqual({
      message: "2 subscribers deleted.",
      tone: "success",
    });
    const { subscribers, auditLog } = await getCollections();
    expect((await subscribers.find({}).toArray()).map((s) => s.email)).toEqual(["cy@example.com"]);
    const entries = await auditLog
      .find({ entity: "subscriber", entityId: { $in: [ana, ben] } })
      .toArray();
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ["delete", me.email],
      ["delete", me.email],
    ]);
  });

  it("refuses nothing ticked with 400, removing nothing", async () => {
    await addSubscriber("ana@example.com", day(1));
    const outcome = await postBulk(action, PAGE, me.cookie, { action: "delete", confirmed: true });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.bulk.error).toBe("Select at least one subscriber.");
    expect(await (await getCollections()).subscribers.countDocuments({})).toBe(1);
  });
});
