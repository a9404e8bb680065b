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
import { type DocumentSection, defineDocument, type RowsField } from "./kit/document";
import { address, requiredText, row, rows, text } from "./kit/document-schema";
import { altFields } from "./kit/image-alt-schema";
import { recordFrom } from "./kit/types";

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

const title = text("Title", SERVICE_TITLE_MAX, { wording: "must be" });
const description = text("Description", SERVICE_TEXT_MAX, { wording: "must be" });

/** A service or a benefit: title, description and one of the site's eight icons. */
const iconRow = (what: "Service" | "Benefit") =>
  row(
    { title, description },
    {
      required: {
        title: `${what} title is required.`,
        description: `${what} description is required.`,
      },
      // Checked with the row, so that every error of the row shows at once.
      extra: { icon: z.string().optional() },
      check: (cells, fail) => {
        if (!isIconKey(cells.icon)) fail("icon", SERVICE_ICON_REQUIRED);
      },
    },
  );

export function isIconKey(value: unknown): value is IconKey {
  return typeof value === "string" && (ICON_KEYS as readonly string[]).includes(value);
}

const stepRow = row(
  { title, description },
  { required: { title: "Step title is required.", description: "Step description is required." } },
);

const buttonRow = row(
  {
    label: text("Label", 80, { wording: "must be" }),
    link: text("Link", SERVICE_LINK_MAX, { wording: "must be" }),
  },
  {
    required: { label: "Button label is required.", link: "Button link is required." },
    check: (cells, fail) => {
      if (cells.link && !isPageOrWebLink(String(cells.link))) fail("link", SERVICE_LINK_INVALID);
    },
  },
);

/** A site path (/contact) or an http(s) address: never `javascript:`, `//host` or mailto. */
export function isPageOrWebLink(value: string): boolean {
  const kind = classifyHref(value);
  return kind === "internal" || kind === "external";
}

export const servicePageSchema = z.object({
  hero: z
    .object({
      title: requiredText("Hero title", SERVICE_TITLE_MAX, SERVICE_HERO_TITLE_REQUIRED, {
        wording: "must be",
      }),
      subtitle: text("Subtitle", SERVICE_TEXT_MAX, { wording: "must be" }),
      image: address(SERVICE_IMAGE_INVALID, isValidImageUrl),
      ...altFields("image"),
    })
    // Every hero field blank arrives as no hero at all: still 'Hero title is required.'.
    .prefault({ title: "" }),
  services: rows(iconRow("Service"), SERVICE_ROWS_MAX, "services"),
  benefits: rows(iconRow("Benefit"), SERVICE_ROWS_MAX, "benefits"),
  processSteps: rows(stepRow, SERVICE_ROWS_MAX, "steps"),
  cta: z
    .object({
      title: text("Title", SERVICE_TITLE_MAX, { wording: "must be" }),
      subtitle: text("Subtitle", SERVICE_TEXT_MAX, { wording: "must be" }),
      buttons: rows(buttonRow, CTA_BUTTONS_MAX, "buttons"),
    })
    .default({ title: "", subtitle: "", buttons: [] }),
});

/** A service or a benefit as read: its icon is one of the site's (the form posts any text). */
const iconRecord = z.array(recordFrom(iconRow("Service"), { icon: z.enum(ICON_KEYS) }));

/** The service page as the JSON API answers it: what the editor edits. */
export const servicePageRecord = recordFrom(servicePageSchema, {
  services: iconRecord,
  benefits: iconRecord,
});

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

/** A titled section holding one of the three lists (`noun` names a row: "service"). */
const listSection = (
  id: string,
  title: string,
  intro: string,
  list: string,
  noun: string,
): DocumentSection => {
  const label = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  const icons = noun !== "step";
  return {
    id,
    title,
    intro: `${intro} A row left blank is not saved.`,
    fields: [
      {
        kind: "rows",
        name: list,
        rowLabel: label,
        addLabel: `Add ${noun}`,
        noun,
        max: SERVICE_ROWS_MAX,
        blank: icons
          ? { title: "", description: "", icon: DEFAULT_ICON }
          : { title: "", description: "" },
        fields: icons ? iconRowFields : iconRowFields.slice(0, 2),
      },
    ],
  };
};

export const servicePage = defineDocument({
  entity: "service-page",
  collection: "servicePage",
  schema: servicePageSchema,
  record: servicePageRecord,
  summary: (input) => input.hero.title,
  admin: {
    path: "/admin/dashboard/services",
    title: "Service page",
    description:
      "What visitors read on the Services page: the hero, the service cards, the benefits, the numbered process and the closing call to action.",
    saveLabel: "Save service page",
    sectionLinks: true,
    publicLink: { href: "/services", label: "View public page" },
    nothingSaved:
      "No service page yet: the public page shows a short note with contact links until one is saved. Choose “Edit service page” to write it.",
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
      listSection(
        "edit-services",
        "Services",
        "The ‘Our Services’ cards, in this order.",
        "services",
        "service",
      ),
      listSection(
        "edit-benefits",
        "Benefits",
        "Why clients work with you, each with an icon.",
        "benefits",
        "benefit",
      ),
      listSection(
        "edit-process",
        "Process steps",
        "The numbered ‘Our Process’ steps, in order.",
        "processSteps",
        "step",
      ),
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

export type ServicePage = z.infer<typeof servicePageRecord>;
