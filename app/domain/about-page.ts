// The about page editor's form (SPEC §3 About content; §5 'Mission and values are required.',
// 'Contact email and phone are required.'). One editor for what the SPEC showed as two
// near-identical screens. Shared by the browser (conform) and the server.
//
// Team rows: the editor always shows at least one row (Remove is disabled at one, like the
// footer's and the service page's lists). A row left completely blank is no member, so the team
// can still be emptied, and /about then leaves out its "Meet the Team" section. A half-filled
// row (a role or a portrait without a name) is an error beside the name.
import { z } from "zod";
import { isValidImageUrl } from "./image";

/** What a save says (the editor's flash, the JSON API's message). */
export const ABOUT_SAVED = "About page updated.";
export const MISSION_VALUES_REQUIRED = "Mission and values are required.";
export const ABOUT_CONTACT_REQUIRED = "Contact email and phone are required.";
export const ABOUT_EMAIL_INVALID = "Enter a valid email address.";
export const TEAM_NAME_REQUIRED = "Name is required.";
export const TEAM_IMAGE_INVALID = "Please upload a valid image.";
export const TEAM_MAX = 50;
export const TEAM_TEXT_MAX = 100;

/** Browsers post a textarea's line breaks as CRLF: kept as plain "\n". */
const oneNewline = (value: string) => value.replace(/\r\n?/g, "\n");

/** Blank (conform sends undefined for an empty field) becomes "". */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} has at most ${max} characters.`)
    .optional()
    .transform((value) => oneNewline(value ?? ""));

const requiredText = (max: number, what: string, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${what} has at most ${max} characters.`)
    .transform(oneNewline);

export const teamMemberSchema = z
  .object({
    name: optionalText(TEAM_TEXT_MAX, "Name"),
    role: optionalText(TEAM_TEXT_MAX, "Role"),
    // The hidden address of the row's image field (components/admin/image-field.tsx); a file
    // picked without JavaScript is read apart (resolveImageField with `team[i].image`).
    image: z
      .string()
      .trim()
      .optional()
      .transform((value) => value ?? "")
      .refine((value) => value === "" || isValidImageUrl(value), TEAM_IMAGE_INVALID),
  })
  .superRefine((row, ctx) => {
    if (!row.name && (row.role || row.image)) {
      ctx.addIssue({ code: "custom", path: ["name"], message: TEAM_NAME_REQUIRED });
    }
  });

export const aboutPageSchema = z.object({
  title: optionalText(120, "Page title"),
  content: optionalText(1000, "Introduction"),
  mission: requiredText(3000, "Mission", MISSION_VALUES_REQUIRED),
  values: requiredText(5000, "Values", MISSION_VALUES_REQUIRED),
  team: z.array(teamMemberSchema).max(TEAM_MAX, `At most ${TEAM_MAX} team members.`).default([]),
  contact: z
    .object({
      email: requiredText(254, "Contact email", ABOUT_CONTACT_REQUIRED).pipe(
        z.email(ABOUT_EMAIL_INVALID),
      ),
      phone: requiredText(40, "Contact phone", ABOUT_CONTACT_REQUIRED),
    })
    // Both left empty, conform sends no `contact` at all: check it as {} so that each field
    // gets its message.
    .prefault({} as { email: string; phone: string }),
});

export type AboutPageInput = z.output<typeof aboutPageSchema>;
export type TeamMemberInput = z.output<typeof teamMemberSchema>;

/** A row with nothing in it: not a member (see above). */
export const isBlankMember = (row: TeamMemberInput) => !row.name && !row.role && !row.image;

/**
 * The values, stored as newline-separated text (one value per line), as a list: blank lines
 * dropped and a typed list marker ("- ", "• ", "1. ") removed so it is not shown twice.
 */
export function splitValues(values: string): string[] {
  return values
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim())
    .filter(Boolean);
}

// The JSON API (routes/api/about-page.ts) takes aboutPageSchema as its PUT body unchanged: it
// reads JSON as it is (the team as an array of rows, each portrait as its address).

/** The about page as the JSON API answers it: what the editor edits. */
export const aboutPageRecord = z.object({
  title: z.string(),
  content: z.string(),
  mission: z.string(),
  values: z.string().describe("One value per line"),
  team: z.array(z.object({ name: z.string(), role: z.string(), image: z.string() })),
  contact: z.object({ email: z.string(), phone: z.string() }),
});

export type AboutPageRecord = z.infer<typeof aboutPageRecord>;

type StoredAboutPage = Partial<Omit<AboutPageRecord, "contact">> & {
  contact?: Partial<AboutPageRecord["contact"]>;
};

/** The API's record; all blank when none was ever saved (the public page then falls back). */
export function toAboutPageRecord(page: StoredAboutPage | null): AboutPageRecord {
  return {
    title: page?.title ?? "",
    content: page?.content ?? "",
    mission: page?.mission ?? "",
    values: page?.values ?? "",
    team: (page?.team ?? []).map(({ name, role, image }) => ({ name, role, image })),
    contact: { email: page?.contact?.email ?? "", phone: page?.contact?.phone ?? "" },
  };
}
