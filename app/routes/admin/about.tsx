// /admin/dashboard/about: the about page, one document, built by the content kit from
// app/content/about-page.ts (view, `?edit`, Save: kit/document-screen.tsx says how, with and
// without JavaScript): ONE editor for the page and its team. What is this page's own: its view.
import { EnvelopeSimpleIcon, type Icon, PhoneIcon } from "@phosphor-icons/react";
import { DEFAULT_AVATAR, FallbackImage } from "~/components/site/fallback-image";
import { aboutPage, splitValues } from "~/content/about-page";
import { aboutPageStore } from "~/content/documents.server";
import { documentAdmin } from "~/content/kit/document-admin.server";
import { DocumentScreen, documentMeta } from "~/content/kit/document-screen";
import { type Fact, Facts, LastUpdated, ViewSection, viewCard } from "~/content/kit/document-view";
import type { Route } from "./+types/about";

const screen = documentAdmin(aboutPageStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);
export const meta: Route.MetaFunction = (args) => documentMeta(aboutPage, args);

export default function AboutAdmin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DocumentScreen
      type={aboutPage}
      loaderData={loaderData}
      actionData={actionData}
      view={loaderData.doc && <AboutView about={loaderData.doc} />}
    />
  );
}

/** A term of the contact line with its icon, and its value (— when empty). */
const contactFact = (Icon: Icon, term: string, value: string, className: string): Fact => [
  <span key={term} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
    <Icon aria-hidden="true" className="h-5 w-5 text-blue-700" />
    {term}
  </span>,
  <span key={`${term}-value`} className={className}>
    {value || "—"}
  </span>,
];

function AboutView({ about }: { about: NonNullable<Route.ComponentProps["loaderData"]["doc"]> }) {
  return (
    <div className="grid gap-6">
      <ViewSection id="about-page-heading" title="Page" className={`${viewCard} grid gap-4`}>
        <Facts
          facts={[
            ["Title", about.title || "— (shows “About Us”)"],
            [
              "Introduction",
              <span key="intro" className="whitespace-pre-line">
                {about.content || "—"}
              </span>,
            ],
          ]}
        />
      </ViewSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <ViewSection id="about-mission-heading" title="Mission">
          <p className="mt-3 break-words whitespace-pre-line text-slate-700">{about.mission}</p>
        </ViewSection>
        <ViewSection id="about-values-heading" title="Values">
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-slate-700 marker:text-blue-700">
            {splitValues(about.values).map((value, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: stored order; texts may repeat.
              <li key={i} className="break-words">
                {value}
              </li>
            ))}
          </ul>
        </ViewSection>
      </div>

      <ViewSection id="about-team-heading" title={`Team (${about.team.length})`}>
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
      </ViewSection>

      <ViewSection id="about-contact-heading" title="Contact line">
        <Facts
          className="mt-3 grid gap-4 sm:grid-cols-2"
          facts={[
            contactFact(EnvelopeSimpleIcon, "Email", about.contact.email, "break-all pl-7"),
            contactFact(PhoneIcon, "Phone", about.contact.phone, "pl-7"),
          ]}
        />
      </ViewSection>

      <LastUpdated at={about.updatedAt} by={about.updatedBy} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
