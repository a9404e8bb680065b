// The icons the public site draws, each in the weights it draws them, all from Phosphor. They
// are drawn from one SVG sprite (icons.svg, generated from this list by `npm run icons`) rather
// than as inline <svg> paths: docs/decisions/023-icon-sprite.md.
//
// A name is Phosphor's icon name in kebab case ("map-pin" is MapPinIcon); a symbol's id in the
// sprite is "<name>-<weight>". Adding an icon or a weight here needs `npm run icons` (a unit
// test fails while icons.svg is out of date).
export const SPRITE_ICONS = {
  "app-window": ["duotone"],
  "arrow-left": ["bold"],
  "arrow-right": ["bold"],
  "arrow-square-out": ["regular"],
  "arrow-up": ["bold"],
  "arrow-up-right": ["bold"],
  "bookmark-simple": ["regular", "fill"],
  books: ["duotone"],
  briefcase: ["regular", "duotone"],
  "calendar-blank": ["regular"],
  "caret-down": ["regular"],
  "chat-circle-text": ["duotone"],
  check: ["bold"],
  "check-circle": ["regular", "duotone"],
  clock: ["regular"],
  "currency-circle-dollar": ["regular"],
  "envelope-simple": ["regular", "fill", "duotone"],
  "facebook-logo": ["regular", "fill"],
  "funnel-simple": ["regular"],
  globe: ["regular", "duotone"],
  headset: ["duotone"],
  info: ["regular"],
  "instagram-logo": ["regular"],
  "link-simple": ["regular"],
  "linkedin-logo": ["regular", "fill"],
  list: ["regular"],
  "magnifying-glass": ["regular"],
  "map-pin": ["regular", "duotone"],
  "paper-plane-tilt": ["duotone"],
  pause: ["fill"],
  phone: ["regular", "duotone"],
  play: ["fill"],
  plus: ["regular"],
  rss: ["bold"],
  "rss-simple": ["bold"],
  "share-network": ["regular"],
  sparkle: ["fill"],
  "trend-up": ["duotone"],
  trophy: ["duotone"],
  users: ["duotone"],
  "users-three": ["duotone"],
  "warning-circle": ["regular"],
  x: ["regular"],
  "x-logo": ["regular", "fill"],
} as const satisfies Record<string, readonly IconWeight[]>;

export type IconWeight = "regular" | "bold" | "fill" | "duotone";
export type IconName = keyof typeof SPRITE_ICONS;
export type IconWeightOf<N extends IconName> = (typeof SPRITE_ICONS)[N][number];

/** The id of an icon's symbol in the sprite. */
export function symbolId(name: IconName, weight: IconWeight): string {
  return `${name}-${weight}`;
}
