// About page content (SPEC §3): one document.

import { getCollections } from "#db/client.server";
import { type AboutPageDoc, SINGLETON_ID } from "#db/collections";
import { afterWrite } from "~/content/after-write.server";
import { type AboutPageInput, isBlankMember } from "./about-page";
import type { Actor } from "./audit";
import { deleteImageIfUnused } from "./image.server";

// Shared with the admin editor's view (a browser module): it lives in about-page.ts.
export { splitValues } from "./about-page";

export type AboutPage = Omit<AboutPageDoc, "_id">;

/** The about page, or null when none was ever saved. */
export async function getAboutPage(): Promise<AboutPage | null> {
  const { aboutPage } = await getCollections();
  const doc = await aboutPage.findOne({ _id: SINGLETON_ID });
  if (!doc) return null;
  const { _id, ...page } = doc;
  return page;
}

/** The document's fields from the editor's values: blank team rows dropped. */
export function aboutPageToStore(input: AboutPageInput) {
  return {
    title: input.title,
    content: input.content,
    mission: input.mission,
    values: input.values,
    team: input.team
      .filter((row) => !isBlankMember(row))
      .map(({ name, role, image }) => ({ name, role, image })),
    contact: { email: input.contact.email, phone: input.contact.phone },
  };
}

export interface SavedAboutPage {
  /** The team portraits the page showed before, to delete once unused. */
  previousImages: string[];
}

/** Writes the about page (creating it the first time) and records who changed it. */
export async function saveAboutPage(
  input: AboutPageInput,
  actor: Actor,
  now = new Date(),
): Promise<SavedAboutPage> {
  const { aboutPage } = await getCollections();
  const before = await aboutPage.findOneAndUpdate(
    { _id: SINGLETON_ID },
    {
      $set: { ...aboutPageToStore(input), updatedAt: now, updatedBy: actor.email },
      $setOnInsert: { createdAt: now },
    },
    { upsert: true, returnDocument: "before" },
  );
  await afterWrite({ actor, action: "update", entity: "about-page", summary: input.title });
  return { previousImages: (before?.team ?? []).map((m) => m.image).filter(Boolean) };
}

/**
 * After a save: portraits the page showed before and no longer does (removed rows, replaced or
 * removed images) go once nothing else uses them. The editor and the JSON API both call this.
 */
export async function deleteDroppedPortraits(
  previousImages: readonly string[],
  team: readonly { image: string }[],
): Promise<void> {
  const kept = new Set(team.map((row) => row.image));
  for (const url of new Set(previousImages)) {
    if (!kept.has(url)) await deleteImageIfUnused(url);
  }
}
