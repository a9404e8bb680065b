// /admin/dashboard/hero: the home page hero, one document, built by the content kit from
// app/content/hero.ts. View mode shows what visitors see; "Edit hero" (?edit) opens the form;
// Save posts it (multipart, with the image field's file when picked without JavaScript) and
// redirects back to the view with a flash. The home page shows the change on the next request.
import { flashOf } from "~/components/admin/use-flash";
import { heroStore } from "~/content/documents.server";
import { DEFAULT_CTA_TEXT, hero } from "~/content/hero";
import { documentAdmin } from "~/content/kit/document-admin.server";
import { DocumentScreen } from "~/content/kit/document-screen";
import { adminMeta } from "~/lib/admin-meta";
import { isSafeImageSrc } from "~/lib/links";
import type { Route } from "./+types/hero";

const screen = documentAdmin(heroStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data?.editing ? hero.admin.editTitle : hero.admin.title, flashOf(matches));

export default function HeroAdmin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DocumentScreen
      type={hero}
      loaderData={loaderData}
      actionData={actionData}
      view={<HeroView hero={loaderData.doc} />}
    />
  );
}

function HeroView({ hero }: { hero: Route.ComponentProps["loaderData"]["doc"] }) {
  if (!hero) {
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">No hero yet: the home page shows none until one is saved.</p>
      </section>
    );
  }
  const rows: [string, string][] = [
    ["Title", hero.title],
    ["Subtitle", hero.subtitle || "—"],
    ["CTA text", hero.ctaText || `— (shows “${DEFAULT_CTA_TEXT}”)`],
    ["CTA link", hero.ctaLink || "— (goes to /contact)"],
  ];
  return (
    <section
      aria-label="Current hero"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <dl className="grid gap-4">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">{term}</dt>
            <dd className="break-words text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>
      <figure className="grid gap-2">
        {isSafeImageSrc(hero.image) ? (
          <img
            src={hero.image}
            alt="Hero background"
            width={320}
            height={180}
            className="aspect-video w-full rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <div className="flex aspect-video w-full items-center justify-center rounded-lg border border-slate-200 bg-slate-100 text-sm text-slate-600">
            No image
          </div>
        )}
        <figcaption className="text-sm text-slate-600">Background image</figcaption>
      </figure>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
