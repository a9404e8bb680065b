// The content's icon keys (ICON_KEYS in db/collections.ts) are Phosphor icon names, drawn from the
// icon sprite, where each of them is kept in the duotone weight (components/icon/sprite-icons.ts).
import { ICON_KEYS, type IconKey } from "#db/collections";
import { Icon } from "~/components/icon/icon";

const KNOWN: ReadonlySet<string> = new Set(ICON_KEYS);

function isIconKey(name: string): name is IconKey {
  return KNOWN.has(name);
}

/** A decorative icon for a content icon key; unknown keys fall back to the briefcase. */
export function ContentIcon({ name, className }: { name: string; className?: string }) {
  return (
    <Icon name={isIconKey(name) ? name : "briefcase"} className={className} weight="duotone" />
  );
}
