// Newsletter subscriptions: one per address. The unique index on `email`
// (db/collections.ts) is what guarantees it: two simultaneous sign-ups of the same address
// both try to insert, one wins and the other gets a duplicate-key error, reported as
// "already subscribed". Addresses are stored lower-cased so Jane@X.com and jane@x.com are one.

import { MongoServerError, ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { LeadSource, SubscriberDoc } from "#db/collections";
import { ADMIN_PAGE_SIZE, type ListSort } from "~/lib/admin-list";
import { type ListPage, listOrder, listPage, searchFilter } from "~/lib/list-page.server";
import { parseObjectId } from "~/lib/object-id.server";
import type { Actor } from "./audit";
import { recordAudit } from "./audit.server";
import { SUBSCRIBER_SORTABLE } from "./newsletter";

export type SubscribeOutcome = "subscribed" | "already-subscribed";

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function subscribe(
  email: string,
  source: LeadSource = {},
  now: Date = new Date(),
): Promise<SubscribeOutcome> {
  const { subscribers } = await getCollections();
  try {
    await subscribers.insertOne({
      _id: new ObjectId(),
      email: normalizeEmail(email),
      createdAt: now,
      source,
    });
    return "subscribed";
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000) return "already-subscribed";
    throw error;
  }
}

export interface AdminSubscriber {
  _id: string;
  email: string;
  createdAt: string;
  /** The page the address was given on, when known. */
  page: string | null;
  referrer: string | null;
  campaign: string | null;
}

const toAdminSubscriber = (d: SubscriberDoc): AdminSubscriber => ({
  _id: d._id.toHexString(),
  email: d.email,
  createdAt: d.createdAt.toISOString(),
  page: d.source?.page ?? null,
  referrer: d.source?.referrer ?? null,
  campaign: d.source?.utm?.campaign ?? null,
});

const subscriberFilter = (q: string) => searchFilter<SubscriberDoc>(q, ["email"]);
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
/** Newest first, unless sorted by a column that sorts (any other field is ignored). */
const subscriberOrder = (sort: ListSort | null | undefined) =>
  listOrder(
    sort && (SUBSCRIBER_SORTABLE as readonly string[]).includes(sort.field) ? sort : null,
    NEWEST_FIRST,
  );

/**
 * The admin list: newest first or sorted by a column, searchable by address, in pages (the
 * admin's are 10 long).
 */
export async function listSubscribersForAdmin(query: {
  q: string;
  page: number;
  sort?: ListSort | null;
  pageSize?: number;
}): Promise<ListPage<AdminSubscriber>> {
  const { subscribers } = await getCollections();
  return listPage(subscribers, {
    filter: subscriberFilter(query.q),
    ...subscriberOrder(query.sort),
    page: query.page,
    pageSize: query.pageSize ?? ADMIN_PAGE_SIZE,
    map: toAdminSubscriber,
  });
}

/** The subscription an id names, or null when the id is malformed or names nothing. */
export async function getSubscriber(id: string): Promise<AdminSubscriber | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { subscribers } = await getCollections();
  const doc = await subscribers.findOne({ _id });
  return doc ? toAdminSubscriber(doc) : null;
}

/** Removes an address from the list. False when the id names nothing. */
export async function deleteSubscriber(id: string, actor: Actor): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { subscribers } = await getCollections();
  const deleted = await subscribers.findOneAndDelete({ _id }, { projection: { createdAt: 1 } });
  if (!deleted) return false;
  // Not the address: someone removed from the list may have asked to be forgotten.
  await recordAudit(actor, {
    action: "delete",
    entity: "subscriber",
    entityId: id,
    summary: `Signed up ${deleted.createdAt.toISOString().slice(0, 10)}`,
  });
  return true;
}

export const SUBSCRIBER_CSV_HEADER = [
  "Subscribed at",
  "Email",
  "Page",
  "Referrer",
  "UTM source",
  "UTM medium",
  "UTM campaign",
] as const;

/**
 * Every subscription matching the admin search, in the list's order (newest first unless sorted),
 * as CSV rows (a cursor).
 */
export async function* subscriberCsvRows(
  q: string,
  sort?: ListSort | null,
): AsyncGenerator<unknown[]> {
  const { subscribers } = await getCollections();
  const order = subscriberOrder(sort);
  const found = subscribers.find(
    subscriberFilter(q),
    order.collation ? { collation: order.collation } : {},
  );
  for await (const d of found.sort(order.sort)) {
    yield [
      d.createdAt,
      d.email,
      d.source?.page,
      d.source?.referrer,
      d.source?.utm?.source,
      d.source?.utm?.medium,
      d.source?.utm?.campaign,
    ];
  }
}
