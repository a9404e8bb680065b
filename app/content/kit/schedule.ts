// Scheduled publishing (issue 24, decision 033), what the server and the screens share: a
// record's schedule as the admin shows it, the check of a requested schedule, and the words.
// A record stores `publishAt` / `unpublishAt` (UTC dates) while a change is scheduled, and
// `lastScheduled` once the job runner has carried one out (so a late one can say so).

/** The editor's buttons (kit/admin.server.ts, kit/document-admin.server.ts answer them). */
export const SCHEDULE_INTENT = "schedule";
export const UNSCHEDULE_INTENT = "unschedule";

/** The job runner's jobs (content/schedule-jobs.server.ts defines them). */
export const PUBLISH_JOB = "content.publish";
export const UNPUBLISH_JOB = "content.unpublish";

/** What the runner last carried out of a schedule. */
export interface LastScheduled {
  action: "publish" | "unpublish";
  /** When it ran (ISO, UTC). */
  at: string;
  /** More than a minute after its time (the site was down). */
  late: boolean;
  lateMs: number;
}

/** A record's schedule as the screens and the JSON API show it (ISO times, UTC). */
export interface ScheduleState {
  publishAt?: string | null;
  unpublishAt?: string | null;
  lastScheduled?: LastScheduled | null;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/** The schedule of a stored document (none: every field null). */
export function scheduleState(stored: object): Required<ScheduleState> {
  const doc = stored as { publishAt?: unknown; unpublishAt?: unknown; lastScheduled?: unknown };
  const last = doc.lastScheduled as
    | (Omit<LastScheduled, "at"> & { at: unknown })
    | null
    | undefined;
  return {
    publishAt: iso(doc.publishAt),
    unpublishAt: iso(doc.unpublishAt),
    lastScheduled:
      last && typeof last === "object" && iso(last.at)
        ? {
            action: last.action,
            at: iso(last.at) as string,
            late: Boolean(last.late),
            lateMs: Number(last.lateMs) || 0,
          }
        : null,
  };
}

/** A requested schedule: null cancels that part. */
export interface ScheduleTimes {
  publishAt: Date | null;
  unpublishAt: Date | null;
}

export const SCHEDULE_IN_PAST = "Choose a time in the future.";
export const UNPUBLISH_BEFORE_PUBLISH = "Unpublish after it is published: choose a later time.";
export const SCHEDULE_INVALID = "Enter a date and a time.";
export const SCHEDULE_NOTHING = "Choose when to publish or unpublish.";
/** A single document has nothing to schedule until a draft of it is saved. */
export const SCHEDULE_NO_DRAFT = "Save a draft first: a schedule publishes the pending draft.";

/** What is wrong with a requested schedule, by field (none: an empty object). */
export function scheduleProblems(
  times: ScheduleTimes,
  now = new Date(),
): Partial<Record<keyof ScheduleTimes, string>> {
  const problems: Partial<Record<keyof ScheduleTimes, string>> = {};
  if (times.publishAt && times.publishAt <= now) problems.publishAt = SCHEDULE_IN_PAST;
  if (times.unpublishAt && times.unpublishAt <= now) problems.unpublishAt = SCHEDULE_IN_PAST;
  else if (times.unpublishAt && times.publishAt && times.unpublishAt <= times.publishAt)
    problems.unpublishAt = UNPUBLISH_BEFORE_PUBLISH;
  return problems;
}

/** How late a scheduled change ran, in words: "4 min", "2 h 5 min". */
export function lateness(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
}

/** The admin's line about a change the runner carried out late, or null when it was on time. */
export function lateNote(last: LastScheduled | null | undefined): string | null {
  if (!last?.late) return null;
  const verb = last.action === "publish" ? "Published" : "Unpublished";
  return `${verb} ${lateness(last.lateMs)} late: the site was down at its time.`;
}
