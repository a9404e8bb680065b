// The team on /about (the about page's `team` rows): portrait, name and role. A missing or broken
// portrait shows the default avatar.
import { altOf } from "~/content/kit/image-alt";
import { DEFAULT_AVATAR, FallbackImage } from "./fallback-image";

export interface TeamMember {
  name: string;
  role: string;
  image: string;
  /** The portrait's alt text or decorative mark (content/kit/image-alt.ts). */
  imageAlt?: string;
  imageDecorative?: boolean;
}

export function TeamGrid({ team }: { team: readonly TeamMember[] }) {
  return (
    <ul className="grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {team.map((member, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: stored order, never reordered here; texts may repeat.
          key={`${i}-${member.name}`}
          className="flex items-center gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-col sm:items-start sm:p-6"
        >
          <FallbackImage
            src={member.image}
            fallback={DEFAULT_AVATAR}
            // Described by its editor, or marked decorative (the name is beside it); a portrait
            // saved before alt text existed keeps saying whose it is.
            alt={
              member.imageAlt?.trim() || member.imageDecorative
                ? altOf(member, "image")
                : `Portrait of ${member.name}`
            }
            width={400}
            height={400}
            // 80 px on phones; from sm up the card's width (two, then three columns, gap-8)
            // less its padding and border.
            sizes="(min-width: 1280px) 334px, (min-width: 1024px) calc((100vw - 128px) / 3 - 50px), (min-width: 640px) calc((100vw - 80px) / 2 - 50px), 80px"
            loading="lazy"
            className="h-20 w-20 shrink-0 rounded-full bg-slate-100 object-cover sm:h-auto sm:w-full sm:rounded-xl"
          />
          <div>
            <h3 className="text-lg font-bold text-slate-900">{member.name}</h3>
            {member.role ? <p className="mt-1 text-sm text-blue-700">{member.role}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
