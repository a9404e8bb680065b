// About page content (SPEC §3): one document.
import { getCollections } from "#db/client.server";
import { type AboutPageDoc, SINGLETON_ID } from "#db/collections";

export type AboutPage = Omit<AboutPageDoc, "_id">;

/** The about page, or null when none was ever saved. */
export async function getAboutPage(): Promise<AboutPage | null> {
  const { aboutPage } = await getCollections();
  const doc = await aboutPage.findOne({ _id: SINGLETON_ID });
  if (!doc) return null;
  const { _id, ...page } = doc;
  return page;
}

/**
 * The values, stored as newline-separated text (one value per line), as a list: blank lines
 * dropped and a typed list marker ("- ", "• ", "1. ") removed so it is not shown twice.
 */
export function splitValues(values: string): string[] {
  return values
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim())
    .filter(Boolean);
}
