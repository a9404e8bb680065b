// Once, at start-up: the site settings of a database written before they existed. The brand
// was the footer's "Company name (copyright)", the social profiles the footer's, and the e-mail
// and phone lived twice (the contact information and the about page's contact line). They are
// derived from those documents into the settings document, then taken out of them, so that
// nothing lives twice. Idempotent and safe when several instances start at once: the settings
// are only ever inserted when absent (an upsert that sets nothing on an existing document), and
// taking the old copies out leaves a database without them as it was.
import type { Db } from "mongodb";
import {
  type AboutPageDoc,
  type ContactInfoDoc,
  collections,
  type FooterDoc,
  SINGLETON_ID,
  type SiteSettingsDoc,
} from "#db/collections";
import { companyNameOnly } from "~/lib/copyright";

type Old = {
  footer: Partial<FooterDoc> | null;
  contactInfo: Partial<ContactInfoDoc> | null;
  aboutPage: Partial<AboutPageDoc> | null;
};

export type DerivedSettings = Omit<SiteSettingsDoc, "_id" | "updatedAt" | "updatedBy">;

const clean = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The settings the old documents imply, or null when they hold none of them (a new database:
 * nothing is invented). The contact information's e-mail and phone win over the about page's
 * (the contact page showed them; the about page's only stood in for blank ones).
 */
export function deriveSiteSettings(old: Old): DerivedSettings | null {
  const name = companyNameOnly(clean(old.footer?.copyright));
  const email = clean(old.contactInfo?.email) || clean(old.aboutPage?.contact?.email);
  const phone = clean(old.contactInfo?.phone) || clean(old.aboutPage?.contact?.phone);
  const social = (old.footer?.social ?? [])
    .map((s) => ({ platform: clean(s?.platform), url: clean(s?.url) }))
    .filter((s) => s.platform || s.url);
  if (!name && !email && !phone && social.length === 0) return null;
  // The top bar showed the copyright's company name: it stays the brand until staff change it.
  return { brandName: name, legalName: name, tagline: "", logo: "", email, phone, social };
}

export interface SettingsMigration {
  /** Whether this start created the settings (false: they existed, or there was nothing). */
  created: boolean;
  /** The about page's e-mail or phone that differed from the contact information's (dropped). */
  dropped: string[];
}

export async function migrateSiteSettings(db: Db, now = new Date()): Promise<SettingsMigration> {
  const c = collections(db);
  const id = { _id: SINGLETON_ID } as const;
  const [footer, contactInfo, aboutPage] = await Promise.all([
    c.footer.findOne(id),
    c.contactInfo.findOne(id),
    c.aboutPage.findOne(id),
  ]);
  const derived = deriveSiteSettings({ footer, contactInfo, aboutPage });
  let created = false;
  const dropped: string[] = [];
  if (derived) {
    const result = await c.siteSettings.updateOne(
      id,
      { $setOnInsert: { ...derived, createdAt: now, updatedAt: now, updatedBy: "migration" } },
      { upsert: true },
    );
    created = result.upsertedCount > 0;
    if (created) {
      for (const key of ["email", "phone"] as const) {
        const about = clean(aboutPage?.contact?.[key]);
        if (about && about !== derived[key]) dropped.push(about);
      }
    }
  }
  // Runs on every start (a start stopped between the two steps finishes here next time).
  await Promise.all([
    c.footer.updateOne(id, { $unset: { copyright: "", social: "" } }),
    c.contactInfo.updateOne(id, { $unset: { email: "", phone: "" } }),
    c.aboutPage.updateOne(id, { $unset: { contact: "" } }),
  ]);
  return { created, dropped };
}
