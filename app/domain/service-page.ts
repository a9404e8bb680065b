// The service page editor's form (SPEC §3 Service page content, §5 'Hero title is required.',
// each list keeps at least one row). Shared by the browser (conform) and the server. A list row
// left completely blank is not saved (the editor always shows at least one row to type into,
// and the public page hides an empty section); a half-filled row is an error beside the
// missing part.
import { z } from "zod";
import { ICON_KEYS, type IconKey } from "#db/collections";
import { classifyHref } from "~/lib/links";
import { isValidImageUrl } from "./image";

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

/** The lists of the form, by field name, with how a row is called on screen. */
export const SERVICE_LISTS = {
  services: { one: "service", max: SERVICE_ROWS_MAX },
  benefits: { one: "benefit", max: SERVICE_ROWS_MAX },
  processSteps: { one: "step", max: SERVICE_ROWS_MAX },
  "cta.buttons": { one: "button", max: CTA_BUTTONS_MAX },
} as const;
export type ServiceListName = keyof typeof SERVICE_LISTS;

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

/** A service or a benefit: title, description and an icon from SPEC §3's eight keys. */
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

/** The stored shape (SPEC §3): blank rows dropped, every kept row complete. */
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

// The JSON API (routes/api/service-page.ts) takes servicePageSchema as its PUT body unchanged:
// it reads JSON as it is (lists as arrays of rows, the hero image as its address).

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

type StoredServicePage = {
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
