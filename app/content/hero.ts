// The home page hero, one document: the first thing visitors see (title, subtitle, background
// image, call to action). The title is required, an image if present must be a valid address,
// subtitle and CTA are optional. Described once for the content kit (kit/document.ts): its
// editor at /admin/dashboard/hero and GET/PUT /api/hero-section come from here.
import { z } from "zod";
import { IMAGE_HINT, isValidImageUrl } from "~/domain/image";
import { defineDocument } from "./kit/document";
import { address, requiredText, text } from "./kit/document-schema";
import { altFields } from "./kit/image-alt-schema";
import { recordFrom } from "./kit/types";

export const HERO_TITLE_REQUIRED = "Title is required.";
export const HERO_IMAGE_INVALID = "Please upload a valid image.";
export const HERO_CTA_LINK_INVALID = "Enter a site path like /contact or an http(s) address.";

export const heroSchema = z.object({
  title: requiredText("Title", 200, HERO_TITLE_REQUIRED),
  subtitle: text("Subtitle", 1000),
  image: address(HERO_IMAGE_INVALID, isValidImageUrl),
  ...altFields("image"),
  ctaText: text("CTA text", 60),
  // The home page sends the CTA to /contact unless this is a site path or a web address.
  // `//host` and `/\host` are other sites (browsers read `\` as `/`), not site paths.
  ctaLink: text("CTA link", 2048).refine(
    (value) => value === "" || /^(\/(?![/\\])\S*|https?:\/\/\S+)$/.test(value),
    HERO_CTA_LINK_INVALID,
  ),
});

/** The hero as the JSON API answers it: what the editor edits. */
export const heroRecord = recordFrom(heroSchema);

/** The home page's CTA text when none is set. */
export const DEFAULT_CTA_TEXT = "Get Free Consultation";

export const hero = defineDocument({
  entity: "hero",
  collection: "heroSection",
  schema: heroSchema,
  record: heroRecord,
  summary: (input) => input.title,
  texts: { saved: "Hero section saved.", saveFailed: "Failed to update hero section." },
  admin: {
    path: "/admin/dashboard/hero",
    title: "Hero",
    description:
      "The first thing visitors see on the home page: title, subtitle, background image and call to action.",
    nothingSaved: "No hero yet: the home page shows none until one is saved.",
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

export type HeroSection = z.infer<typeof heroRecord>;
