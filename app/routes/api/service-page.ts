// GET, PUT /api/service-page (SPEC §7 'data field'): the Services page content, one document.
// The same rules and save as /admin/dashboard/services (domain/service-page.ts
// servicePageSchema, saveServicePage: blank rows dropped); a replaced stored hero image is
// deleted once unused, as there.
import { z } from "zod";
import { deleteImageIfUnused, isMissingStoredImage } from "~/domain/image.server";
import {
  SERVICE_IMAGE_INVALID,
  SERVICE_PAGE_SAVED,
  servicePageRecord,
  servicePageSchema,
  servicePageToStore,
  toServicePageRecord,
} from "~/domain/service-page";
import { getServicePage, saveServicePage } from "~/domain/service-page.server";
import { apiInvalid, apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";

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
      "Icons: briefcase, globe, app-window, users-three, trophy, users, headset, trend-up. A row left completely blank is dropped. hero.image: an address (an uploaded /images/<id>, a site path or http(s)), or empty for none.",
    auth: "bearer",
    body: servicePageSchema,
    response: okResponse(servicePageRecord),
    handler: async ({ body, admin }) => {
      const image = body.hero.image;
      if (await isMissingStoredImage(image)) apiInvalid("hero.image", SERVICE_IMAGE_INVALID);
      const { previousImage } = await saveServicePage(body, admin);
      if (previousImage !== image) await deleteImageIfUnused(previousImage);
      return apiJson({
        success: true,
        data: toServicePageRecord(servicePageToStore(body)),
        message: SERVICE_PAGE_SAVED,
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
