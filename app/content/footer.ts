// The footer, one document: the company name of the copyright line, the footer links and the
// social profiles on every public page. The company name is required. The company name and the
// social profiles are the site settings' legal company name and social profiles
// (site-settings.ts): this editor and its JSON API read and write them there
// (documents.server.ts), so each lives once. A row left completely blank is no link (the editor always shows at least one
// row, and the last row cannot be removed); a half-filled row is an error beside the missing
// part. Described once for the content kit (kit/document.ts): its editor at
// /admin/dashboard/footer and GET/PUT /api/footer-content come from here.
import { z } from "zod";
import { companyNameOnly } from "~/lib/copyright";
import { classifyHref, isWebUrl } from "~/lib/links";
import { defineDocument, type RowsField } from "./kit/document";
import { requiredText, row, rows, text } from "./kit/document-schema";

export const FOOTER_TEXT_MAX = 100;
export const FOOTER_URL_MAX = 2000;
export const FOOTER_ROWS_MAX = 30;

const cell = (what: string, max: number) => text(what, max, { wording: "must be" });

/** A row of a list of links: its name (`label`: "Label") and an address `accept` takes. */
const linkRow = (name: string, what: string, accept: (url: string) => boolean, invalid: string) =>
  row(
    { [name]: cell(what, FOOTER_TEXT_MAX), url: cell("Link", FOOTER_URL_MAX) },
    {
      required: { [name]: `${what} is required.`, url: "Link is required." },
      check: (cells, fail) => {
        if (cells.url && !accept(String(cells.url))) fail("url", invalid);
      },
    },
  );

export const COPYRIGHT_REQUIRED = "Copyright is required.";

/**
 * The company name of the copyright line: a whole line typed in its place ("© 2026 Acme. All
 * rights reserved.") is kept as the name alone, since the footer adds the rest.
 */
export const companyName = (what: string, message: string) =>
  requiredText(what, FOOTER_TEXT_MAX, message, { wording: "must be" })
    .transform(companyNameOnly)
    .refine((name) => name !== "", message);

/** The social profiles: a platform's name and its http(s) address (the site settings' too). */
export const socialProfiles = rows(
  linkRow("platform", "Platform", isWebUrl, "Enter the profile's http(s) address."),
  FOOTER_ROWS_MAX,
  "profiles",
);

/** The editor's rows of social profiles (the site settings' too). */
export const socialProfilesField = {
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
} as const satisfies RowsField;

export const footerSchema = z.object({
  copyright: companyName("Copyright", COPYRIGHT_REQUIRED),
  links: rows(
    linkRow(
      "label",
      "Label",
      (url) => Boolean(classifyHref(url)),
      "Enter a page of this site (/about), an http(s) address or a mailto: link.",
    ),
    FOOTER_ROWS_MAX,
    "links",
  ),
  social: socialProfiles,
});

/** The footer as the JSON API answers it: what the editor edits. */
export const footerRecord = z.object({
  copyright: z.string().describe("The company name of the copyright line"),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  social: z.array(z.object({ platform: z.string(), url: z.string() })),
});

export const footer = defineDocument({
  entity: "footer",
  collection: "footer",
  schema: footerSchema,
  record: footerRecord,
  summary: (input) => input.copyright,
  admin: {
    path: "/admin/dashboard/footer",
    title: "Footer",
    editTitle: "Footer",
    description:
      "The company name of the copyright line, the footer links and the social profiles on every public page. The company name and the profiles are also edited in Site settings.",
    saveLabel: "Save footer",
    sections: [
      {
        fields: [
          {
            kind: "text",
            name: "copyright",
            label: "Company name (copyright)",
            hint: "The legal company name of Site settings: shown as “© year name. All rights reserved.” The site's name in the top bar is the brand name there.",
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
        fields: [socialProfilesField],
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

export type Footer = z.infer<typeof footerRecord>;
