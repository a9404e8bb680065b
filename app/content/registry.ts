// Every content type built with the kit (app/content/kit). The shared tests run over this list;
// a new type is added here and in app/routes.ts (see docs/content-kit.md).
import { aboutPage } from "./about-page";
import { contactInfo } from "./contact-info";
import { faqs } from "./faqs";
import { footer } from "./footer";
import { hero } from "./hero";
import { resources } from "./resources";
import { servicePage } from "./service-page";
import { testimonials } from "./testimonials";

export const CONTENT_TYPES = [testimonials, resources, faqs] as const;

/** Every single document built with the kit's document variant (kit/document.ts). */
export const DOCUMENT_TYPES = [hero, servicePage, aboutPage, contactInfo, footer] as const;
