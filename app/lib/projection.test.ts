import { ObjectId } from "mongodb";
import { describe, expect, it } from "vitest";
import { project } from "./projection";

describe("project", () => {
  const stored = {
    title: "About us",
    updatedBy: "owner@example.com",
    updatedAt: new Date("2026-01-02T00:00:00Z"),
    team: [
      { name: "Ada", role: "CTO", image: "", addedBy: "owner@example.com" },
      { name: "Bob", role: "CEO", image: "/images/x" },
    ],
    contact: { email: "hello@example.com", phone: "1", editor: { email: "owner@example.com" } },
    tags: ["a", "b"],
  };

  it("keeps only the named fields, at every depth and in every list element", () => {
    const out = project(stored, {
      title: true,
      updatedAt: true,
      team: { name: true, role: true },
      contact: { email: true },
      tags: true,
    });
    expect(out).toEqual({
      title: "About us",
      updatedAt: stored.updatedAt,
      team: [
        { name: "Ada", role: "CTO" },
        { name: "Bob", role: "CEO" },
      ],
      contact: { email: "hello@example.com" },
      tags: ["a", "b"],
    });
    expect(JSON.stringify(out)).not.toContain("owner@example.com");
  });

  it("keeps null and absent values as they are, and BSON values whole", () => {
    const id = new ObjectId();
    expect(project(null as typeof stored | null, { title: true })).toBeNull();
    expect(project([{ _id: id, a: 1 }], { _id: true })).toEqual([{ _id: id }]);
    expect(
      project({ a: 1 } as { a: number; b?: { c: string } }, { a: true, b: { c: true } }),
    ).toEqual({
      a: 1,
    });
  });

  it("leaves out an object where the view expected a leaf, and a leaf where it expected an object", () => {
    // Data that does not match its type (an older document, a client of the API).
    const odd = {
      name: { first: "Ada", secret: "owner@example.com" },
      contact: "x",
    } as unknown as {
      name: string;
      contact: { email: string };
    };
    expect(project(odd, { name: true, contact: { email: true } })).toEqual({
      name: undefined,
      contact: undefined,
    });
  });
});
