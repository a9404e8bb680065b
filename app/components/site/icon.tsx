// SPEC §3's icon keys are Phosphor icon names; this maps each to its Phosphor component.
import {
  AppWindowIcon,
  BriefcaseIcon,
  GlobeIcon,
  HeadsetIcon,
  type Icon as PhosphorIcon,
  TrendUpIcon,
  TrophyIcon,
  UsersIcon,
  UsersThreeIcon,
} from "@phosphor-icons/react";
import type { IconKey } from "#db/collections";

export const ICONS: Record<IconKey, PhosphorIcon> = {
  briefcase: BriefcaseIcon,
  globe: GlobeIcon,
  "app-window": AppWindowIcon,
  "users-three": UsersThreeIcon,
  trophy: TrophyIcon,
  users: UsersIcon,
  headset: HeadsetIcon,
  "trend-up": TrendUpIcon,
};

/** A decorative icon for a content icon key; unknown keys fall back to the briefcase. */
export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Component = ICONS[name as IconKey] ?? BriefcaseIcon;
  return <Component aria-hidden="true" focusable="false" className={className} weight="duotone" />;
}
