// Every content type built with the kit (app/content/kit). The shared tests run over this list;
// a new type is added here and in app/routes.ts (see docs/content-kit.md).
import { faqs } from "./faqs";
import { resources } from "./resources";
import { testimonials } from "./testimonials";

export const CONTENT_TYPES = [testimonials, resources, faqs] as const;
