// The domain functions of each kit content type (kit/store.server.ts): what public pages, the
// admin screens, the JSON API and the CLI read and write through.
import { faqs } from "./faqs";
import { internships } from "./internships";
import { collectionStore } from "./kit/store.server";
import { resources } from "./resources";
import { testimonials } from "./testimonials";

export const testimonialStore = collectionStore(testimonials);
export const resourceStore = collectionStore(resources);
export const faqStore = collectionStore(faqs);
export const internshipStore = collectionStore(internships);

/** By entity, for code that runs over every type (the shared tests). */
export const STORES = {
  testimonial: testimonialStore,
  resource: resourceStore,
  faq: faqStore,
  internship: internshipStore,
} as const;
