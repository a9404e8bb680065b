// The content cache: public pages read each piece of content once per content change, and never
// serve what a change has replaced, what has outlived its TTL, or what failed to load.
import { ObjectId } from "mongodb";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { faqStore } from "~/content/stores.server";
import type { Actor } from "~/domain/audit";
import { readFaqs } from "~/domain/public-content.server";
import {
  cachedContent,
  contentCacheSize,
  deepFreeze,
  startContentCache,
  stopContentCache,
} from "./content-cache.server";
import { checkContentVersion, invalidateLocally } from "./content-version.server";

afterAll(closeDatabase);

const EDITOR: Actor = { email: "ana@bureau.test", via: "admin", ip: "203.0.113.5" };

let clock = 1_000_000;
beforeEach(() => {
  clock = 1_000_000;
  startContentCache({ ttlMs: 60_000, maxEntries: 3, now: () => clock });
});
afterEach(stopContentCache);

/** A loader that counts its reads and answers a new object each time. */
function counting<T>(value: () => T) {
  const load = vi.fn(async () => value());
  return load;
}

describe("content cache", () => {
  it("reads once while nothing changes, and shares a read in progress", async () => {
    const load = counting(() => ({ title: "Hello" }));
    const [a, b] = await Promise.all([cachedContent("k", load), cachedContent("k", load)]);
    expect(await cachedContent("k", load)).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("reads again after a content change", async () => {
    let title = "Before";
    const load = counting(() => ({ title }));
    expect(await cachedContent("k", load)).toEqual({ title: "Before" });
    title = "After";
    invalidateLocally();
    expect(await cachedContent("k", load)).toEqual({ title: "After" });
  });

  it("never keeps a read that started before a change", async () => {
    let release: (value: string) => void = () => {};
    const slow = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const pending = cachedContent("k", slow);
    invalidateLocally();
    release("stale");
    expect(await pending).toBe("stale");
    expect(await cachedContent("k", async () => "fresh")).toBe("fresh");
  });

  it("reads again once the TTL has passed (a manual database edit shows by then)", async () => {
    const load = counting(() => ({}));
    await cachedContent("k", load);
    clock += 59_999;
    await cachedContent("k", load);
    expect(load).toHaveBeenCalledTimes(1);
    clock += 1;
    await cachedContent("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not keep a failed read: the next request tries again", async () => {
    const failing = vi.fn(async () => {
      throw new Error("database unreachable");
    });
    await expect(cachedContent("k", failing)).rejects.toThrow("database unreachable");
    expect(await cachedContent("k", async () => "back")).toBe("back");
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it("does not keep what `keep` turns down (an unknown blog post)", async () => {
    const missing = counting(() => null);
    const keep = (v: unknown) => v !== null;
    expect(await cachedContent("blog:x", missing, { keep, perRequestKey: true })).toBeNull();
    expect(await cachedContent("blog:x", missing, { keep, perRequestKey: true })).toBeNull();
    expect(missing).toHaveBeenCalledTimes(2);
  });

  it("keeps a bounded number of per-request keys, dropping the least recently used", async () => {
    const perRequestKey = true;
    await cachedContent("hero", async () => "hero");
    for (const key of ["a", "b", "c"]) await cachedContent(key, async () => key, { perRequestKey });
    await cachedContent("a", async () => "a again", { perRequestKey }); // a is now the most recent
    await cachedContent("d", async () => "d", { perRequestKey });
    expect(contentCacheSize()).toBe(4);
    expect(await cachedContent("a", async () => "reloaded", { perRequestKey })).toBe("a");
    expect(await cachedContent("b", async () => "reloaded", { perRequestKey })).toBe("reloaded");
    // However many posts and pages visitors ask for, the fixed keys stay.
    for (let i = 0; i < 10; i++) await cachedContent(`p${i}`, async () => i, { perRequestKey });
    expect(await cachedContent("hero", async () => "reloaded")).toBe("hero");
  });

  it("hands out frozen values, so no request can change what the others see", async () => {
    const id = new ObjectId();
    const when = new Date("2030-01-01T00:00:00Z");
    const value = await cachedContent("k", async () => ({
      list: [{ title: "One", tags: ["a"] }],
      id,
      when,
    }));
    const [first] = value.list as { title: string; tags: string[] }[];
    expect(() => {
      (first as { title: string }).title = "Changed";
    }).toThrow(TypeError);
    expect(() => (value.list as unknown[]).push({})).toThrow(TypeError);
    expect(() => first?.tags.push("b")).toThrow(TypeError);
    // Class instances are left alone, and work as before.
    expect(value.id.toHexString()).toBe(id.toHexString());
    expect(value.when.getTime()).toBe(when.getTime());
  });

  it("reads the database every time when it is off", async () => {
    stopContentCache();
    const load = counting(() => ({}));
    await cachedContent("k", load);
    await cachedContent("k", load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(contentCacheSize()).toBe(0);
  });

  it("deepFreeze leaves typed arrays alone (they cannot be frozen)", () => {
    const bytes = new Uint8Array([1, 2]);
    expect(deepFreeze({ bytes }).bytes).toBe(bytes);
  });
});

describe("public content through the cache", () => {
  beforeEach(async () => {
    const { faqs } = await getCollections();
    await faqs.deleteMany({});
    await checkContentVersion();
  });

  it("shows an admin's change on the next read", async () => {
    expect(await readFaqs()).toEqual([]);
    await faqStore.create({ question: "Do you hire interns?", answer: "Yes, all year." }, EDITOR);
    expect((await readFaqs()).map((f) => f.question)).toEqual(["Do you hire interns?"]);
  });

  it("shows another instance's change after its next poll", async () => {
    expect(await readFaqs()).toEqual([]);
    // Another instance: writes the FAQ and bumps the counter, as its domain functions do.
    const { faqs, settings } = await getCollections();
    await faqs.insertOne({
      _id: new ObjectId(),
      question: "Remote?",
      answer: "Yes.",
      createdAt: new Date(),
      updatedAt: new Date(),
    } as never);
    expect(await readFaqs()).toEqual([]);
    await settings.updateOne(
      { _id: "contentVersion" },
      { $inc: { version: 1 }, $setOnInsert: { value: "", createdAt: new Date() } },
      { upsert: true },
    );
    await checkContentVersion();
    expect((await readFaqs()).map((f) => f.question)).toEqual(["Remote?"]);
  });
});
