// The alt text of an image field, written once for every content type. An image that shows
// something says it in words for people who cannot see it (screen readers, a picture that does
// not load, search engines); one that only decorates is marked so and read as nothing (alt="").
// Each image field `name` has two companions in the record: `${name}Alt` (the words) and
// `${name}Decorative` (the box). The rule: an image is either described or marked decorative.
// The admin editors enforce it on save; the JSON API takes both as optional fields (existing
// clients keep working), and a record saved before alt text existed keeps rendering, with
// alt="" until someone describes it, while the admin points at it.
//
// Isomorphic and without zod: the public pages read it too (their JavaScript budget has no
// room for zod); the schema parts are in image-alt-schema.ts.

export const ALT_MAX = 250;
export const ALT_REQUIRED =
  "Describe the image for people who cannot see it, or tick “Decorative only”.";
export const ALT_MISSING = "No alt text yet";
export const ALT_LABEL = "Alt text";
export const ALT_HINT =
  "What the image shows, in a sentence, for people who cannot see it. Not “Image of…”.";
export const DECORATIVE_LABEL = "Decorative only";
export const DECORATIVE_HINT = "Adds nothing the text does not say: screen readers skip it.";

/** The names of an image field's alt companions: "imageAlt", "team[0].imageAlt". */
export const altNames = (name: string) => ({
  alt: `${name}Alt`,
  decorative: `${name}Decorative`,
});

/** The value at `name` of a record (a plain key, or a row's "team[0].image"). */
type Read = (name: string) => unknown;

/** Whether the image at `name` is shown but neither described nor marked decorative. */
export function lacksAlt(read: Read, name: string): boolean {
  const names = altNames(name);
  const url = read(name);
  if (typeof url !== "string" || url.trim() === "") return false;
  if (read(names.decorative) === true) return false;
  const alt = read(names.alt);
  return typeof alt !== "string" || alt.trim() === "";
}

/**
 * The alt attribute the public page gives the image `name` of `record`: its words, "" when it is
 * marked decorative or was saved before alt text existed.
 */
export function altOf(record: object, name: string): string {
  const names = altNames(name);
  const read = record as Record<string, unknown>;
  if (read[names.decorative] === true) return "";
  const alt = read[names.alt];
  return typeof alt === "string" ? alt.trim() : "";
}
