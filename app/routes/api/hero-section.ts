// GET, PUT /api/hero-section (SPEC §7 'data field'): the home page hero, one document. The
// same rules and save as /admin/dashboard/hero (domain/hero.ts heroSchema, saveHeroSection,
// which also deletes a replaced stored image once unused). The image address goes through
// imageToSave: this site's absolute `secure_url` is kept as /images/<id>.
import { z } from "zod";
import {
  HERO_IMAGE_INVALID,
  HERO_SAVED,
  heroRecord,
  heroSchema,
  toHeroRecord,
} from "~/domain/hero";
import { getHeroSection, saveHeroSection } from "~/domain/hero.server";
import { apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const api = apiRoute("/api/hero-section", {
  get: operation({
    tag: "Hero section",
    summary: "The home page hero (every field blank when none was saved yet)",
    auth: "none",
    response: z.object({ success: z.literal(true), data: heroRecord }),
    handler: async () => apiJson({ success: true, data: toHeroRecord(await getHeroSection()) }),
  }),
  put: operation({
    tag: "Hero section",
    summary: "Replace the hero",
    description:
      "image: an address (an uploaded image's secure_url or /images/<id>, kept as /images/<id>; a site path or http(s)), or empty for none.",
    auth: "bearer",
    body: heroSchema,
    response: okResponse(heroRecord),
    handler: async ({ body, actor }) => {
      const hero = { ...body, image: await imageToSave("image", body.image, HERO_IMAGE_INVALID) };
      await saveHeroSection(hero, actor);
      return apiJson({ success: true, data: toHeroRecord(hero), message: HERO_SAVED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
