// /admin/dashboard/settings: the site settings, one document, built by the content kit from
// app/content/site-settings.ts (view, `?edit`, Save: kit/document-screen.tsx says how). Every
// public page shows the change on the next request: the top bar and footer, the contact and
// about pages, the legal pages, search engines' Organization, and the sender of e-mails.
import { siteSettingsStore } from "~/content/documents.server";
import { documentAdmin } from "~/content/kit/document-admin.server";
import { DocumentScreen, documentMeta } from "~/content/kit/document-screen";
import { Facts, ImagePreview, LastUpdated } from "~/content/kit/document-view";
import { siteSettings } from "~/content/site-settings";
import type { Route } from "./+types/settings";

const screen = documentAdmin(siteSettingsStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);
export const meta: Route.MetaFunction = (args) => documentMeta(siteSettings, args);

export default function SiteSettingsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const settings = loaderData.doc;
  return (
    <DocumentScreen
      type={siteSettings}
      loaderData={loaderData}
      actionData={actionData}
      view={settings && <SettingsView settings={settings} />}
    />
  );
}

function SettingsView({
  settings,
}: {
  settings: NonNullable<Route.ComponentProps["loaderData"]["doc"]>;
}) {
  const social = settings.social.map((s) => (
    <span key={`${s.platform}-${s.url}`} className="block break-all">
      {s.platform}: {s.url}
    </span>
  ));
  return (
    <section
      aria-label="Current site settings"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="grid content-start gap-5">
        <Facts
          className="grid gap-4 sm:grid-cols-2"
          facts={[
            ["Brand name", settings.brandName || "—"],
            ["Legal company name", settings.legalName || "—"],
            ["Tagline", settings.tagline || "—", true],
            ["Email", settings.email || "—"],
            ["Phone", settings.phone || "—"],
            ["Social profiles", social.length ? social : "—", true],
          ]}
        />
        <LastUpdated at={settings.updatedAt} by={settings.updatedBy} />
      </div>
      <ImagePreview src={settings.logo} alt="Logo" caption="Logo" none="No logo" />
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
