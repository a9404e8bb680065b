// One internship in the public list: the facts at a glance, the requirements and
// benefits in a <details> of the exclusive "internship-details" group (opening one closes the
// other, natively, so it works without JavaScript), Save, and Apply Now.
import { Icon } from "~/components/icon/icon";
import { formatDurations, type PublicInternship } from "~/domain/internship-list";
import { formatDate, isoDate } from "~/lib/format";
import { InternshipSaveButton } from "./internship-save-button";

export const INTERNSHIP_DETAILS_GROUP = "internship-details";
export const NO_APPLICATION_LINK = "No application link available for this internship.";

export function InternshipStatusBadge({ status }: { status: string }) {
  // 'Open' in green, any other status grey.
  const open = status === "Open";
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${
        open
          ? "bg-green-50 text-green-800 ring-green-600/30"
          : "bg-slate-100 text-slate-700 ring-slate-500/20"
      }`}
    >
      <span
        aria-hidden="true"
        className={`h-1.5 w-1.5 rounded-full ${open ? "bg-green-600" : "bg-slate-500"}`}
      />
      {status}
    </span>
  );
}

function Fact({
  icon,
  label,
  children,
}: {
  icon: "map-pin" | "clock" | "currency-circle-dollar" | "calendar-blank";
  label: string;
  children: React.ReactNode;
}) {
  // dt and dd stay direct children of the wrapping div (the only shape a <dl> allows); the
  // icon sits inside the dt.
  return (
    <div className="relative min-w-0 sm:pl-12">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <span className="absolute top-0.5 left-0 hidden h-9 w-9 items-center justify-center rounded-lg bg-slate-100 text-slate-700 sm:flex">
          <Icon name={icon} className="h-5 w-5" />
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-bold text-slate-900">{title}</h4>
      {/* Each item's check mark comes from the check-list class (app.css). */}
      <ul className="check-list mt-3 space-y-2 text-sm text-slate-700">
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: plain texts that may repeat; never reordered.
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

export function InternshipCard({
  internship,
  saved,
}: {
  internship: PublicInternship;
  saved: boolean;
}) {
  const { _id: id } = internship;
  const headingId = `internship-${id}-title`;
  const hasDetails = internship.requirements.length > 0 || internship.benefits.length > 0;
  return (
    <article
      id={`internship-${id}`}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center rounded-full bg-blue-50 px-2.5 py-1 text-xs font-semibold text-blue-800 ring-1 ring-blue-700/20 ring-inset">
              {internship.domain}
            </span>
            <InternshipStatusBadge status={internship.status} />
            {internship.urgent ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-600/30 ring-inset">
                <Icon name="sparkle" weight="fill" className="h-3.5 w-3.5" />
                Urgent
              </span>
            ) : null}
          </div>
          <h3
            id={headingId}
            className="mt-3 text-xl font-bold text-balance text-slate-900 sm:text-2xl"
          >
            {internship.title}
          </h3>
          <p className="mt-1 text-sm font-medium text-slate-700">{internship.company}</p>
        </div>
        <InternshipSaveButton id={id} title={internship.title} saved={saved} />
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-x-4 gap-y-5 lg:grid-cols-4">
        <Fact icon="map-pin" label="Location">
          {internship.location}
        </Fact>
        <Fact icon="clock" label="Duration">
          {formatDurations(internship.duration) || "To be agreed"}
        </Fact>
        <Fact icon="currency-circle-dollar" label="Salary">
          {internship.salary}
        </Fact>
        <Fact icon="calendar-blank" label="Deadline">
          <time dateTime={isoDate(internship.deadline)}>{formatDate(internship.deadline)}</time>
        </Fact>
      </dl>

      <p className="mt-6 max-w-4xl leading-relaxed text-pretty text-slate-700">
        {internship.description}
      </p>

      {hasDetails ? (
        <details
          name={INTERNSHIP_DETAILS_GROUP}
          className="group mt-6 border-t border-slate-200 pt-4"
        >
          <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-md text-sm font-semibold text-blue-700 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Show requirements &amp; benefits</span>
            <span className="hidden group-open:inline">Hide requirements &amp; benefits</span>
            <Icon
              name="caret-down"
              className="h-4 w-4 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="mt-5 grid gap-6 sm:grid-cols-2">
            <List title="Requirements" items={internship.requirements} />
            <List title="Benefits" items={internship.benefits} />
          </div>
        </details>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3 border-t border-slate-200 pt-5">
        <ApplyArea internship={internship} />
      </div>
    </article>
  );
}

function ApplyArea({ internship }: { internship: PublicInternship }) {
  if (internship.status === "Closed") {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Icon name="info" className="h-5 w-5 shrink-0 text-slate-600" />
        Applications for this internship are closed.
      </p>
    );
  }
  if (!internship.applicationLink) {
    // The original app showed this in an alert; here it is plain text instead of a button
    // that leads nowhere.
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Icon name="info" className="h-5 w-5 shrink-0 text-slate-600" />
        {NO_APPLICATION_LINK}
      </p>
    );
  }
  return (
    <a
      href={internship.applicationLink}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex h-11 items-center gap-2 rounded-lg bg-blue-700 px-5 font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      Apply Now
      <Icon name="arrow-square-out" className="h-5 w-5" />
      <span className="sr-only"> for {internship.title} (opens in a new tab)</span>
    </a>
  );
}
