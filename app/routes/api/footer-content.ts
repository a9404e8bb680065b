// GET, PUT /api/footer-content (SPEC §7 'data field'): the footer's company name, links and
// social profiles, one document. The same rules and save as /admin/dashboard/footer
// (domain/footer.ts footerSchema, saveFooter: blank rows dropped).
import { z } from "zod";
import {
  FOOTER_SAVED,
  footerRecord,
  footerSchema,
  footerToStore,
  toFooterRecord,
} from "~/domain/footer";
import { getFooter, saveFooter } from "~/domain/footer.server";
import { apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/footer-content", {
  get: operation({
    tag: "Footer",
    summary: "The footer (blank, with empty lists, when none was saved yet)",
    auth: "none",
    response: z.object({ success: z.literal(true), data: footerRecord }),
    handler: async () => apiJson({ success: true, data: toFooterRecord(await getFooter()) }),
  }),
  put: operation({
    tag: "Footer",
    summary: "Replace the footer",
    description:
      "links[].url: a site path, an http(s) address or a mailto: link; social[].url: an http(s) address. A row left completely blank is dropped.",
    auth: "bearer",
    body: footerSchema,
    response: okResponse(footerRecord),
    handler: async ({ body, actor }) => {
      await saveFooter(body, actor);
      return apiJson({
        success: true,
        data: toFooterRecord(footerToStore(body)),
        message: FOOTER_SAVED,
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
