// Footer (SPEC §3): company name for the copyright line, footer links and social profiles.

import { getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { afterWrite } from "~/content/after-write.server";
import type { Actor } from "./audit";
import { type FooterInput, footerToStore } from "./footer";

export interface Footer {
  /** Company name shown in the copyright line; the shell also uses it as the brand. */
  copyright: string;
  links: { label: string; url: string }[];
  social: { platform: string; url: string }[];
  updatedAt: Date | null;
}

/** The footer document, or null when none was ever saved. */
export async function getFooter(): Promise<Footer | null> {
  const { footer } = await getCollections();
  const doc = await footer.findOne({ _id: SINGLETON_ID });
  if (!doc) return null;
  return {
    copyright: doc.copyright,
    links: doc.links ?? [],
    social: doc.social ?? [],
    updatedAt: doc.updatedAt ?? null,
  };
}

/** Saves the footer (blank rows dropped), recording when and by whom. */
export async function saveFooter(
  input: FooterInput,
  actor: Actor,
  now: Date = new Date(),
): Promise<void> {
  const { footer } = await getCollections();
  await footer.updateOne(
    { _id: SINGLETON_ID },
    {
      $set: { ...footerToStore(input), updatedAt: now, updatedBy: actor.email },
      $setOnInsert: { createdAt: now },
    },
    { upsert: true },
  );
  await afterWrite({ actor, action: "update", entity: "footer", summary: input.copyright });
}
