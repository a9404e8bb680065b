import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MAX_SAVED_INTERNSHIPS,
  parseSavedIds,
  readSavedInternships,
  serializeSavedInternships,
  withSaved,
} from "./saved-internships.server";

const a = "64b7f0000000000000000001";
const b = "64b7f0000000000000000002";

describe("parseSavedIds", () => {
  it("keeps valid ids only, once, lower-cased", () => {
    expect(parseSavedIds(`${a}.${b.toUpperCase()}.${a}.nope..<script>`)).toEqual([a, b]);
    expect(parseSavedIds(encodeURIComponent(`${a},${b}`))).toEqual([a, b]);
    expect(parseSavedIds("%E0%A4%A")).toEqual([]);
    expect(parseSavedIds("")).toEqual([]);
    expect(parseSavedIds(undefined)).toEqual([]);
  });

  it("keeps the newest ids of an oversized cookie", () => {
    const many = Array.from({ length: 150 }, (_, i) => i.toString(16).padStart(24, "0"));
    const ids = parseSavedIds(many.join("."));
    expect(ids).toHaveLength(MAX_SAVED_INTERNSHIPS);
    expect(ids.at(-1)).toBe(many.at(-1));
  });
});

it("reads the savedInternships cookie among others", () => {
  const request = new Request("http://localhost/", {
    headers: { Cookie: `other=1; savedInternships=${a}.${b}; x=y` },
  });
  expect(readSavedInternships(request)).toEqual([a, b]);
  expect(readSavedInternships(new Request("http://localhost/"))).toEqual([]);
});

it("withSaved adds at the end, removes, and never duplicates", () => {
  expect(withSaved([a], b, true)).toEqual([a, b]);
  expect(withSaved([a, b], a, true)).toEqual([b, a]);
  expect(withSaved([a, b], a, false)).toEqual([b]);
  expect(withSaved([], a, false)).toEqual([]);
});

describe("serializeSavedInternships", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("writes a long-lived, same-site cookie for the whole site", () => {
    expect(serializeSavedInternships([a, b])).toBe(
      `savedInternships=${a}.${b}; Max-Age=31536000; Path=/; SameSite=Lax`,
    );
    expect(serializeSavedInternships([])).toBe(
      "savedInternships=; Max-Age=0; Path=/; SameSite=Lax",
    );
  });

  it("marks the cookie Secure in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.resetModules();
    const fresh = await import("./saved-internships.server");
    expect(fresh.serializeSavedInternships([a])).toMatch(/; Secure$/);
  });
});
