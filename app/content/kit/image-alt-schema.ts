// The schema companions of an image field (`${name}Alt`, `${name}Decorative`): apart from
// image-alt.ts so that the public pages, which read alt texts, do not load zod.
import { z } from "zod";
import { ALT_MAX, altNames } from "./image-alt";

const altText = z
  .string()
  .trim()
  .max(ALT_MAX, `The alt text can be at most ${ALT_MAX} characters long.`)
  .optional()
  .transform((value) => value ?? "");

// conform turns an unticked box into nothing at all (hence false); JSON sends a boolean.
const decorative = z
  .boolean()
  .optional()
  .transform((value) => value ?? false);

/** The schema's companions of the image field `name`, to spread beside it. */
export function altFields<N extends string>(name: N) {
  const names = altNames(name);
  return { [names.alt]: altText, [names.decorative]: decorative } as {
    [K in `${N}Alt`]: typeof altText;
  } & { [K in `${N}Decorative`]: typeof decorative };
}
