// Every content type built with the kit (app/content/kit). The shared tests run over this list;
// a new type is added here and in app/routes.ts (see docs/content-kit.md).
import { aboutPage } from "./about-page";
import { blogs } from "./blogs";
import { contactInfo } from "./contact-info";
import { faqs } from "./faqs";
import { footer } from "./footer";
import { hero } from "./hero";
import { highlights } from "./highlights";
import { internships } from "./internships";
import { resources } from "./resources";
import { servicePage } from "./service-page";
import { siteSettings } from "./site-settings";
import { testimonials } from "./testimonials";

// Internships use the kit's store, admin loader and action and JSON API, but not its generic
// screen (theirs has an always-open form, a toggle and twelve columns).
export const CONTENT_TYPES = [
  testimonials,
  resources,
  faqs,
  highlights,
  blogs,
  internships,
] as const;

/** Every single document built with the kit's document variant (kit/document.ts). */
export const DOCUMENT_TYPES = [
  hero,
  servicePage,
  aboutPage,
  contactInfo,
  footer,
  siteSettings,
] as const;
