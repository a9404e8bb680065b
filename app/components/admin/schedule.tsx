// Scheduled publishing in the admin (issue 24): the editor's "Publish at" / "Unpublish at" in the
// site's time zone (named beside the fields), with Schedule and Cancel schedule as plain POST
// buttons that work without JavaScript; what is scheduled and a change the job runner made late;
// and the list rows' "Scheduled" badge. The screen's loader gives `timeZone`; a refused schedule
// comes back as the action's `schedule` (kit/schedule-admin.server.ts).
import { Form, useActionData, useLoaderData } from "react-router";
import {
  lateNote,
  SCHEDULE_INTENT,
  type ScheduleState,
  UNSCHEDULE_INTENT,
} from "~/content/kit/schedule";
import { formatZoned, utcToZoned } from "~/lib/zoned-time";
import { inputClass } from "./form-controls";
import { rowActionClass } from "./list-controls";

/** What a refused schedule sends back: the typed values and a message by field. */
export interface ScheduleReply {
  values: { publishAt?: string; unpublishAt?: string };
  errors: { publishAt?: string; unpublishAt?: string };
}

const badgeClass = "ml-2 inline-flex rounded-full px-2 py-0.5 align-middle text-xs font-semibold";

/** Beside a list row's title while a change is scheduled. */
export function ScheduledBadge({ publishAt, unpublishAt }: ScheduleState) {
  const { timeZone = "UTC" } = useLoaderData<{ timeZone?: string }>() ?? {};
  if (!publishAt && !unpublishAt) return null;
  const what = publishAt
    ? `Publishes on ${formatZoned(new Date(publishAt), timeZone)}`
    : `Unpublishes on ${formatZoned(new Date(unpublishAt as string), timeZone)}`;
  return (
    <span className={`${badgeClass} bg-violet-100 text-violet-900`} title={what}>
      Scheduled<span className="sr-only">: {what}</span>
    </span>
  );
}

/** The line a list row shows under its title when the runner carried out a change late. */
export function LateBadge({ lastScheduled }: ScheduleState) {
  const note = lateNote(lastScheduled);
  return note ? <p className="mt-1 text-xs font-medium text-amber-800">{note}</p> : null;
}

/**
 * The editor's schedule. `id`: the record's (null: a single document, whose schedule publishes
 * its pending draft, and which is never unpublished).
 */
export function SchedulePanel({ state, id }: { state: ScheduleState; id: string | null }) {
  const { timeZone = "UTC" } = useLoaderData<{ timeZone?: string }>() ?? {};
  const reply = useActionData<{ schedule?: ScheduleReply }>()?.schedule;
  const scheduled = Boolean(state.publishAt || state.unpublishAt);
  const late = lateNote(state.lastScheduled);
  const fields = id === null ? (["publishAt"] as const) : (["publishAt", "unpublishAt"] as const);
  const labels = { publishAt: "Publish at", unpublishAt: "Unpublish at" };
  const shown = (name: "publishAt" | "unpublishAt") => {
    if (reply) return reply.values[name] ?? "";
    const at = state[name];
    return at ? utcToZoned(new Date(at), timeZone) : "";
  };
  return (
    <section
      aria-labelledby="schedule-heading"
      className="mt-3 rounded-lg border border-slate-200 px-3 py-3 text-sm"
    >
      <h3 id="schedule-heading" className="font-semibold text-slate-900">
        Schedule
      </h3>
      {state.publishAt ? (
        <p className="mt-1 text-slate-700">
          Publishes on {formatZoned(new Date(state.publishAt), timeZone)}
        </p>
      ) : null}
      {state.unpublishAt ? (
        <p className="mt-1 text-slate-700">
          Unpublishes on {formatZoned(new Date(state.unpublishAt), timeZone)}
        </p>
      ) : null}
      {late ? <p className="mt-1 font-medium text-amber-800">{late}</p> : null}
      <Form method="post" className="mt-2 flex flex-wrap items-start gap-3" noValidate>
        {id !== null ? <input type="hidden" name="id" value={id} /> : null}
        {fields.map((name) => {
          const error = reply?.errors[name];
          return (
            <div key={name} className="grid gap-1">
              <label htmlFor={`schedule-${name}`} className="font-medium text-slate-800">
                {labels[name]} <span className="font-normal text-slate-600">({timeZone})</span>
              </label>
              <input
                id={`schedule-${name}`}
                name={name}
                type="datetime-local"
                defaultValue={shown(name)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `schedule-${name}-error` : undefined}
                className={inputClass}
              />
              {error ? (
                <p id={`schedule-${name}-error`} className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {/* Level with the inputs (below their labels), whether or not a message is under one. */}
        <div className="flex flex-wrap gap-3 lg:mt-[1.875rem]">
          <button type="submit" name="intent" value={SCHEDULE_INTENT} className={rowActionClass}>
            Schedule
          </button>
          {scheduled ? (
            <button
              type="submit"
              name="intent"
              value={UNSCHEDULE_INTENT}
              className={rowActionClass}
            >
              Cancel schedule
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
