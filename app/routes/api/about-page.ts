// GET, PUT /api/about-page (SPEC §7 'data field'): the About page content and team, one
// document. The same rules and save as /admin/dashboard/about (domain/about-page.ts
// aboutPageSchema, saveAboutPage: blank team rows dropped); portraits the page no longer shows
// are deleted once unused, as there (deleteDroppedPortraits).
import { z } from "zod";
import {
  ABOUT_SAVED,
  aboutPageRecord,
  aboutPageSchema,
  TEAM_IMAGE_INVALID,
  toAboutPageRecord,
} from "~/domain/about-page";
import {
  aboutPageToStore,
  deleteDroppedPortraits,
  getAboutPage,
  saveAboutPage,
} from "~/domain/about-page.server";
import { isMissingStoredImage } from "~/domain/image.server";
import { apiInvalid, apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/about-page", {
  get: operation({
    tag: "About page",
    summary: "The About page content (blank, with no team, when none was saved yet)",
    auth: "none",
    response: z.object({ success: z.literal(true), data: aboutPageRecord }),
    handler: async () => apiJson({ success: true, data: toAboutPageRecord(await getAboutPage()) }),
  }),
  put: operation({
    tag: "About page",
    summary: "Replace the About page content",
    description:
      "values: one per line. A team row left completely blank is dropped. team[].image: an address (an uploaded /images/<id>, a site path or http(s)), or empty for none.",
    auth: "bearer",
    body: aboutPageSchema,
    response: okResponse(aboutPageRecord),
    handler: async ({ body, admin }) => {
      for (const [index, member] of body.team.entries()) {
        if (await isMissingStoredImage(member.image)) {
          apiInvalid(`team.${index}.image`, TEAM_IMAGE_INVALID);
        }
      }
      const { previousImages } = await saveAboutPage(body, admin);
      await deleteDroppedPortraits(previousImages, body.team);
      return apiJson({
        success: true,
        data: toAboutPageRecord(aboutPageToStore(body)),
        message: ABOUT_SAVED,
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
