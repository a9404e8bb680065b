// The about page, one document: its title and introduction (also used by search engines and
// shared links), mission, values, team and contact line. Mission and values are required, and
// the contact e-mail and phone. Described once for the content kit (kit/document.ts): its editor
// at /admin/dashboard/about (one editor for the page and its team) and GET/PUT /api/about-page
// come from here.
//
// Team rows: the editor always shows at least one row (Remove is disabled at one, like the
// footer's and the service page's lists). A row left completely blank is no member, so the team
// can still be emptied, and /about then leaves out its "Meet the Team" section. A half-filled
// row (a role or a portrait without a name) is an error beside the name.
import { z } from "zod";
import { isValidImageUrl } from "~/domain/image";
import { defineDocument } from "./kit/document";
import { address, requiredText, row, rows, text } from "./kit/document-schema";
import { altFields } from "./kit/image-alt-schema";
import { recordFrom } from "./kit/types";

export const MISSION_VALUES_REQUIRED = "Mission and values are required.";
export const ABOUT_CONTACT_REQUIRED = "Contact email and phone are required.";
export const ABOUT_EMAIL_INVALID = "Enter a valid email address.";
export const TEAM_NAME_REQUIRED = "Name is required.";
export const TEAM_IMAGE_INVALID = "Please upload a valid image.";
export const TEAM_MAX = 50;
export const TEAM_TEXT_MAX = 100;

const line = { lines: true };

export const aboutPageSchema = z.object({
  title: text("Page title", 120, line),
  content: text("Introduction", 1000, line),
  mission: requiredText("Mission", 3000, MISSION_VALUES_REQUIRED, line),
  values: requiredText("Values", 5000, MISSION_VALUES_REQUIRED, line),
  // A row left blank is no member; a role or a portrait needs a name.
  team: rows(
    row(
      {
        name: text("Name", TEAM_TEXT_MAX, line),
        role: text("Role", TEAM_TEXT_MAX, line),
        image: address(TEAM_IMAGE_INVALID, isValidImageUrl),
      },
      // The portrait's alt text alone is not a member: it does not count as typed.
      { required: { name: TEAM_NAME_REQUIRED }, extra: altFields("image") },
    ),
    TEAM_MAX,
    "team members",
  ),
  contact: z
    .object({
      email: requiredText("Contact email", 254, ABOUT_CONTACT_REQUIRED, line).pipe(
        z.email(ABOUT_EMAIL_INVALID),
      ),
      phone: requiredText("Contact phone", 40, ABOUT_CONTACT_REQUIRED, line),
    })
    // Both left empty, conform sends no `contact` at all: check it as {} so that each field
    // gets its message.
    .prefault({} as { email: string; phone: string }),
});

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

/** The about page as the JSON API answers it: what the editor edits. */
export const aboutPageRecord = recordFrom(aboutPageSchema, {
  values: z.string().describe("One value per line"),
});

export const aboutPage = defineDocument({
  entity: "about-page",
  collection: "aboutPage",
  schema: aboutPageSchema,
  record: aboutPageRecord,
  summary: (input) => input.title,
  // A portrait picked for a row with no name: the same message as a role without a name.
  checkFiles: (value, picked) => {
    const unnamed = value.team.flatMap((row, index) =>
      !row.name && picked(`team[${index}].image`) ? [`team[${index}].name`] : [],
    );
    return unnamed.length
      ? Object.fromEntries(unnamed.map((n) => [n, [TEAM_NAME_REQUIRED]]))
      : null;
  },
  admin: {
    path: "/admin/dashboard/about",
    title: "About page",
    description:
      "The About page: its title and introduction (also used by search engines and shared links), mission, values, team and contact line.",
    nothingSaved: "No about page yet: visitors see a short placeholder until it is saved.",
    sections: [
      {
        id: "edit-page",
        title: "Page",
        fields: [
          {
            kind: "text",
            name: "title",
            label: "Title",
            hint: "The page's heading, and its title in search results and shared links. Empty: “About Us”.",
            maxLength: 120,
          },
          {
            kind: "textarea",
            name: "content",
            label: "Introduction",
            hint: "Under the heading, and the description in search results (about the first 160 characters).",
            rows: 3,
            maxLength: 1000,
          },
        ],
      },
      {
        id: "edit-mission",
        title: "Mission and values",
        fields: [
          {
            kind: "textarea",
            name: "mission",
            label: "Mission",
            rows: 8,
            maxLength: 3000,
            half: true,
          },
          {
            kind: "textarea",
            name: "values",
            label: "Values",
            hint: "One value per line. “Lead: explanation” shows the lead in bold.",
            rows: 8,
            maxLength: 5000,
            half: true,
          },
        ],
      },
      {
        id: "edit-team",
        title: "Team",
        intro:
          "Name, role and portrait of each member, in the order shown on the page. A blank row is not saved.",
        fields: [
          {
            kind: "rows",
            name: "team",
            rowLabel: "Team member",
            addLabel: "Add team member",
            noun: "row",
            max: TEAM_MAX,
            blank: { name: "", role: "", image: "" },
            fields: [
              { kind: "text", name: "name", label: "Name", maxLength: TEAM_TEXT_MAX, half: true },
              { kind: "text", name: "role", label: "Role", maxLength: TEAM_TEXT_MAX, half: true },
              {
                kind: "image",
                name: "image",
                label: "Portrait",
                invalid: TEAM_IMAGE_INVALID,
                hint: "Square works best. JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.",
              },
            ],
          },
        ],
      },
      {
        id: "edit-contact",
        title: "Contact line",
        intro: "Shown at the bottom of the About page.",
        fields: [
          { kind: "email", name: "contact.email", label: "Contact email", half: true },
          { kind: "tel", name: "contact.phone", label: "Contact phone", half: true },
        ],
      },
    ],
  },
  api: {
    path: "/api/about-page",
    tag: "About page",
    getSummary: "The About page content (blank, with no team, when none was saved yet)",
    putSummary: "Replace the About page content",
    putDescription:
      "values: one per line. A team row left completely blank is dropped. team[].image: an address (an uploaded image's secure_url or /images/<id>, kept as /images/<id>; a site path or http(s)), or empty for none.",
  },
});

export type AboutPage = z.infer<typeof aboutPageRecord>;
