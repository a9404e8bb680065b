// PATCH /api/contact/{id}/status: `{status}` (new, read or replied), answered with the
// message as it now is. The inbox's own write (domain/contact-message.server.ts setContactStatus:
// the status, when and by which admin); an unknown status is refused in the inbox's words.
import { CONTACT_NOT_FOUND, CONTACT_STATUSES, contactRecord } from "~/domain/contact-message";
import { getContactMessage, setContactStatus } from "~/domain/contact-message.server";
import { leadStatusOperation } from "~/domain/lead-api.server";
import { apiRoute } from "~/lib/api.server";

const api = apiRoute("/api/contact/{id}/status", {
  patch: leadStatusOperation({
    tag: "Contact messages",
    summary: "Set a message's status",
    statuses: CONTACT_STATUSES,
    record: contactRecord,
    setStatus: setContactStatus,
    get: getContactMessage,
    notFoundText: CONTACT_NOT_FOUND,
  }),
});

export const loader = api.loader;
export const action = api.action;
