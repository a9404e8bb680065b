// A decorative Phosphor icon drawn from the sprite (docs/decisions/023-icon-sprite.md): two
// elements that point at a cached file, instead of the icon's paths inline in every page.
// Icons only decorate: whatever they mean is said in text next to them (or an aria-label on
// the control), so they are always hidden from assistive technology.

// A file of its own (22 kB, far above Vite's 4 kB inlining limit: a data: URL would not work,
// as <use> cannot point into one; tests/e2e/icons.spec.ts loads the file).
import spriteUrl from "./icons.svg?url";
import { type IconName, type IconWeightOf, symbolId } from "./sprite-icons";

// One shape per icon name, so the weight is checked against that name's own weights, also when
// the name is a variable holding one of several (`name={icon}` with icon: "clock" | "map-pin"
// and a weight only one of them has does not compile). The weight may be left out where the
// icon has the regular weight.
type IconProps = {
  [N in IconName]: { name: N; className?: string } & ("regular" extends IconWeightOf<N>
    ? { weight?: IconWeightOf<N> }
    : { weight: IconWeightOf<N> });
}[IconName];

export function Icon({ name, weight, className }: IconProps) {
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
