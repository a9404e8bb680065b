// GET, DELETE /api/contact/{id}: one message with everything the inbox's page shows (where it
// came from, the e-mail to the agency, the notes), and its deletion, as the admin can
// (/admin/dashboard/contact-forms/{id}). A token for both; an unknown or malformed id is a 404.
import { CONTACT_DELETED, CONTACT_NOT_FOUND, contactViewRecord } from "~/domain/contact-message";
import { deleteContactMessage, getContactMessage } from "~/domain/contact-message.server";
import { deleteOperation, leadGetOperation } from "~/domain/lead-api.server";
import { apiRoute } from "~/lib/api.server";

const tag = "Contact messages";
const api = apiRoute("/api/contact/{id}", {
  get: leadGetOperation({
    tag,
    summary: "One message, with its source, notification and notes",
    record: contactViewRecord,
    get: getContactMessage,
    notFoundText: CONTACT_NOT_FOUND,
  }),
  delete: deleteOperation({
    tag,
    summary: "Delete a message",
    remove: deleteContactMessage,
    notFoundText: CONTACT_NOT_FOUND,
    done: CONTACT_DELETED,
  }),
});

export const loader = api.loader;
export const action = api.action;
