import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { RESOURCE_FALLBACK_IMAGE } from "~/components/site/resource-card";
import { escapeHtml, renderRoute } from "../../tests/support/render-route";
import Resources, { loader } from "./resources";

afterAll(closeDatabase);
beforeEach(async () => {
  const { resources } = await getCollections();
  await resources.deleteMany({});
});

function resource(title: string, createdAt: Date) {
  return {
    _id: new ObjectId(),
    title,
    description: `${title} description`,
    image: `/demo/${title}.webp`,
    link: `https://example.com/${title}`,
    createdAt,
    updatedAt: createdAt,
  };
}

describe("resources loader", () => {
  it("lists every resource from the database, newest first, with string ids", async () => {
    const { resources } = await getCollections();
    const older = resource("older", new Date("2026-01-01T00:00:00Z"));
    const newer = resource("newer", new Date("2026-06-01T00:00:00Z"));
    await resources.insertMany([older, newer]);

    const { resources: list } = await loader();
    expect(list.map((r) => r.title)).toEqual(["newer", "older"]);
    expect(list[0]).toMatchObject({
      _id: newer._id.toHexString(),
      title: "newer",
      description: "newer description",
      image: "/demo/newer.webp",
      link: "https://example.com/newer",
    });
  });

  it("sees a resource added after the first read", async () => {
    const { resources } = await getCollections();
    expect((await loader()).resources).toEqual([]);
    await resources.insertOne(resource("added", new Date()));
    expect((await loader()).resources.map((r) => r.title)).toEqual(["added"]);
  });

  it("gives an empty list when there are no resources", async () => {
    expect((await loader()).resources).toEqual([]);
  });
});

describe("resources page", () => {
  it("says 'No resources found.' when the list is empty", () => {
    const html = renderRoute(Resources, { resources: [] });
    expect(html).toContain("No resources found.");
    expect(html.match(/<h1/g)).toHaveLength(1);
  });

  it("links each card in a new tab, says so, and does not link an unsafe address", () => {
    const html = renderRoute(Resources, {
      resources: [
        { ...resource("Safe & sound", new Date()), _id: "a" },
        { ...resource("Unsafe", new Date()), _id: "b", link: "javascript:alert(1)" },
        { ...resource("No image", new Date()), _id: "c", image: "" },
      ],
    });
    expect(html).toContain(
      '<a href="https://example.com/Safe &amp; sound" target="_blank" rel="noopener noreferrer"',
    );
    expect(html).toContain(
      `${escapeHtml("Safe & sound")}<span class="sr-only"> (opens in a new tab)</span>`,
    );
    expect(html).not.toContain("javascript:");
    expect(html).toContain("Unsafe");
    // A resource without an image gets the designed stand-in, not the generic grey one.
    expect(html).toContain(`src="${RESOURCE_FALLBACK_IMAGE}"`);
    expect(html).not.toContain("No resources found.");
  });
});
