// The history page's field-by-field difference (revision-diff.ts): long text word by word, a
// short value old then new, row lists and images named by their editor's labels, unchanged
// fields left out.
import { describe, expect, it } from "vitest";
import { faqs } from "./faqs";
import { footer } from "./footer";
import { resources } from "./resources";
import {
  collectionLabels,
  documentLabels,
  fieldChanges,
  leaves,
  textChange,
} from "./revision-diff";

const removed = (parts: { text: string; change: string }[]) =>
  parts.filter((p) => p.change === "removed").map((p) => p.text.trim());
const added = (parts: { text: string; change: string }[]) =>
  parts.filter((p) => p.change === "added").map((p) => p.text.trim());

describe("textChange", () => {
  it("compares long text word by word: one corrected word shows as that word", () => {
    const before = "We build fast websites for small teams, with care and without lock-in.";
    const after = "We build fast websites for growing teams, with care and without lock-in.";
    const parts = textChange(before, after);
    expect(removed(parts)).toEqual(["small"]);
    expect(added(parts)).toEqual(["growing"]);
    // Put back together, each side reads as it was.
    const side = (skip: string) =>
      parts
        .filter((p) => p.change !== skip)
        .map((p) => p.text)
        .join("");
    expect(side("added")).toBe(before);
    expect(side("removed")).toBe(after);
  });

  it("shows a short value whole, old then new, and an emptied or new one on one side", () => {
    expect(textChange("Pricing", "Prices")).toEqual([
      { text: "Pricing", change: "removed" },
      { text: "Prices", change: "added" },
    ]);
    expect(textChange("", "New")).toEqual([{ text: "New", change: "added" }]);
    expect(textChange("Old", "")).toEqual([{ text: "Old", change: "removed" }]);
  });

  it("compares text on several lines word by word however short", () => {
    const parts = textChange("a\nb", "a\nc");
    expect(parts.some((p) => p.change === "same")).toBe(true);
  });
});

describe("fieldChanges", () => {
  const { label, order } = collectionLabels(faqs);

  it("lists only the fields that differ, by label, in the editor's order", () => {
    const changes = fieldChanges(
      { question: "Q1", answer: "Same answer" },
      { answer: "Same answer", question: "Q2" },
      label,
      order,
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ path: "question", label: "Question" });
  });

  it("against nothing (a create) shows every filled field as added", () => {
    const changes = fieldChanges(null, { question: "Q", answer: "A" }, label, order);
    expect(changes.map((c) => c.label)).toEqual(["Question", "Answer"]);
    expect(changes.every((c) => c.parts.every((p) => p.change === "added"))).toBe(true);
  });

  it("names an image's alt text and decorative box after the image's label", () => {
    const labels = collectionLabels(resources);
    const changes = fieldChanges(
      { imageAlt: "", imageDecorative: false },
      { imageAlt: "A desk", imageDecorative: true },
      labels.label,
      labels.order,
    );
    expect(changes.map((c) => c.label)).toEqual(["Image: alt text", "Image: decorative only"]);
    expect(added(changes[1]?.parts ?? [])).toEqual(["Yes"]);
  });

  it("names a row's cell by its row and label, and shows days and lists as text", () => {
    const labels = documentLabels(footer);
    const changes = fieldChanges(
      { links: [{ label: "Home", url: "/" }] },
      { links: [{ label: "Start", url: "/" }] },
      labels.label,
      labels.order,
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ path: "links.0.label", label: "Link 1: Label" });
    expect(leaves({ day: new Date("2026-03-01T00:00:00Z"), tags: ["a", "b"] })).toEqual(
      new Map([
        ["day", "2026-03-01"],
        ["tags", "a, b"],
      ]),
    );
  });
});
