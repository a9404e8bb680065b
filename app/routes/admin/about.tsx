// /admin/dashboard/about: the about page, one document, built by the content kit from
// app/content/about-page.ts: ONE editor for the page and its team. Edit mode is a URL state
// (?edit), so it works without JavaScript. Team rows are added and removed with conform's intent
// buttons (a document post even with JavaScript, so the server's answer keeps every typed
// value). Each row's portrait is an image field in the same multipart form: without JavaScript
// its file is posted with the form, with JavaScript it uploads when picked, and Save waits for
// it. The last row cannot be removed; a blank row is not saved, so the team can still be emptied
// (/about then has no team section).
import { EnvelopeSimpleIcon, PhoneIcon } from "@phosphor-icons/react";
import { flashOf } from "~/components/admin/use-flash";
import { DEFAULT_AVATAR, FallbackImage } from "~/components/site/fallback-image";
import { aboutPage, splitValues } from "~/content/about-page";
import { aboutPageStore } from "~/content/documents.server";
import { documentAdmin } from "~/content/kit/document-admin.server";
import { DocumentScreen } from "~/content/kit/document-screen";
import { adminMeta } from "~/lib/admin-meta";
import { formatDate, isoDate } from "~/lib/format";
import type { Route } from "./+types/about";

const screen = documentAdmin(aboutPageStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data?.editing ? aboutPage.admin.editTitle : aboutPage.admin.title, flashOf(matches));

type About = Route.ComponentProps["loaderData"]["doc"];

export default function AboutAdmin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DocumentScreen
      type={aboutPage}
      loaderData={loaderData}
      actionData={actionData}
      view={<AboutView about={loaderData.doc} />}
    />
  );
}

const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
const headingClass = "text-sm font-semibold tracking-wide text-slate-600 uppercase";

function AboutView({ about }: { about: About }) {
  if (!about) {
    return (
      <section className={cardClass}>
        <p className="text-slate-700">
          No about page yet: visitors see a short placeholder until it is saved.
        </p>
      </section>
    );
  }
  const values = splitValues(about.values);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="about-page-heading" className={`${cardClass} grid gap-4`}>
        <h2 id="about-page-heading" className={headingClass}>
          Page
        </h2>
        <dl className="grid gap-4">
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Title</dt>
            <dd className="break-words text-slate-700">{about.title || "— (shows “About Us”)"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Introduction</dt>
            <dd className="break-words whitespace-pre-line text-slate-700">
              {about.content || "—"}
            </dd>
          </div>
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="about-mission-heading" className={cardClass}>
          <h2 id="about-mission-heading" className={headingClass}>
            Mission
          </h2>
          <p className="mt-3 break-words whitespace-pre-line text-slate-700">{about.mission}</p>
        </section>
        <section aria-labelledby="about-values-heading" className={cardClass}>
          <h2 id="about-values-heading" className={headingClass}>
            Values
          </h2>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-slate-700 marker:text-blue-700">
            {values.map((value, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: stored order; texts may repeat.
              <li key={i} className="break-words">
                {value}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="about-team-heading" className={cardClass}>
        <h2 id="about-team-heading" className={headingClass}>
          Team ({about.team.length})
        </h2>
        {about.team.length ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {about.team.map((member, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: stored order; names may repeat.
                key={i}
                className="flex items-center gap-4 rounded-xl border border-slate-200 p-3"
              >
                <FallbackImage
                  src={member.image}
                  fallback={DEFAULT_AVATAR}
                  alt={`Portrait of ${member.name}`}
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-16 w-16 shrink-0 rounded-full bg-slate-100 object-cover"
                />
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{member.name}</p>
                  {member.role ? (
                    <p className="text-sm break-words text-slate-700">{member.role}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-700">No team members: the About page shows no team.</p>
        )}
      </section>

      <section aria-labelledby="about-contact-heading" className={cardClass}>
        <h2 id="about-contact-heading" className={headingClass}>
          Contact line
        </h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1">
            <dt className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <EnvelopeSimpleIcon aria-hidden="true" className="h-5 w-5 text-blue-700" />
              Email
            </dt>
            <dd className="break-all text-slate-700 pl-7">{about.contact.email || "—"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <PhoneIcon aria-hidden="true" className="h-5 w-5 text-blue-700" />
              Phone
            </dt>
            <dd className="break-words text-slate-700 pl-7">{about.contact.phone || "—"}</dd>
          </div>
        </dl>
      </section>

      {about.updatedAt ? (
        <p className="text-sm text-slate-600">
          Last updated{" "}
          <time dateTime={isoDate(about.updatedAt)}>{formatDate(about.updatedAt)}</time>
          {about.updatedBy ? ` by ${about.updatedBy}` : null}
        </p>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
