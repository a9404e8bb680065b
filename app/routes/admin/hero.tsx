// /admin/dashboard/hero: the home page hero, one document, built by the content kit from
// app/content/hero.ts (view, `?edit`, Save: kit/document-screen.tsx says how). The home page
// shows the change on the next request.
import { heroStore } from "~/content/documents.server";
import { DEFAULT_CTA_TEXT, hero } from "~/content/hero";
import { documentAdmin } from "~/content/kit/document-admin.server";
import { DocumentScreen, documentMeta } from "~/content/kit/document-screen";
import { Facts, ImagePreview } from "~/content/kit/document-view";
import type { Route } from "./+types/hero";

const screen = documentAdmin(heroStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);
export const meta: Route.MetaFunction = (args) => documentMeta(hero, args);

export default function HeroAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const doc = loaderData.doc;
  const view = doc ? (
    <section
      aria-label="Current hero"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <Facts
        facts={[
          ["Title", doc.title],
          ["Subtitle", doc.subtitle || "—"],
          ["CTA text", doc.ctaText || `— (shows “${DEFAULT_CTA_TEXT}”)`],
          ["CTA link", doc.ctaLink || "— (goes to /contact)"],
        ]}
      />
      <ImagePreview src={doc.image} alt="Hero background" caption="Background image" />
    </section>
  ) : null;
  return <DocumentScreen type={hero} loaderData={loaderData} actionData={actionData} view={view} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
