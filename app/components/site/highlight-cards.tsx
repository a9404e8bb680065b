// 'Why Choose …' highlight cards: icon and colour by position — first a headset,
// second a users icon, the rest a trophy; blue, green, then yellow.
import { Icon } from "~/components/icon/icon";
import type { Highlight } from "~/content/highlights";

const STYLES: readonly { iconName: "headset" | "users" | "trophy"; tone: string }[] = [
  { iconName: "headset", tone: "bg-blue-100 text-blue-700" },
  { iconName: "users", tone: "bg-green-100 text-green-700" },
  { iconName: "trophy", tone: "bg-yellow-100 text-yellow-700" },
];

/** The icon and colour of the card at this position (0-based). */
export function highlightStyle(position: number) {
  return STYLES[Math.min(position, STYLES.length - 1)] as (typeof STYLES)[number];
}

export function HighlightCards({ highlights }: { highlights: Highlight[] }) {
  if (highlights.length === 0) {
    return <p className="mt-12 text-center text-slate-700">No highlights found</p>;
  }
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {highlights.map((h, i) => {
        const { iconName, tone } = highlightStyle(i);
        return (
          <li
            key={h._id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <span
              data-icon={iconName}
              className={`flex h-12 w-12 items-center justify-center rounded-xl ${tone}`}
            >
              <Icon name={iconName} weight="duotone" className="h-7 w-7" />
            </span>
            <h3 className="mt-5 text-lg font-bold text-slate-900">{h.title}</h3>
            {h.label ? <p className="mt-1 text-sm font-semibold text-blue-700">{h.label}</p> : null}
            <p className="mt-3 text-sm leading-relaxed text-slate-700">{h.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
