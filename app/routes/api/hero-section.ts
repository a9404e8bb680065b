// GET, PUT /api/hero-section (SPEC §7 'data field'): the home page hero, one document. The
// same rules and save as /admin/dashboard/hero (domain/hero.ts heroSchema, saveHeroSection);
// a replaced stored image is deleted once unused, as there.
import { z } from "zod";
import {
  HERO_IMAGE_INVALID,
  HERO_SAVED,
  heroRecord,
  heroSchema,
  toHeroRecord,
} from "~/domain/hero";
import { getHeroSection, saveHeroSection } from "~/domain/hero.server";
import { deleteImageIfUnused, isMissingStoredImage } from "~/domain/image.server";
import { apiInvalid, apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";

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
      "image: an address (an uploaded /images/<id>, a site path or http(s)), or empty for none.",
    auth: "bearer",
    body: heroSchema,
    response: okResponse(heroRecord),
    handler: async ({ body, admin }) => {
      if (await isMissingStoredImage(body.image)) apiInvalid("image", HERO_IMAGE_INVALID);
      const { previousImage } = await saveHeroSection(body, admin);
      if (previousImage !== body.image) await deleteImageIfUnused(previousImage);
      return apiJson({ success: true, data: toHeroRecord(body), message: HERO_SAVED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
