// Newsletter subscriptions (SPEC §3): one per address. The unique index on `email`
// (db/collections.ts) is what guarantees it: two simultaneous sign-ups of the same address
// both try to insert, one wins and the other gets a duplicate-key error, reported as
// "already subscribed". Addresses are stored lower-cased so Jane@X.com and jane@x.com are one.
import { MongoServerError, ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { LeadSource } from "#db/collections";

export type SubscribeOutcome = "subscribed" | "already-subscribed";

export function normalizeEmail(email: string): string {
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
