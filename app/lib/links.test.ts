import { describe, expect, it } from "vitest";
import { classifyHref, isSafeImageSrc, isWebUrl } from "./links";

describe("classifyHref", () => {
  it("classifies site paths, web addresses and mail/phone links", () => {
    expect(classifyHref("/about")).toBe("internal");
    expect(classifyHref("https://example.com/x")).toBe("external");
    expect(classifyHref("http://example.com")).toBe("external");
    expect(classifyHref("mailto:a@b.example")).toBe("plain");
    expect(classifyHref("tel:+4930")).toBe("plain");
    expect(classifyHref("#top")).toBe("plain");
  });
  it("drops anything that could run script or leave the site in disguise", () => {
    for (const bad of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n\\evil.example",
      "/ /evil.example",
      "not a url",
      "",
      null,
      undefined,
    ]) {
      expect(classifyHref(bad)).toBeNull();
    }
  });
});

describe("isWebUrl and isSafeImageSrc", () => {
  it("accept only what they promise", () => {
    expect(isWebUrl("https://jobs.example/x")).toBe(true);
    expect(isWebUrl("/internships")).toBe(false);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
    expect(isSafeImageSrc("/demo/a.webp")).toBe(true);
    expect(isSafeImageSrc("https://cdn.example/a.png")).toBe(true);
    expect(isSafeImageSrc("javascript:alert(1)")).toBe(false);
    expect(isSafeImageSrc("mailto:a@b")).toBe(false);
  });
});
