// /admin/dashboard/contact: the contact information, one document, built by the content kit
// from app/content/contact-info.ts (view, `?edit`, Save: kit/document-screen.tsx says how).
// /contact, the home page and the legal pages show the change on the next request. The view says
// when a stored map address (written some other way) is not shown: only the embed page of an
// allowed map service is (MAP_EMBED_PROVIDERS in content/contact-info.ts).
import { CheckCircleIcon, WarningCircleIcon } from "@phosphor-icons/react";
import { contactInfo, isAllowedMapEmbedUrl } from "~/content/contact-info";
import { contactInfoStore } from "~/content/documents.server";
import { documentAdmin } from "~/content/kit/document-admin.server";
import { DocumentScreen, documentMeta } from "~/content/kit/document-screen";
import { Facts, ImagePreview, LastUpdated } from "~/content/kit/document-view";
import type { Route } from "./+types/contact-info";

const screen = documentAdmin(contactInfoStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);
export const meta: Route.MetaFunction = (args) => documentMeta(contactInfo, args);

export default function ContactInfoAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const info = loaderData.doc;
  return (
    <DocumentScreen
      type={contactInfo}
      loaderData={loaderData}
      actionData={actionData}
      view={info && <ContactInfoView info={info} />}
    />
  );
}

function ContactInfoView({
  info,
}: {
  info: NonNullable<Route.ComponentProps["loaderData"]["doc"]>;
}) {
  const map = info.mapEmbedUrl ? (
    isAllowedMapEmbedUrl(info.mapEmbedUrl) ? (
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-green-800">
        <CheckCircleIcon aria-hidden="true" className="h-4 w-4" />
        Shown on the contact page
      </span>
    ) : (
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-red-700">
        <WarningCircleIcon aria-hidden="true" className="h-4 w-4" />
        Not shown: not the embed address of an allowed map service
      </span>
    )
  ) : null;
  return (
    <section
      aria-label="Current contact info"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="grid content-start gap-5">
        <Facts
          className="grid gap-4 sm:grid-cols-2"
          facts={[
            ["Address", info.address || "—", true],
            ["Email", info.email || "—"],
            ["Phone", info.phone || "—"],
            [
              "Map embed address",
              <span key="map" className="grid gap-1.5">
                <span className="break-all">{info.mapEmbedUrl || "— (no map)"}</span>
                {map}
              </span>,
              true,
            ],
          ]}
        />
        <LastUpdated at={info.updatedAt} by={info.updatedBy} />
      </div>
      <ImagePreview src={info.image} alt="Contact page" caption="Contact page image" />
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
