// The footer, one document: the company name of the copyright line (also the site's brand in
// the top bar), the footer links and the social profiles on every public page. The company
// name is required. A row left completely blank is no link (the editor always shows at least one
// row, and the last row cannot be removed); a half-filled row is an error beside the missing
// part. Described once for the content kit (kit/document.ts): its editor at
// /admin/dashboard/footer and GET/PUT /api/footer-content come from here.
import { z } from "zod";
import { classifyHref, isWebUrl } from "~/lib/links";
import { defineDocument } from "./kit/document";

/** What a save says (the editor's flash, the JSON API's message). */
export const FOOTER_SAVED = "Footer updated.";
export const FOOTER_SAVE_FAILED = "Failed to update footer.";
export const FOOTER_TEXT_MAX = 100;
export const FOOTER_URL_MAX = 2000;
export const FOOTER_ROWS_MAX = 30;

const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} must be at most ${max} characters.`).optional();

const linkRow = z
  .object({ label: text(FOOTER_TEXT_MAX, "Label"), url: text(FOOTER_URL_MAX, "Link") })
  .superRefine((row, ctx) => {
    if (!row.label && !row.url) return;
    if (!row.label)
      ctx.addIssue({ code: "custom", path: ["label"], message: "Label is required." });
    if (!row.url) ctx.addIssue({ code: "custom", path: ["url"], message: "Link is required." });
    else if (!classifyHref(row.url)) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: "Enter a page of this site (/about), an http(s) address or a mailto: link.",
      });
    }
  });

const socialRow = z
  .object({ platform: text(FOOTER_TEXT_MAX, "Platform"), url: text(FOOTER_URL_MAX, "Link") })
  .superRefine((row, ctx) => {
    if (!row.platform && !row.url) return;
    if (!row.platform) {
      ctx.addIssue({ code: "custom", path: ["platform"], message: "Platform is required." });
    }
    if (!row.url) ctx.addIssue({ code: "custom", path: ["url"], message: "Link is required." });
    else if (!isWebUrl(row.url)) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: "Enter the profile's http(s) address.",
      });
    }
  });

export const footerSchema = z.object({
  copyright: z
    .string({ error: "Copyright is required." })
    .trim()
    .min(1, "Copyright is required.")
    .max(FOOTER_TEXT_MAX, `Copyright must be at most ${FOOTER_TEXT_MAX} characters.`),
  links: z.array(linkRow).max(FOOTER_ROWS_MAX, `At most ${FOOTER_ROWS_MAX} links.`).default([]),
  social: z
    .array(socialRow)
    .max(FOOTER_ROWS_MAX, `At most ${FOOTER_ROWS_MAX} profiles.`)
    .default([]),
});

export type FooterInput = z.output<typeof footerSchema>;

/** The rows to store: blank ones dropped. */
export function footerToStore(input: FooterInput) {
  return {
    copyright: input.copyright,
    links: input.links.flatMap((l) => (l.label && l.url ? [{ label: l.label, url: l.url }] : [])),
    social: input.social.flatMap((s) =>
      s.platform && s.url ? [{ platform: s.platform, url: s.url }] : [],
    ),
  };
}

/** The footer as the JSON API answers it: what the editor edits. */
export const footerRecord = z.object({
  copyright: z.string().describe("The company name of the copyright line"),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  social: z.array(z.object({ platform: z.string(), url: z.string() })),
});

export type FooterRecord = z.infer<typeof footerRecord>;

/** The API's record; all blank when none was ever saved (the shell then shows its fallbacks). */
export function toFooterRecord(
  footer: Partial<Record<keyof FooterRecord, unknown>> | null,
): FooterRecord {
  const rows = <T>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);
  return {
    copyright: typeof footer?.copyright === "string" ? footer.copyright : "",
    links: rows<FooterRecord["links"][number]>(footer?.links).map(({ label, url }) => ({
      label,
      url,
    })),
    social: rows<FooterRecord["social"][number]>(footer?.social).map(({ platform, url }) => ({
      platform,
      url,
    })),
  };
}

export const footer = defineDocument({
  entity: "footer",
  collection: "footer",
  schema: footerSchema,
  record: footerRecord,
  toRecord: toFooterRecord,
  toStore: footerToStore,
  summary: (input) => input.copyright,
  texts: { saved: FOOTER_SAVED, saveFailed: FOOTER_SAVE_FAILED },
  admin: {
    path: "/admin/dashboard/footer",
    title: "Footer",
    editTitle: "Footer",
    description:
      "The company name (also the site's name in the top bar), the footer links and the social profiles on every public page.",
    editLabel: "Edit footer",
    saveLabel: "Save footer",
    sections: [
      {
        fields: [
          {
            kind: "text",
            name: "copyright",
            label: "Company name (copyright)",
            hint: "Shown as © year and this name, and as the site's name in the top bar.",
            maxLength: FOOTER_TEXT_MAX,
          },
        ],
      },
      {
        id: "edit-links",
        title: "Links",
        intro:
          "A page of this site (/about), an http(s) address or a mailto: link. A blank row is not saved.",
        fields: [
          {
            kind: "rows",
            name: "links",
            rowLabel: "Link",
            addLabel: "Add link",
            noun: "row",
            max: FOOTER_ROWS_MAX,
            blank: { label: "", url: "" },
            fields: [
              {
                kind: "text",
                name: "label",
                label: "Label",
                maxLength: FOOTER_TEXT_MAX,
                half: true,
              },
              { kind: "link", name: "url", label: "Link", maxLength: FOOTER_URL_MAX, half: true },
            ],
          },
        ],
      },
      {
        id: "edit-social",
        title: "Social profiles",
        intro: "The profile's http(s) address; it opens in a new tab.",
        fields: [
          {
            kind: "rows",
            name: "social",
            rowLabel: "Profile",
            addLabel: "Add social profile",
            noun: "row",
            max: FOOTER_ROWS_MAX,
            blank: { platform: "", url: "" },
            fields: [
              {
                kind: "text",
                name: "platform",
                label: "Platform",
                maxLength: FOOTER_TEXT_MAX,
                half: true,
              },
              { kind: "link", name: "url", label: "Link", maxLength: FOOTER_URL_MAX, half: true },
            ],
          },
        ],
      },
    ],
  },
  api: {
    path: "/api/footer-content",
    tag: "Footer",
    getSummary: "The footer (blank, with empty lists, when none was saved yet)",
    putSummary: "Replace the footer",
    putDescription:
      "links[].url: a site path, an http(s) address or a mailto: link; social[].url: an http(s) address. A row left completely blank is dropped.",
  },
});

export type Footer = FooterRecord;
