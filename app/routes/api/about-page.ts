// GET, PUT /api/about-page (SPEC §7 'data field'): the About page content and team, one
// document. The same rules and save as /admin/dashboard/about (domain/about-page.ts
// aboutPageSchema, saveAboutPage: blank team rows dropped); portraits the page no longer shows
// are deleted once unused, as there (deleteDroppedPortraits). Each team[i].image goes through
// imageToSave: this site's absolute `secure_url` is kept as /images/<id>.
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
import { apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

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
      "values: one per line. A team row left completely blank is dropped. team[].image: an address (an uploaded image's secure_url or /images/<id>, kept as /images/<id>; a site path or http(s)), or empty for none.",
    auth: "bearer",
    body: aboutPageSchema,
    response: okResponse(aboutPageRecord),
    handler: async ({ body, actor }) => {
      const team = [];
      for (const [index, member] of body.team.entries()) {
        const image = await imageToSave(`team.${index}.image`, member.image, TEAM_IMAGE_INVALID);
        team.push({ ...member, image });
      }
      const page = { ...body, team };
      const { previousImages } = await saveAboutPage(page, actor);
      await deleteDroppedPortraits(previousImages, team);
      return apiJson({
        success: true,
        data: toAboutPageRecord(aboutPageToStore(page)),
        message: ABOUT_SAVED,
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
