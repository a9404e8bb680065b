// The footer editor's form (SPEC §2 footer admin, §3 Footer, §5 'Copyright is required.').
// Shared by the browser (conform) and the server. A row left completely blank is no link (the
// editor always shows at least one row, SPEC: the last row cannot be removed); a half-filled
// row is an error beside the missing part.
import { z } from "zod";
import { classifyHref, isWebUrl } from "~/lib/links";

/** What a save says (the editor's flash, the JSON API's message). */
export const FOOTER_SAVED = "Footer updated.";
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

// The JSON API (routes/api/footer-content.ts) takes footerSchema as its PUT body unchanged: it
// reads JSON as it is (links and profiles as arrays of rows).

/** The footer as the JSON API answers it: what the editor edits. */
export const footerRecord = z.object({
  copyright: z.string().describe("The company name of the copyright line"),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  social: z.array(z.object({ platform: z.string(), url: z.string() })),
});

export type FooterRecord = z.infer<typeof footerRecord>;

/** The API's record; all blank when none was ever saved (the shell then shows its fallbacks). */
export function toFooterRecord(footer: Partial<FooterRecord> | null): FooterRecord {
  return {
    copyright: footer?.copyright ?? "",
    links: (footer?.links ?? []).map(({ label, url }) => ({ label, url })),
    social: (footer?.social ?? []).map(({ platform, url }) => ({ platform, url })),
  };
}
