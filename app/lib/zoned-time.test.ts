// A time typed in the site's zone becomes the right instant and reads back the same, across
// daylight saving changes (the skipped hour in spring, the repeated one in autumn).
import { describe, expect, it } from "vitest";
import { formatZoned, isTimeZone, timeZones, utcToZoned, zonedToUtc } from "./zoned-time";

describe("zoned time", () => {
  it("reads a wall time in the zone as its UTC instant and back", () => {
    expect(zonedToUtc("2026-12-03T09:00", "Europe/Paris")?.toISOString()).toBe(
      "2026-12-03T08:00:00.000Z",
    );
    expect(zonedToUtc("2026-07-01T09:00", "Europe/Paris")?.toISOString()).toBe(
      "2026-07-01T07:00:00.000Z",
    );
    expect(zonedToUtc("2026-07-01T09:00", "America/New_York")?.toISOString()).toBe(
      "2026-07-01T13:00:00.000Z",
    );
    expect(zonedToUtc("2026-07-01T09:00", "UTC")?.toISOString()).toBe("2026-07-01T09:00:00.000Z");
    expect(utcToZoned(new Date("2026-12-03T08:00:00Z"), "Europe/Paris")).toBe("2026-12-03T09:00");
    expect(utcToZoned(new Date("2026-07-01T13:00:00Z"), "America/New_York")).toBe(
      "2026-07-01T09:00",
    );
  });

  it("moves a time in spring's skipped hour on by the gap", () => {
    // Paris skips 02:00–03:00 on 29 March 2026: 02:30 does not exist and means 03:30 CEST.
    expect(zonedToUtc("2026-03-29T02:30", "Europe/Paris")?.toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    expect(zonedToUtc("2026-03-29T03:00", "Europe/Paris")?.toISOString()).toBe(
      "2026-03-29T01:00:00.000Z",
    );
    expect(zonedToUtc("2026-03-29T01:59", "Europe/Paris")?.toISOString()).toBe(
      "2026-03-29T00:59:00.000Z",
    );
  });

  it("takes the first of autumn's repeated hour", () => {
    // Paris goes through 02:00–03:00 twice on 25 October 2026: first in CEST (UTC+2).
    expect(zonedToUtc("2026-10-25T02:30", "Europe/Paris")?.toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
    // Both instants read back as the same wall time.
    expect(utcToZoned(new Date("2026-10-25T00:30:00Z"), "Europe/Paris")).toBe("2026-10-25T02:30");
    expect(utcToZoned(new Date("2026-10-25T01:30:00Z"), "Europe/Paris")).toBe("2026-10-25T02:30");
    expect(zonedToUtc("2026-10-25T03:00", "Europe/Paris")?.toISOString()).toBe(
      "2026-10-25T02:00:00.000Z",
    );
  });

  it("refuses what is not a date and time", () => {
    for (const value of [
      "",
      "tomorrow",
      "2026-02-30T10:00",
      "2026-13-01T10:00",
      "2026-01-01T24:00",
    ])
      expect(zonedToUtc(value, "Europe/Paris")).toBeNull();
  });

  it("names the zone when it shows a time", () => {
    expect(formatZoned(new Date("2026-12-03T08:00:00Z"), "Europe/Paris")).toBe(
      "3 Dec 2026, 09:00 (Europe/Paris)",
    );
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(timeZones()[0]).toBe("UTC");
    expect(timeZones()).toContain("Europe/Paris");
  });
});
