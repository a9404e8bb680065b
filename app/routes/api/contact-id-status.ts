// PATCH /api/contact/{id}/status (SPEC §7): `{status}` (new, read or replied), answered with the
// message as it now is. The inbox's own write (domain/contact-message.server.ts setContactStatus:
// the status, when and by which admin); an unknown status is refused in the inbox's words.
import { CONTACT_NOT_FOUND, CONTACT_STATUSES, contactRecord } from "~/domain/contact-message";
import { getContactMessage, setContactStatus } from "~/domain/contact-message.server";
import { leadRow, leadStatusBody, statusSetText } from "~/domain/lead-inbox";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/contact/{id}/status", {
  patch: operation({
    tag: "Contact messages",
    summary: "Set a message's status",
    auth: "bearer",
    body: leadStatusBody(CONTACT_STATUSES),
    response: okResponse(contactRecord),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await setContactStatus(id, body.status, actor))) apiNotFound(CONTACT_NOT_FOUND);
      const contact = await getContactMessage(id);
      if (!contact) apiNotFound(CONTACT_NOT_FOUND);
      return apiJson({
        success: true,
        data: leadRow(contact),
        message: statusSetText(body.status),
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
