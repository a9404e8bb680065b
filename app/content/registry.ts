// Every content type built with the kit (app/content/kit). The shared tests run over this list;
// a new type is added here and in app/routes.ts (see docs/content-kit.md).
import { blogs } from "./blogs";
import { faqs } from "./faqs";
import { highlights } from "./highlights";
import { internships } from "./internships";
import { resources } from "./resources";
import { testimonials } from "./testimonials";

// Internships use the kit's description and store, but not its generic admin screen or JSON API
// (their own screen has a toggle and twelve columns; anonymous API reads hide inactive ones).
export const CONTENT_TYPES = [
  testimonials,
  resources,
  faqs,
  highlights,
  blogs,
  internships,
] as const;
