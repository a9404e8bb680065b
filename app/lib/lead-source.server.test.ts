import { describe, expect, it } from "vitest";
import { apiLeadSource, readLeadSource } from "./lead-source.server";

const read = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return readLeadSource(
    form,
    new Request("https://bureau.example/quote", { method: "POST", headers }),
  );
};

describe("lead source", () => {
  it("keeps the page, an outside referrer and the campaign tags", () => {
    expect(
      read({
        sourcePage: "/services?utm_source=news",
        sourceReferrer: "https://www.google.com/",
        utm_source: " news ",
        utm_medium: "email",
        utm_campaign: "x".repeat(300),
      }),
    ).toEqual({
      page: "/services?utm_source=news",
      referrer: "https://www.google.com/",
      utm: { source: "news", medium: "email", campaign: "x".repeat(200) },
    });
  });

  it("drops what is not a page of this site or an outside http(s) referrer", () => {
    for (const sourcePage of ["https://evil.example/", "//evil.example", "/\\evil", "/a\nb", "x"]) {
      expect(read({ sourcePage }).page).toBeUndefined();
    }
    for (const sourceReferrer of [
      "javascript:alert(1)",
      "https://bureau.example/blog",
      "not a url",
      `https://x.example/${"a".repeat(2100)}`,
    ]) {
      expect(read({ sourceReferrer }).referrer).toBeUndefined();
    }
    expect(read({})).toEqual({});
  });

  it("falls back to the Referer header for the page when it is one of ours", () => {
    expect(read({}, { Referer: "https://bureau.example/contact?utm_source=x" }).page).toBe(
      "/contact?utm_source=x",
    );
    expect(read({}, { Referer: "https://elsewhere.example/contact" }).page).toBeUndefined();
  });

  it("records an API post as sent to the API path, with another site's Referer", () => {
    const post = (headers: Record<string, string> = {}) =>
      apiLeadSource(
        new Request("https://bureau.example/api/quotes?x=1", { method: "POST", headers }),
      );
    expect(post()).toEqual({ page: "/api/quotes" });
    expect(post({ Referer: "https://app.example.com/quote" })).toEqual({
      page: "/api/quotes",
      referrer: "https://app.example.com/quote",
    });
    expect(post({ Referer: "https://bureau.example/contact" })).toEqual({ page: "/api/quotes" });
    expect(post({ Referer: "javascript:alert(1)" })).toEqual({ page: "/api/quotes" });
  });
});
