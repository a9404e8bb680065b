// GET, PUT /api/contact-info (SPEC §7 'data field'): the contact page's address, e-mail, phone,
// map and picture, one document. The same rules and save as /admin/dashboard/contact
// (domain/contact-info.ts contactInfoSchema with its map allow-list, saveContactInfo, which
// also deletes a replaced stored image once unused). The image address goes through
// imageToSave: this site's absolute `secure_url` is kept as /images/<id>.
import { z } from "zod";
import {
  CONTACT_IMAGE_INVALID,
  CONTACT_INFO_SAVED,
  contactInfoRecord,
  contactInfoSchema,
  toContactInfoRecord,
} from "~/domain/contact-info";
import { getContactInfo, saveContactInfo } from "~/domain/contact-info.server";
import { apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const api = apiRoute("/api/contact-info", {
  get: operation({
    tag: "Contact info",
    summary: "The contact information (every field blank when none was saved yet)",
    auth: "none",
    response: z.object({ success: z.literal(true), data: contactInfoRecord }),
    handler: async () =>
      apiJson({ success: true, data: toContactInfoRecord(await getContactInfo()) }),
  }),
  put: operation({
    tag: "Contact info",
    summary: "Replace the contact information",
    description:
      "mapEmbedUrl: empty, or a Google Maps or OpenStreetMap embed address. image: an address (an uploaded image's secure_url or /images/<id>, kept as /images/<id>; a site path or http(s)), or empty for none.",
    auth: "bearer",
    body: contactInfoSchema,
    response: okResponse(contactInfoRecord),
    handler: async ({ body, actor }) => {
      const image = await imageToSave("image", body.image, CONTACT_IMAGE_INVALID);
      const info = { ...body, image };
      await saveContactInfo(info, actor);
      return apiJson({
        success: true,
        data: toContactInfoRecord(info),
        message: CONTACT_INFO_SAVED,
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
