// The domain functions of each kit content type (kit/store.server.ts): what public pages, the
// admin screens, the JSON API and the CLI read and write through. A type with writes of its own
// (a post's author and preview) builds on the kit's store in its own module.
import { blogStore } from "./blogs.server";
import { faqs } from "./faqs";
import { highlights } from "./highlights";
import { internships } from "./internships";
import { collectionStore } from "./kit/store.server";
import { resources } from "./resources";
import { testimonials } from "./testimonials";

export const testimonialStore = collectionStore(testimonials);
export const resourceStore = collectionStore(resources);
export const faqStore = collectionStore(faqs);
export const internshipStore = collectionStore(internships);
export const highlightStore = collectionStore(highlights);
export { blogStore };

/** By entity, for code that runs over every type (the shared tests). */
export const STORES = {
  testimonial: testimonialStore,
  resource: resourceStore,
  faq: faqStore,
  internship: internshipStore,
  highlight: highlightStore,
  blog: blogStore,
} as const;
