// The content version behind the page cache: a content write moves this instance's generation on
// at once and bumps the counter in MongoDB; a change made by another instance (a direct $inc
// here) is noticed by the next poll; leads and admins do not touch it.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { heroStore } from "~/content/documents.server";
import { faqStore } from "~/content/stores.server";
import type { Actor } from "~/domain/audit";
import { recordAudit } from "~/domain/audit.server";
import { setContactStatus } from "~/domain/contact-message.server";
import {
  CONTENT_VERSION_ID,
  CONTENT_VERSION_POLL_MS,
  checkContentVersion,
  contentChanged,
  contentGeneration,
} from "./content-version.server";

afterAll(closeDatabase);

const EDITOR: Actor = { email: "ana@bureau.test", via: "admin", ip: "203.0.113.5" };

async function storedVersion(): Promise<number> {
  const { settings } = await getCollections();
  return (await settings.findOne({ _id: CONTENT_VERSION_ID }))?.version ?? 0;
}

beforeEach(async () => {
  // The poll's starting point: what the database holds now.
  await checkContentVersion();
});

describe("content version", () => {
  it("is polled often enough for other instances to follow within 2 seconds", () => {
    expect(CONTENT_VERSION_POLL_MS).toBeLessThanOrEqual(1_000);
  });

  it("moves on at once on this instance and in MongoDB when content changes", async () => {
    const generation = contentGeneration();
    const version = await storedVersion();
    await contentChanged();
    expect(contentGeneration()).toBe(generation + 1);
    expect(await storedVersion()).toBe(version + 1);
    // Reading our own change back does not count as another one.
    await checkContentVersion();
    expect(contentGeneration()).toBe(generation + 1);
  });

  it("notices a change another instance made on its next poll", async () => {
    const generation = contentGeneration();
    await checkContentVersion();
    expect(contentGeneration()).toBe(generation);
    const { settings } = await getCollections();
    await settings.updateOne(
      { _id: CONTENT_VERSION_ID },
      { $inc: { version: 1 }, $setOnInsert: { value: "", createdAt: new Date() } },
      { upsert: true },
    );
    await checkContentVersion();
    expect(contentGeneration()).toBe(generation + 1);
  });

  it("still notices another instance's change that landed just before one of ours", async () => {
    const { settings } = await getCollections();
    await settings.updateOne(
      { _id: CONTENT_VERSION_ID },
      { $inc: { version: 1 }, $setOnInsert: { value: "", createdAt: new Date() } },
      { upsert: true },
    );
    const generation = contentGeneration();
    await contentChanged();
    expect(contentGeneration()).toBe(generation + 1);
    // A page rendered between the two may hold the other instance's older content: the poll
    // must move on again rather than take the counter as ours alone.
    await checkContentVersion();
    expect(contentGeneration()).toBe(generation + 2);
  });

  it("is bumped by the domain's content writes (admin and API alike), not by leads", async () => {
    let generation = contentGeneration();
    await faqStore.create({ question: "Cached?", answer: "Not for long." }, EDITOR);
    expect(contentGeneration()).toBe(generation + 1);
    generation = contentGeneration();
    await heroStore.save(
      {
        title: "New hero",
        subtitle: "",
        image: "",
        ctaText: "",
        ctaLink: "",
        imageAlt: "",
        imageDecorative: false,
      },
      { ...EDITOR, via: "api" },
    );
    expect(contentGeneration()).toBe(generation + 1);

    generation = contentGeneration();
    const version = await storedVersion();
    await setContactStatus("000000000000000000000000", "read", EDITOR).catch(() => undefined);
    await recordAudit(EDITOR, { action: "create", entity: "quote" });
    await recordAudit(EDITOR, { action: "update", entity: "admin" });
    expect(contentGeneration()).toBe(generation);
    expect(await storedVersion()).toBe(version);
  });
});
