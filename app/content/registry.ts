// Every content type built with the kit (app/content/kit). The shared tests run over this list;
// a new type is added here and in app/routes.ts (see docs/content-kit.md).
import { blogs } from "./blogs";
import { faqs } from "./faqs";
import { highlights } from "./highlights";
import { resources } from "./resources";
import { testimonials } from "./testimonials";

export const CONTENT_TYPES = [testimonials, resources, faqs, highlights, blogs] as const;
