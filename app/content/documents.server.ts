// The domain functions of each single document (kit/document-store.server.ts): what the public
// pages, the admin screens, the JSON API and the CLI read and save through.
//
// The site settings hold what is site-wide once; the footer, the contact information and the
// about page show some of those values in their editors and JSON API, read from and saved to
// the settings (`shares`), so changing the e-mail in one editor changes it everywhere.
import { aboutPage } from "./about-page";
import { contactInfo } from "./contact-info";
import { footer } from "./footer";
import { hero } from "./hero";
import { documentStore } from "./kit/document-store.server";
import { servicePage } from "./service-page";
import { siteSettings } from "./site-settings";

export const heroStore = documentStore(hero);
export const servicePageStore = documentStore(servicePage);
export const aboutPageStore = documentStore(aboutPage, {
  shares: { with: siteSettings, fields: { "contact.email": "email", "contact.phone": "phone" } },
});
export const contactInfoStore = documentStore(contactInfo, {
  shares: { with: siteSettings, fields: { email: "email", phone: "phone" } },
});
export const footerStore = documentStore(footer, {
  shares: { with: siteSettings, fields: { copyright: "legalName", social: "social" } },
});
export const siteSettingsStore = documentStore(siteSettings);

/** By entity, for code that runs over every document (the shared tests). */
export const DOCUMENT_STORES = {
  hero: heroStore,
  "service-page": servicePageStore,
  "about-page": aboutPageStore,
  "contact-info": contactInfoStore,
  footer: footerStore,
  "site-settings": siteSettingsStore,
} as const;
