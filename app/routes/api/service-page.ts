// GET, PUT /api/service-page (SPEC §7 'data field'): the Services page content, one document.
// The same rules and save as /admin/dashboard/services (domain/service-page.ts
// servicePageSchema, saveServicePage: blank rows dropped, a replaced stored hero image deleted
// once unused). The image address goes through imageToSave: this site's absolute `secure_url`
// is kept as /images/<id>.
import { z } from "zod";
import {
  SERVICE_IMAGE_INVALID,
  SERVICE_PAGE_SAVED,
  servicePageRecord,
  servicePageSchema,
  servicePageToStore,
  toServicePageRecord,
} from "~/domain/service-page";
import { getServicePage, saveServicePage } from "~/domain/service-page.server";
import { apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const api = apiRoute("/api/service-page", {
  get: operation({
    tag: "Service page",
    summary: "The Services page content (blank, with empty lists, when none was saved yet)",
    auth: "none",
    response: z.object({ success: z.literal(true), data: servicePageRecord }),
    handler: async () =>
      apiJson({ success: true, data: toServicePageRecord(await getServicePage()) }),
  }),
  put: operation({
    tag: "Service page",
    summary: "Replace the Services page content",
    description:
      "Icons: briefcase, globe, app-window, users-three, trophy, users, headset, trend-up. A row left completely blank is dropped. hero.image: an address (an uploaded image's secure_url or /images/<id>, kept as /images/<id>; a site path or http(s)), or empty for none.",
    auth: "bearer",
    body: servicePageSchema,
    response: okResponse(servicePageRecord),
    handler: async ({ body, actor }) => {
      const image = await imageToSave("hero.image", body.hero.image, SERVICE_IMAGE_INVALID);
      const page = { ...body, hero: { ...body.hero, image } };
      await saveServicePage(page, actor);
      return apiJson({
        success: true,
        data: toServicePageRecord(servicePageToStore(page)),
        message: SERVICE_PAGE_SAVED,
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
