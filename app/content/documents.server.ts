// The domain functions of each single document (kit/document-store.server.ts): what the public
// pages, the admin screens, the JSON API and the CLI read and save through.
import { aboutPage } from "./about-page";
import { contactInfo } from "./contact-info";
import { footer } from "./footer";
import { hero } from "./hero";
import { documentStore } from "./kit/document-store.server";
import { servicePage } from "./service-page";

export const heroStore = documentStore(hero);
export const servicePageStore = documentStore(servicePage);
export const aboutPageStore = documentStore(aboutPage);
export const contactInfoStore = documentStore(contactInfo);
export const footerStore = documentStore(footer);

/** By entity, for code that runs over every document (the shared tests). */
export const DOCUMENT_STORES = {
  hero: heroStore,
  "service-page": servicePageStore,
  "about-page": aboutPageStore,
  "contact-info": contactInfoStore,
  footer: footerStore,
} as const;
