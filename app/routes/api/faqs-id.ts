// GET, PUT, DELETE /api/faqs/{id} (SPEC §7): one FAQ. An id that is malformed or names nothing
// is a 404 either way.
import { z } from "zod";
import { FAQ_DELETED, FAQ_NOT_FOUND, FAQ_UPDATED, faqRecord, faqSchema } from "~/domain/faq";
import { deleteFaq, getFaq, updateFaq } from "~/domain/faq.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/faqs/{id}", {
  get: operation({
    tag: "FAQs",
    summary: "One FAQ",
    auth: "none",
    response: z.object({ data: faqRecord }),
    handler: async ({ params }) => {
      const faq = await getFaq(params.id ?? "");
      if (!faq) apiNotFound(FAQ_NOT_FOUND);
      return apiJson({ success: true, data: faq });
    },
  }),
  put: operation({
    tag: "FAQs",
    summary: "Replace a FAQ's question and answer",
    auth: "bearer",
    body: faqSchema,
    response: okResponse(faqRecord),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await updateFaq(id, body, actor))) apiNotFound(FAQ_NOT_FOUND);
      const faq = await getFaq(id);
      if (!faq) apiNotFound(FAQ_NOT_FOUND);
      return apiJson({ success: true, data: faq, message: FAQ_UPDATED });
    },
  }),
  delete: operation({
    tag: "FAQs",
    summary: "Delete a FAQ",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      if (!(await deleteFaq(params.id ?? "", actor))) apiNotFound(FAQ_NOT_FOUND);
      return apiJson({ success: true, message: FAQ_DELETED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
