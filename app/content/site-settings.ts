// The site settings, one document: what is site-wide and was scattered over other editors. The
// brand name (the top bar, page titles, e-mails' sender, search engines' Organization), the
// legal company name (the footer's copyright line), a tagline, a logo, the primary contact
// e-mail and phone (the contact page, the about page's contact line, the legal pages, where lead
// notifications go) and the social profiles (the footer). Described once for the content kit
// (kit/document.ts): its editor at /admin/dashboard/settings and GET/PUT /api/site-settings
// come from here.
//
// The footer's company name and social profiles, the contact information's e-mail and phone and
// the about page's contact line are these same values: those editors and their JSON API read
// and write them here (documents.server.ts), so nothing lives twice. Older databases had them
// in those documents: site-settings-migration.server.ts moves them here once at start-up.
import { z } from "zod";
import { IMAGE_HINT, isValidImageUrl } from "~/domain/image";
import { isTimeZone, timeZones } from "~/lib/zoned-time";
import { companyName, FOOTER_TEXT_MAX, socialProfiles, socialProfilesField } from "./footer";
import { defineDocument } from "./kit/document";
import { address, requiredText, text } from "./kit/document-schema";
import { recordFrom } from "./kit/types";

export const BRAND_NAME_MAX = 60;
export const TAGLINE_MAX = 160;
export const BRAND_NAME_REQUIRED = "Brand name is required.";
export const LEGAL_NAME_REQUIRED = "Legal company name is required.";
export const SETTINGS_EMAIL_REQUIRED = "Email is required.";
export const SETTINGS_EMAIL_INVALID = "Enter a valid email address.";
export const SETTINGS_PHONE_REQUIRED = "Phone is required.";
export const LOGO_INVALID = "Please upload a valid image.";
export const TIME_ZONE_INVALID = "Choose a time zone from the list.";

export const siteSettingsSchema = z.object({
  brandName: requiredText("Brand name", BRAND_NAME_MAX, BRAND_NAME_REQUIRED),
  legalName: companyName("Legal company name", LEGAL_NAME_REQUIRED),
  tagline: text("Tagline", TAGLINE_MAX),
  logo: address(LOGO_INVALID, isValidImageUrl),
  email: requiredText("Email", 254, SETTINGS_EMAIL_REQUIRED).pipe(z.email(SETTINGS_EMAIL_INVALID)),
  phone: requiredText("Phone", 40, SETTINGS_PHONE_REQUIRED),
  social: socialProfiles,
  /** Empty: the server's SITE_TIME_ZONE (UTC unless set). */
  timeZone: z
    .string()
    .trim()
    .refine((zone) => zone === "" || isTimeZone(zone), TIME_ZONE_INVALID)
    .default(""),
});

/** The site settings as the JSON API answers them: what the editor edits. */
export const siteSettingsRecord = recordFrom(siteSettingsSchema, {
  legalName: z.string().describe("The company name of the copyright line, without © or year"),
});

export const siteSettings = defineDocument({
  entity: "site-settings",
  collection: "siteSettings",
  schema: siteSettingsSchema,
  record: siteSettingsRecord,
  summary: (input) => input.brandName,
  admin: {
    path: "/admin/dashboard/settings",
    title: "Site settings",
    editLabel: "Edit site settings",
    description:
      "What is site-wide: the brand, the company's legal name, the logo, the primary e-mail and phone, and the social profiles. The footer, contact and about editors show the same values.",
    nothingSaved: "No site settings yet: the site shows the name “Bureau” until they are saved.",
    saveLabel: "Save settings",
    sections: [
      {
        id: "edit-brand",
        title: "Brand",
        fields: [
          {
            kind: "text",
            name: "brandName",
            label: "Brand name",
            hint: "The site's name: the top bar, page titles, the sender of e-mails.",
            maxLength: BRAND_NAME_MAX,
            half: true,
          },
          {
            kind: "text",
            name: "legalName",
            label: "Legal company name",
            hint: "The name alone: the footer shows “© year name. All rights reserved.”",
            maxLength: FOOTER_TEXT_MAX,
            half: true,
          },
          {
            kind: "text",
            name: "tagline",
            label: "Tagline",
            hint: "Optional. A line about what the company does.",
            maxLength: TAGLINE_MAX,
          },
          {
            kind: "image",
            name: "logo",
            label: "Logo",
            invalid: LOGO_INVALID,
            hint: IMAGE_HINT,
            decorative: "Given to search engines with the brand name, which says whose it is.",
          },
        ],
      },
      {
        id: "edit-contact",
        title: "Primary contact",
        intro:
          "The contact page, the about page's contact line and the legal pages show these; lead notifications go to the e-mail.",
        fields: [
          { kind: "email", name: "email", label: "Email", half: true },
          { kind: "tel", name: "phone", label: "Phone", half: true },
        ],
      },
      {
        id: "edit-time-zone",
        title: "Time zone",
        intro: "Scheduled publishing times are typed and shown in this zone.",
        fields: [
          {
            kind: "select",
            name: "timeZone",
            label: "Time zone",
            options: timeZones(),
            placeholder: "The server's (SITE_TIME_ZONE, else UTC)",
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
    path: "/api/site-settings",
    tag: "Site settings",
    getSummary: "The site settings (every field blank when none were saved yet)",
    putSummary: "Replace the site settings",
    putDescription:
      "legalName: the company name alone (a typed “© year … All rights reserved.” is taken off). logo: an address (an uploaded image's secure_url or /images/<id>, kept as /images/<id>; a site path or http(s)), or empty for none. social[].url: an http(s) address; a row left completely blank is dropped.",
  },
});

export type SiteSettings = z.infer<typeof siteSettingsRecord>;
