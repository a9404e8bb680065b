// Hero section of the home page (SPEC §3): one document.

import { getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";

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
