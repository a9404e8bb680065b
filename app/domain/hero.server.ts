// Hero section of the home page (SPEC §3): one document.

import { getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { afterWrite } from "~/content/after-write.server";
import type { Actor } from "./audit";
import { deleteImageIfUnused } from "./image.server";

export interface HeroSection {
  title: string;
  subtitle: string;
  image: string;
  ctaText: string;
  ctaLink: string;
}

/** The hero, or null when none was ever saved (the home page then renders no hero). */
export async function getHeroSection(): Promise<HeroSection | null> {
  const { heroSection } = await getCollections();
  const doc = await heroSection.findOne({ _id: SINGLETON_ID });
  if (!doc) return null;
  return {
    title: doc.title,
    subtitle: doc.subtitle,
    image: doc.image,
    ctaText: doc.ctaText,
    ctaLink: doc.ctaLink,
  };
}

/**
 * Writes the hero (creating it the first time) and records who changed it; then the image it
 * showed before, if replaced or removed, goes once nothing else uses it. The editor and the
 * JSON API both save through this.
 */
export async function saveHeroSection(
  input: HeroSection,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  const { heroSection } = await getCollections();
  const before = await heroSection.findOneAndUpdate(
    { _id: SINGLETON_ID },
    {
      $set: { ...input, updatedAt: now, updatedBy: actor.email },
      $setOnInsert: { createdAt: now },
    },
    { upsert: true, returnDocument: "before" },
  );
  await afterWrite({ actor, action: "update", entity: "hero", summary: input.title });
  const previousImage = before?.image ?? "";
  if (previousImage !== input.image) await deleteImageIfUnused(previousImage);
}
