// /admin/dashboard/contact: the contact information, one document, built by the content kit
// from app/content/contact-info.ts. Edit mode is a URL state (?edit), so it works without
// JavaScript; Save posts the multipart form (with the image field's file when picked without
// JavaScript) and redirects back to the view with a flash. /contact, the home page and the legal
// pages show the change on the next request.
//
// The map: only the embed page of an allowed map service (MAP_EMBED_PROVIDERS in
// content/contact-info.ts), so no arbitrary page can be put in the contact page's iframe. The
// view says when a stored address (written some other way) is not shown.
import { CheckCircleIcon, WarningCircleIcon } from "@phosphor-icons/react";
import { flashOf } from "~/components/admin/use-flash";
import { contactInfo, isAllowedMapEmbedUrl } from "~/content/contact-info";
import { contactInfoStore } from "~/content/documents.server";
import { documentAdmin } from "~/content/kit/document-admin.server";
import { DocumentScreen } from "~/content/kit/document-screen";
import { adminMeta } from "~/lib/admin-meta";
import { formatDate, isoDate } from "~/lib/format";
import { isSafeImageSrc } from "~/lib/links";
import type { Route } from "./+types/contact-info";

const screen = documentAdmin(contactInfoStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(
    data?.editing ? contactInfo.admin.editTitle : contactInfo.admin.title,
    flashOf(matches),
  );

type Info = Route.ComponentProps["loaderData"]["doc"];

export default function ContactInfoAdmin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DocumentScreen
      type={contactInfo}
      loaderData={loaderData}
      actionData={actionData}
      view={<ContactInfoView info={loaderData.doc} />}
    />
  );
}

function ContactInfoView({ info }: { info: Info }) {
  if (!info) {
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">
          No contact information yet: the contact page shows the form only until it is saved.
        </p>
      </section>
    );
  }
  const mapShown = isAllowedMapEmbedUrl(info.mapEmbedUrl);
  return (
    <section
      aria-label="Current contact info"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="grid content-start gap-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1 sm:col-span-2">
            <dt className="text-sm font-semibold text-slate-900">Address</dt>
            <dd className="break-words text-slate-700">{info.address || "—"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Email</dt>
            <dd className="break-words text-slate-700">{info.email || "—"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Phone</dt>
            <dd className="break-words text-slate-700">{info.phone || "—"}</dd>
          </div>
          <div className="grid gap-1 sm:col-span-2">
            <dt className="text-sm font-semibold text-slate-900">Map embed address</dt>
            <dd className="grid gap-1.5 text-slate-700">
              <span className="break-all">{info.mapEmbedUrl || "— (no map)"}</span>
              {info.mapEmbedUrl ? (
                mapShown ? (
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
              ) : null}
            </dd>
          </div>
        </dl>
        {info.updatedAt ? (
          <p className="text-sm text-slate-600">
            Last updated{" "}
            <time dateTime={isoDate(info.updatedAt)}>{formatDate(info.updatedAt)}</time>
            {info.updatedBy ? ` by ${info.updatedBy}` : null}
          </p>
        ) : null}
      </div>
      <figure className="grid content-start gap-2">
        {isSafeImageSrc(info.image) ? (
          <img
            src={info.image}
            alt="Contact page"
            width={320}
            height={180}
            className="aspect-video w-full rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <div className="flex aspect-video w-full items-center justify-center rounded-lg border border-slate-200 bg-slate-100 text-sm text-slate-600">
            No image
          </div>
        )}
        <figcaption className="text-sm text-slate-600">Contact page image</figcaption>
      </figure>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
