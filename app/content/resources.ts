// Resources: the guides and tools on /resources, each card opening its link. Title and
// description are required with one shared message, the link must be one visitors can safely
// open (an http(s) address or a path on this site), and the image is optional: the card shows
// a default one without it.
import { z } from "zod";
import { isValidImageUrl } from "~/domain/image";
import { isSiteOrWebLink, LINK_MAX } from "~/lib/links";
import { address } from "./kit/document-schema";
import { altFields } from "./kit/image-alt-schema";
import { requiredText } from "./kit/schema";
import { defineCollection } from "./kit/types";

export const RESOURCE_REQUIRED = "Title and description are required.";
export const RESOURCE_LINK_REQUIRED = "Link is required.";
const RESOURCE_LINK_INVALID =
  "Enter a web address starting with http:// or https://, or a site path like /blog.";
const RESOURCE_IMAGE_INVALID = "Please upload a valid image.";
const TITLE_MAX = 160;
const DESCRIPTION_MAX = 1000;

const required = (max: number, what: string) => requiredText(RESOURCE_REQUIRED, max, what);

export const resources = defineCollection({
  entity: "resource",
  collection: "resources",
  schema: z.object({
    title: required(TITLE_MAX, "title"),
    description: required(DESCRIPTION_MAX, "description"),
    link: z
      .string({ error: RESOURCE_LINK_REQUIRED })
      .trim()
      .min(1, RESOURCE_LINK_REQUIRED)
      .refine(isSiteOrWebLink, RESOURCE_LINK_INVALID),
    // The image field's hidden address (see components/admin/image-field.tsx).
    image: address(RESOURCE_IMAGE_INVALID, isValidImageUrl),
    ...altFields("image"),
  }),
  record: z.object({
    title: z.string(),
    description: z.string(),
    image: z.string(),
    link: z.string(),
    imageAlt: z.string(),
    imageDecorative: z.boolean(),
  }),
  fields: [
    {
      kind: "text",
      name: "title",
      label: "Title",
      placeholder: "Enter title",
      maxLength: TITLE_MAX,
    },
    {
      kind: "textarea",
      name: "description",
      label: "Description",
      placeholder: "Enter description",
      rows: 4,
      maxLength: DESCRIPTION_MAX,
    },
    {
      kind: "link",
      name: "link",
      label: "Link",
      placeholder: "https://example.com/guide",
      hint: "A web address (https://…) opens in a new tab; a site path like /blog works too.",
      maxLength: LINK_MAX,
    },
    {
      kind: "image",
      name: "image",
      label: "Image",
      invalid: RESOURCE_IMAGE_INVALID,
      hint: "Optional: the card shows a default image without one. 16:9 works best. JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.",
    },
  ],
  summary: (r) => r.title,
  searchFields: ["title", "description", "link"],
  publicSort: { createdAt: -1, _id: -1 },
  admin: {
    path: "/admin/dashboard/resources",
    title: "Resources",
    description:
      "The guides and tools on the resources page, newest first; each card opens its link.",
    siteLink: "/resources",
    addLabel: "Add resource",
    formTitle: { create: "Add resource", edit: "Edit resource" },
    noun: ["resource", "resources"],
    search: { label: "Search resources", placeholder: "Words in a title, description or link" },
    emptyText: "No resources found.",
    titleColumn: {
      label: "Resource",
      title: "title",
      subtitle: { field: "description", clamp: true },
      image: { field: "image", shape: "thumbnail" },
      sort: true,
    },
    columns: [{ label: "Link", field: "link", kind: "link", from: "lg", sort: true }],
    subject: (r) => String(r.title),
  },
  api: {
    path: "/api/resources",
    tag: "Resources",
    listSummary: "Every resource, newest first (the order of /resources)",
    createDescription:
      "image is optional (the card shows a default one): upload it first (POST /api/images) and send its secure_url. link: an http(s) address or a site path.",
    updateDescription:
      "The whole resource, as for POST. An image it no longer shows is deleted once nothing else uses it.",
  },
  example: {
    title: "The accessibility handbook",
    description: "Everything about WCAG, with examples.",
    link: "https://www.w3.org/WAI/",
    image: "/demo/resource-wcag.webp",
    imageAlt: "The WCAG quick reference open on a laptop",
  },
});

export type Resource = z.output<typeof resources.record> & { _id: string };
