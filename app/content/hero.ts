// The home page hero, one document: the first thing visitors see (title, subtitle, background
// image, call to action). The title is required, an image if present must be a valid address,
// subtitle and CTA are optional. Described once for the content kit (kit/document.ts): its
// editor at /admin/dashboard/hero and GET/PUT /api/hero-section come from here.
import { z } from "zod";
import { IMAGE_HINT, isValidImageUrl } from "~/domain/image";
import { defineDocument } from "./kit/document";

/** What a save says (the editor's flash, the JSON API's message). */
export const HERO_SAVED = "Hero section saved.";
/** A save that failed (the form keeps what was typed). */
export const HERO_SAVE_FAILED = "Failed to update hero section.";
export const HERO_TITLE_REQUIRED = "Title is required.";
export const HERO_IMAGE_INVALID = "Please upload a valid image.";
export const HERO_CTA_LINK_INVALID = "Enter a site path like /contact or an http(s) address.";

/** Blank (conform sends undefined for empty fields) becomes "". */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} has at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? "");

export const heroSchema = z.object({
  title: z
    .string({ error: HERO_TITLE_REQUIRED })
    .trim()
    .min(1, HERO_TITLE_REQUIRED)
    .max(200, "Title has at most 200 characters."),
  subtitle: optionalText(1000, "Subtitle"),
  // The hidden address of the image field (kept, or uploaded with JavaScript): see
  // components/admin/image-field.tsx. A file picked without JavaScript is read apart.
  image: z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || isValidImageUrl(value), HERO_IMAGE_INVALID),
  ctaText: optionalText(60, "CTA text"),
  // The home page sends the CTA to /contact unless this is a site path or a web address.
  // `//host` and `/\host` are other sites (browsers read `\` as `/`), not site paths.
  ctaLink: optionalText(2048, "CTA link").refine(
    (value) => value === "" || /^(\/(?![/\\])\S*|https?:\/\/\S+)$/.test(value),
    HERO_CTA_LINK_INVALID,
  ),
});

export type HeroInput = z.infer<typeof heroSchema>;

/** The hero as the JSON API answers it: what the editor edits. */
export const heroRecord = z.object({
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  ctaText: z.string(),
  ctaLink: z.string(),
});

export type HeroRecord = z.infer<typeof heroRecord>;

/** The API's record; all blank when none was ever saved (the home page then shows no hero). */
export function toHeroRecord(hero: Partial<Record<keyof HeroRecord, unknown>> | null): HeroRecord {
  return {
    title: text(hero?.title),
    subtitle: text(hero?.subtitle),
    image: text(hero?.image),
    ctaText: text(hero?.ctaText),
    ctaLink: text(hero?.ctaLink),
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The home page's CTA text when none is set. */
export const DEFAULT_CTA_TEXT = "Get Free Consultation";

export const hero = defineDocument({
  entity: "hero",
  collection: "heroSection",
  schema: heroSchema,
  record: heroRecord,
  toRecord: toHeroRecord,
  toStore: toHeroRecord,
  summary: (input) => input.title,
  texts: { saved: HERO_SAVED, saveFailed: HERO_SAVE_FAILED },
  admin: {
    path: "/admin/dashboard/hero",
    title: "Hero",
    editTitle: "Edit hero",
    description:
      "The first thing visitors see on the home page: title, subtitle, background image and call to action.",
    editLabel: "Edit hero",
    saveLabel: "Save",
    sections: [
      {
        fields: [
          { kind: "text", name: "title", label: "Title" },
          { kind: "textarea", name: "subtitle", label: "Subtitle", rows: 3 },
          {
            kind: "image",
            name: "image",
            label: "Background image",
            invalid: HERO_IMAGE_INVALID,
            hint: IMAGE_HINT,
          },
          {
            kind: "text",
            name: "ctaText",
            label: "CTA text",
            hint: `Empty: “${DEFAULT_CTA_TEXT}”.`,
            half: true,
          },
          {
            kind: "text",
            name: "ctaLink",
            label: "CTA link",
            hint: "A site path like /contact or an http(s) address. Empty: /contact.",
            half: true,
          },
        ],
      },
    ],
  },
  api: {
    path: "/api/hero-section",
    tag: "Hero section",
    getSummary: "The home page hero (every field blank when none was saved yet)",
    putSummary: "Replace the hero",
    putDescription:
      "image: an address (an uploaded image's secure_url or /images/<id>, kept as /images/<id>; a site path or http(s)), or empty for none.",
  },
});

export type HeroSection = HeroRecord;
