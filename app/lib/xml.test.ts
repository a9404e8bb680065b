import { describe, expect, it } from "vitest";
import { escapeXml, w3cDateTime } from "./xml";

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });

  it("drops characters XML cannot carry and keeps everything else", () => {
    expect(escapeXml("a\u0000b\u0008c\u000Bd\uFFFEe\uD800f")).toBe("abcdef");
    expect(escapeXml("tab\tline\nreturn\r emoji 🚀 ü")).toBe("tab\tline\nreturn\r emoji 🚀 ü");
  });
});

describe("w3cDateTime", () => {
  it("gives UTC to the second", () => {
    expect(w3cDateTime(new Date("2026-11-22T08:15:00.123Z"))).toBe("2026-11-22T08:15:00Z");
  });
});
