// The home page hero's editor form (SPEC §3/§5): title required, an image if present must be
// a valid address, subtitle and CTA optional. Shared by the browser (conform) and the server.
import { z } from "zod";
import { isValidImageUrl } from "./image";

/** What a save says (the editor's flash, the JSON API's message). */
export const HERO_SAVED = "Hero section saved.";
/** SPEC §8: a save that failed (the form keeps what was typed). */
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

// The JSON API (routes/api/hero-section.ts) takes heroSchema as its PUT body unchanged: it
// reads JSON as it is (the image is its address, "" for none; files are uploaded apart).

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
export function toHeroRecord(hero: Partial<HeroRecord> | null): HeroRecord {
  return {
    title: hero?.title ?? "",
    subtitle: hero?.subtitle ?? "",
    image: hero?.image ?? "",
    ctaText: hero?.ctaText ?? "",
    ctaLink: hero?.ctaLink ?? "",
  };
}
