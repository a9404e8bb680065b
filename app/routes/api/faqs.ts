// GET, POST /api/faqs (SPEC §7): the FAQs of the internships page, and a new one. The same
// schema and queries as /admin/dashboard/faq (domain/faq.ts, domain/faq.server.ts).
import { FAQ_CREATED, faqRecord, faqSchema } from "~/domain/faq";
import { createFaq, listFaqs } from "~/domain/faq.server";
import { apiJson, apiRoute, listResponse, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/faqs", {
  get: operation({
    tag: "FAQs",
    summary: "Every FAQ, oldest first (the order of the public page)",
    auth: "none",
    response: listResponse(faqRecord),
    handler: async () => apiJson({ success: true, data: await listFaqs() }),
  }),
  post: operation({
    tag: "FAQs",
    summary: "Add a FAQ",
    auth: "bearer",
    body: faqSchema,
    response: okResponse(faqRecord),
    status: 201,
    handler: async ({ body, actor }) => {
      const faq = await createFaq(body, actor);
      return apiJson({ success: true, data: faq, message: FAQ_CREATED }, 201);
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
