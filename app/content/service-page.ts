// The Services page, one document: its hero, the service cards, the benefits, the numbered
// process and the closing call to action. The hero title is required; each list keeps at least
// one row in the editor. A list row left completely blank is not saved (the editor always shows
// at least one row to type into, and the public page hides an empty section); a half-filled row
// is an error beside the missing part. Described once for the content kit (kit/document.ts): its
// editor at /admin/dashboard/services and GET/PUT /api/service-page come from here.
import { z } from "zod";
import { ICON_KEYS, type IconKey } from "#db/collections";
import { IMAGE_HINT, isValidImageUrl } from "~/domain/image";
import { classifyHref } from "~/lib/links";
import { defineDocument, type RowsField } from "./kit/document";

export const SERVICE_TITLE_MAX = 200;
export const SERVICE_TEXT_MAX = 1000;
export const SERVICE_LINK_MAX = 2048;
/** Rows per list (services, benefits, process steps); far more than a page can show well. */
export const SERVICE_ROWS_MAX = 20;
/** The closing block's buttons; the first one also shows in the hero. */
export const CTA_BUTTONS_MAX = 4;

export const SERVICE_HERO_TITLE_REQUIRED = "Hero title is required.";
export const SERVICE_IMAGE_INVALID = "Please upload a valid image.";
export const SERVICE_LINK_INVALID = "Enter a page of this site (/contact) or an http(s) address.";
export const SERVICE_ICON_REQUIRED = "Choose one of the icons.";
/** What a save says (the editor's flash, the JSON API's message). */
export const SERVICE_PAGE_SAVED = "Service page updated.";
export const SERVICE_PAGE_SAVE_FAILED = "Failed to update service page.";

/** A human name per icon key, for the picker's labels. */
export const ICON_LABELS: Record<IconKey, string> = {
  briefcase: "Briefcase",
  globe: "Globe",
  "app-window": "App window",
  "users-three": "Team",
  trophy: "Trophy",
  users: "People",
  headset: "Headset",
  "trend-up": "Growth",
};
export const DEFAULT_ICON: IconKey = "briefcase";

/** Blank (conform sends undefined for an empty field) becomes "". */
const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? "");

const fail = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: "custom", path: [path], message });

/** A service or a benefit: title, description and one of the site's eight icons. */
const iconRow = (what: "Service" | "Benefit") =>
  z
    .object({
      title: text(SERVICE_TITLE_MAX, "Title"),
      description: text(SERVICE_TEXT_MAX, "Description"),
      // Checked in the refinement below, so that every error of the row shows at once.
      icon: z.string().optional(),
    })
    .superRefine((row, ctx) => {
      if (!row.title && !row.description) return;
      if (!row.title) fail(ctx, "title", `${what} title is required.`);
      if (!row.description) fail(ctx, "description", `${what} description is required.`);
      if (!isIconKey(row.icon)) fail(ctx, "icon", SERVICE_ICON_REQUIRED);
    });

export function isIconKey(value: unknown): value is IconKey {
  return typeof value === "string" && (ICON_KEYS as readonly string[]).includes(value);
}

const stepRow = z
  .object({
    title: text(SERVICE_TITLE_MAX, "Title"),
    description: text(SERVICE_TEXT_MAX, "Description"),
  })
  .superRefine((row, ctx) => {
    if (!row.title && !row.description) return;
    if (!row.title) fail(ctx, "title", "Step title is required.");
    if (!row.description) fail(ctx, "description", "Step description is required.");
  });

const buttonRow = z
  .object({
    label: text(80, "Label"),
    link: text(SERVICE_LINK_MAX, "Link"),
  })
  .superRefine((row, ctx) => {
    if (!row.label && !row.link) return;
    if (!row.label) fail(ctx, "label", "Button label is required.");
    if (!row.link) fail(ctx, "link", "Button link is required.");
    else if (!isPageOrWebLink(row.link)) fail(ctx, "link", SERVICE_LINK_INVALID);
  });

/** A site path (/contact) or an http(s) address: never `javascript:`, `//host` or mailto. */
export function isPageOrWebLink(value: string): boolean {
  const kind = classifyHref(value);
  return kind === "internal" || kind === "external";
}

const list = <T extends z.ZodType>(row: T, max: number, many: string) =>
  z.array(row).max(max, `At most ${max} ${many}.`).default([]);

export const servicePageSchema = z.object({
  hero: z
    .object({
      title: z
        .string({ error: SERVICE_HERO_TITLE_REQUIRED })
        .trim()
        .min(1, SERVICE_HERO_TITLE_REQUIRED)
        .max(SERVICE_TITLE_MAX, `Hero title must be at most ${SERVICE_TITLE_MAX} characters.`),
      subtitle: text(SERVICE_TEXT_MAX, "Subtitle"),
      // The hidden address of the image field (kept, or uploaded with JavaScript): see
      // components/admin/image-field.tsx. A file picked without JavaScript is read apart.
      image: z
        .string()
        .trim()
        .optional()
        .transform((value) => value ?? "")
        .refine((value) => value === "" || isValidImageUrl(value), SERVICE_IMAGE_INVALID),
    })
    // Every hero field blank arrives as no hero at all: still 'Hero title is required.'.
    .prefault({ title: "" }),
  services: list(iconRow("Service"), SERVICE_ROWS_MAX, "services"),
  benefits: list(iconRow("Benefit"), SERVICE_ROWS_MAX, "benefits"),
  processSteps: list(stepRow, SERVICE_ROWS_MAX, "steps"),
  cta: z
    .object({
      title: text(SERVICE_TITLE_MAX, "Title"),
      subtitle: text(SERVICE_TEXT_MAX, "Subtitle"),
      buttons: list(buttonRow, CTA_BUTTONS_MAX, "buttons"),
    })
    .default({ title: "", subtitle: "", buttons: [] }),
});

export type ServicePageInput = z.output<typeof servicePageSchema>;

/** The stored shape: blank rows dropped, every kept row complete. */
export function servicePageToStore(input: ServicePageInput) {
  const iconRows = (rows: ServicePageInput["services"]) =>
    rows.flatMap((r) =>
      r.title && r.description
        ? [
            {
              title: r.title,
              description: r.description,
              icon: isIconKey(r.icon) ? r.icon : DEFAULT_ICON,
            },
          ]
        : [],
    );
  return {
    hero: { title: input.hero.title, subtitle: input.hero.subtitle, image: input.hero.image },
    services: iconRows(input.services),
    benefits: iconRows(input.benefits),
    processSteps: input.processSteps.flatMap((s) =>
      s.title && s.description ? [{ title: s.title, description: s.description }] : [],
    ),
    cta: {
      title: input.cta.title,
      subtitle: input.cta.subtitle,
      buttons: input.cta.buttons.flatMap((b) =>
        b.label && b.link ? [{ label: b.label, link: b.link }] : [],
      ),
    },
  };
}

const iconRecord = z.object({
  title: z.string(),
  description: z.string(),
  icon: z.enum(ICON_KEYS),
});

/** The service page as the JSON API answers it: what the editor edits. */
export const servicePageRecord = z.object({
  hero: z.object({ title: z.string(), subtitle: z.string(), image: z.string() }),
  services: z.array(iconRecord),
  benefits: z.array(iconRecord),
  processSteps: z.array(z.object({ title: z.string(), description: z.string() })),
  cta: z.object({
    title: z.string(),
    subtitle: z.string(),
    buttons: z.array(z.object({ label: z.string(), link: z.string() })),
  }),
});

export type ServicePageRecord = z.infer<typeof servicePageRecord>;

type StoredServicePage = Record<string, unknown> & {
  hero?: Partial<ServicePageRecord["hero"]>;
  services?: ServicePageRecord["services"];
  benefits?: ServicePageRecord["benefits"];
  processSteps?: ServicePageRecord["processSteps"];
  cta?: Partial<ServicePageRecord["cta"]>;
};

/** The API's record; all blank when none was ever saved (the public page then says so). */
export function toServicePageRecord(page: StoredServicePage | null): ServicePageRecord {
  const iconRows = (rows: ServicePageRecord["services"] | undefined) =>
    (rows ?? []).map(({ title, description, icon }) => ({ title, description, icon }));
  return {
    hero: {
      title: page?.hero?.title ?? "",
      subtitle: page?.hero?.subtitle ?? "",
      image: page?.hero?.image ?? "",
    },
    services: iconRows(page?.services),
    benefits: iconRows(page?.benefits),
    processSteps: (page?.processSteps ?? []).map(({ title, description }) => ({
      title,
      description,
    })),
    cta: {
      title: page?.cta?.title ?? "",
      subtitle: page?.cta?.subtitle ?? "",
      buttons: (page?.cta?.buttons ?? []).map(({ label, link }) => ({ label, link })),
    },
  };
}

/** A service's or a benefit's row: texts, and the icon picker (routes/admin/services.tsx). */
const iconRowFields: RowsField["fields"] = [
  { kind: "text", name: "title", label: "Title", maxLength: SERVICE_TITLE_MAX },
  {
    kind: "textarea",
    name: "description",
    label: "Description",
    rows: 3,
    maxLength: SERVICE_TEXT_MAX,
  },
  { kind: "custom", name: "icon", label: "Icon", render: "icon" },
];

export const servicePage = defineDocument({
  entity: "service-page",
  collection: "servicePage",
  schema: servicePageSchema,
  record: servicePageRecord,
  toRecord: toServicePageRecord,
  toStore: servicePageToStore,
  summary: (input) => input.hero.title,
  texts: { saved: SERVICE_PAGE_SAVED, saveFailed: SERVICE_PAGE_SAVE_FAILED },
  admin: {
    path: "/admin/dashboard/services",
    title: "Service page",
    editTitle: "Edit service page",
    description:
      "What visitors read on the Services page: the hero, the service cards, the benefits, the numbered process and the closing call to action.",
    editLabel: "Edit service page",
    saveLabel: "Save service page",
    sectionLinks: true,
    publicLink: { href: "/services", label: "View public page" },
    sections: [
      {
        id: "edit-hero",
        title: "Hero",
        intro: "The top of the Services page. The first call-to-action button also shows here.",
        fields: [
          { kind: "text", name: "hero.title", label: "Hero title", maxLength: SERVICE_TITLE_MAX },
          {
            kind: "textarea",
            name: "hero.subtitle",
            label: "Hero subtitle",
            rows: 3,
            maxLength: SERVICE_TEXT_MAX,
          },
          {
            kind: "image",
            name: "hero.image",
            label: "Hero image",
            invalid: SERVICE_IMAGE_INVALID,
            hint: IMAGE_HINT,
          },
        ],
      },
      {
        id: "edit-services",
        title: "Services",
        intro: "The ‘Our Services’ cards, in this order. A row left blank is not saved.",
        fields: [
          {
            kind: "rows",
            name: "services",
            rowLabel: "Service",
            addLabel: "Add service",
            noun: "service",
            max: SERVICE_ROWS_MAX,
            blank: { title: "", description: "", icon: DEFAULT_ICON },
            fields: iconRowFields,
          },
        ],
      },
      {
        id: "edit-benefits",
        title: "Benefits",
        intro: "Why clients work with you, each with an icon. A row left blank is not saved.",
        fields: [
          {
            kind: "rows",
            name: "benefits",
            rowLabel: "Benefit",
            addLabel: "Add benefit",
            noun: "benefit",
            max: SERVICE_ROWS_MAX,
            blank: { title: "", description: "", icon: DEFAULT_ICON },
            fields: iconRowFields,
          },
        ],
      },
      {
        id: "edit-process",
        title: "Process steps",
        intro: "The numbered ‘Our Process’ steps, in order. A row left blank is not saved.",
        fields: [
          {
            kind: "rows",
            name: "processSteps",
            rowLabel: "Step",
            addLabel: "Add step",
            noun: "step",
            max: SERVICE_ROWS_MAX,
            blank: { title: "", description: "" },
            fields: iconRowFields.slice(0, 2),
          },
        ],
      },
      {
        id: "edit-cta",
        title: "Call to action",
        intro: "The closing block of the page. The first button also shows in the hero.",
        fields: [
          { kind: "text", name: "cta.title", label: "Title", maxLength: SERVICE_TITLE_MAX },
          {
            kind: "textarea",
            name: "cta.subtitle",
            label: "Subtitle",
            rows: 2,
            maxLength: SERVICE_TEXT_MAX,
          },
          {
            kind: "rows",
            name: "cta.buttons",
            rowLabel: "Button",
            addLabel: "Add button",
            noun: "button",
            max: CTA_BUTTONS_MAX,
            blank: { label: "", link: "" },
            fields: [
              { kind: "text", name: "label", label: "Label", maxLength: 80, half: true },
              {
                kind: "link",
                name: "link",
                label: "Link",
                hint: "A page of this site (/contact) or an http(s) address.",
                maxLength: SERVICE_LINK_MAX,
                half: true,
              },
            ],
          },
        ],
      },
    ],
  },
  api: {
    path: "/api/service-page",
    tag: "Service page",
    getSummary: "The Services page content (blank, with empty lists, when none was saved yet)",
    putSummary: "Replace the Services page content",
    putDescription:
      "Icons: briefcase, globe, app-window, users-three, trophy, users, headset, trend-up. A row left completely blank is dropped. hero.image: an address (an uploaded image's secure_url or /images/<id>, kept as /images/<id>; a site path or http(s)), or empty for none.",
  },
});

export type ServicePage = ServicePageRecord;
