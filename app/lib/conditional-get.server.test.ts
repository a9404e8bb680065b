// Conditional GET (RFC 9110 §13.1.2) for documents built whole: the tag is the body's, and
// If-None-Match is compared weakly, in a list, or as `*`.
import { afterEach, describe, expect, it } from "vitest";
import {
  cachedDocumentResponse,
  conditionalResponse,
  matchesTag,
  tagged,
} from "./conditional-get.server";
import { startContentCache, stopContentCache } from "./content-cache.server";
import { invalidateLocally } from "./content-version.server";
import { runAsPreview } from "./preview-context.server";

const request = (ifNoneMatch?: string) =>
  new Request("http://localhost/x", {
    headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {},
  });

describe("conditional GET", () => {
  it("tags a body by its bytes: the same on every instance, another for other bytes", () => {
    expect(tagged("<a/>").etag).toBe(tagged("<a/>").etag);
    expect(tagged("<a/>").etag).not.toBe(tagged("<b/>").etag);
  });

  it("answers 304 with the tag and no body when the client holds it, else the body", async () => {
    const doc = tagged("<feed/>");
    const headers = { "Content-Type": "application/xml", "Cache-Control": "public, max-age=300" };
    const fresh = conditionalResponse(request(), doc, headers);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toBe("<feed/>");
    expect(fresh.headers.get("ETag")).toBe(doc.etag);

    const held = conditionalResponse(request(doc.etag), doc, headers);
    expect(held.status).toBe(304);
    expect(await held.text()).toBe("");
    expect(held.headers.get("Cache-Control")).toBe("public, max-age=300");

    expect(conditionalResponse(request('"old"'), doc, headers).status).toBe(200);
  });

  it("compares weakly, within a list, and takes * for any", () => {
    expect(matchesTag('W/"a"', '"a"')).toBe(true);
    expect(matchesTag('"x", "a"', '"a"')).toBe(true);
    expect(matchesTag("*", '"a"')).toBe(true);
    expect(matchesTag('"b"', '"a"')).toBe(false);
    expect(matchesTag(null, '"a"')).toBe(false);
  });
});

describe("a document built once per content version", () => {
  afterEach(stopContentCache);

  it("is built once while the content is unchanged, again after a change, never for a preview", async () => {
    startContentCache({ ttlMs: 60_000 });
    let builds = 0;
    const build = async () => `<doc n="${++builds}"/>`;
    const get = (etag?: string) =>
      cachedDocumentResponse(request(etag), "test:doc", build, { "Content-Type": "text/xml" });

    const first = await get();
    expect(await first.text()).toBe('<doc n="1"/>');
    const tag = first.headers.get("ETag") as string;
    expect(tag).toMatch(/^W\/"/);
    expect((await get(tag)).status).toBe(304);
    expect(await (await get()).text()).toBe('<doc n="1"/>');
    expect(builds).toBe(1);

    // A preview's answer may show a draft: built for it alone, never kept for others.
    const previewed = await runAsPreview({ entity: "blog", id: null }, () => get());
    expect(await previewed.text()).toBe('<doc n="2"/>');
    expect(await (await get()).text()).toBe('<doc n="1"/>');

    invalidateLocally();
    const changed = await get(tag);
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('<doc n="3"/>');
  });
});
