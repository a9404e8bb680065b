// A decorative Phosphor icon drawn from the sprite (docs/decisions/023-icon-sprite.md): two
// elements that point at a cached file, instead of the icon's paths inline in every page.
// Icons only decorate: whatever they mean is said in text next to them (or an aria-label on
// the control), so they are always hidden from assistive technology.

import spriteUrl from "./icons.svg?url";
import { type IconName, type IconWeightOf, symbolId } from "./sprite-icons";

export type { IconName } from "./sprite-icons";

type IconProps<N extends IconName> = {
  name: N;
  className?: string;
} & ("regular" extends IconWeightOf<N>
  ? { weight?: IconWeightOf<N> }
  : { weight: IconWeightOf<N> });

export function Icon<N extends IconName>({ name, weight, className }: IconProps<N>) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="1em"
      height="1em"
      fill="currentColor"
      viewBox="0 0 256 256"
      className={className}
    >
      <use href={`${spriteUrl}#${symbolId(name, weight ?? "regular")}`} />
    </svg>
  );
}
