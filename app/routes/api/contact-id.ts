// GET, DELETE /api/contact/{id}: one message with everything the inbox's page shows (where it
// came from, the e-mail to the agency, the notes), and its deletion, as the admin can
// (/admin/dashboard/contact-forms/{id}). A token for both; an unknown or malformed id is a 404.

import { z } from "zod";
import { CONTACT_DELETED, CONTACT_NOT_FOUND, contactViewRecord } from "~/domain/contact-message";
import { deleteContactMessage, getContactMessage } from "~/domain/contact-message.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/contact/{id}", {
  get: operation({
    tag: "Contact messages",
    summary: "One message, with its source, notification and notes",
    auth: "bearer",
    response: okResponse(contactViewRecord),
    handler: async ({ params }) => {
      const contact = await getContactMessage(params.id ?? "");
      if (!contact) apiNotFound(CONTACT_NOT_FOUND);
      return apiJson({ success: true, data: contact });
    },
  }),
  delete: operation({
    tag: "Contact messages",
    summary: "Delete a message",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      if (!(await deleteContactMessage(params.id ?? "", actor))) apiNotFound(CONTACT_NOT_FOUND);
      return apiJson({ success: true, message: CONTACT_DELETED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
