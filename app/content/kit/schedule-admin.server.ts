// The editors' Schedule and Cancel schedule (issue 24), for a collection's record and a single
// document alike: the typed times are wall times of the site's time zone, a refused schedule
// comes back with its values and a message next to the field (400), and a schedule that is
// stored lands on the editor again with a flash saying when it happens.
import { data } from "react-router";
import type { ScheduleReply } from "~/components/admin/schedule";
import { redirectWithFlash } from "~/lib/flash.server";
import { formatZoned, zonedToUtc } from "~/lib/zoned-time";
import { siteTimeZone } from "../site-time-zone.server";
import {
  SCHEDULE_INVALID,
  SCHEDULE_NO_DRAFT,
  SCHEDULE_NOTHING,
  type ScheduleTimes,
  scheduleProblems,
  UNSCHEDULE_INTENT,
} from "./schedule";

export { SCHEDULE_INTENT, UNSCHEDULE_INTENT } from "./schedule";

const refused = (reply: ScheduleReply) =>
  data({ result: null, listError: null, schedule: reply }, { status: 400 });

/**
 * Answers a posted Schedule or Cancel schedule. `write` stores the times (false: no record, or
 * a single document without a draft); `editor` is where the answer lands.
 */
export async function scheduleAction({
  form,
  intent,
  write,
  editor,
  single,
  notFound,
}: {
  form: FormData;
  intent: string;
  write: (times: ScheduleTimes) => Promise<boolean>;
  editor: string;
  /** A single document: only a publish of its draft. */
  single: boolean;
  notFound: () => never;
}) {
  const zone = await siteTimeZone();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const values = { publishAt: text("publishAt"), unpublishAt: single ? "" : text("unpublishAt") };
  const errors: ScheduleReply["errors"] = {};
  const read = (name: keyof typeof values) => {
    if (!values[name]) return null;
    const at = zonedToUtc(values[name], zone);
    if (!at) errors[name] = SCHEDULE_INVALID;
    return at;
  };
  const cancel = intent === UNSCHEDULE_INTENT;
  const times: ScheduleTimes = cancel
    ? { publishAt: null, unpublishAt: null }
    : { publishAt: read("publishAt"), unpublishAt: read("unpublishAt") };
  if (!cancel && !values.publishAt && !values.unpublishAt) errors.publishAt = SCHEDULE_NOTHING;
  Object.assign(errors, { ...scheduleProblems(times), ...errors });
  if (Object.keys(errors).length) return refused({ values, errors });
  if (!(await write(times))) {
    if (single) return refused({ values, errors: { publishAt: SCHEDULE_NO_DRAFT } });
    notFound();
  }
  const when = (at: Date | null, verb: string) =>
    at ? `${verb} on ${formatZoned(at, zone)}.` : "";
  const flash = cancel
    ? "Schedule cancelled."
    : `Scheduled. ${when(times.publishAt, "Publishes")} ${when(times.unpublishAt, "Unpublishes")}`.trim();
  return redirectWithFlash(editor, flash);
}
