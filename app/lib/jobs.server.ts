// The job runner: work that must happen at a time or on a schedule whether or not anyone visits
// the site (the hourly sweep of unused images; scheduled publishing next), run by agenda with its
// jobs kept in MongoDB (the `jobs` collection; docs/decisions/032-job-runner.md).
//
// - Every app instance and every cluster worker runs a runner. agenda claims a due job with one
//   atomic update of its lock, so the job runs once across all of them; a runner that dies while
//   running a job leaves a lock that expires (`lockLifetime`), and another runner takes it over.
// - Nothing depends on traffic: each runner looks for due jobs every POLL_MS, so a job runs
//   within that of its time.
// - A job that came due while no instance was up runs as soon as one starts, and says how late.
// - A periodic job is one document, however many instances declare it (declarePeriodic).
import { MongoBackend } from "@agendajs/mongo-backend";
import { Agenda, type Job } from "agenda";
import type { Db } from "mongodb";

/** Where agenda keeps the jobs. */
export const JOBS_COLLECTION = "jobs";
/** How often a runner looks for due jobs: the most a job waits past its time. */
export const POLL_MS = 10_000;
/** A job that starts later than this after its time is reported as late. */
export const LATE_AFTER_MS = 60_000;

/** The key under which a one-off job's data keeps its due time. */
const DUE = "_dueAt";

export interface JobDefinition<Data = Record<string, unknown>> {
  /** Unique, dotted by area: `images.sweep`, `content.publish`. */
  name: string;
  /** A periodic job: how often it runs ("1 hour"), the first time one interval after it is first declared. */
  every?: string;
  /**
   * The work. `lateMs`: how long after its time the job started (0 when on time). A job that
   * throws is logged and, if periodic, runs again at its next time.
   */
  run(data: Data, run: { lateMs: number }): Promise<void>;
}

export interface JobRunner {
  /** Starts polling for due jobs; periodic jobs are scheduled (once across all instances). */
  start(): Promise<void>;
  /** Stops polling and waits for the jobs it is running. Idempotent. */
  stop(): Promise<void>;
  /** Runs `name` once at `when` (in the past: at once), on whichever instance claims it first. */
  schedule(name: string, when: Date, data?: Record<string, unknown>): Promise<void>;
}

export interface RunnerOptions {
  log: (line: string) => void;
  /** Tests poll faster than production. */
  pollMs?: number;
  /** The name agenda stamps on the jobs it locks (the process, in production). */
  name?: string;
}

/** A runner over `db` for `definitions`. The app has one (startJobs); tests make several. */
export function createJobRunner(
  db: Db,
  definitions: readonly JobDefinition<never>[],
  { log, pollMs = POLL_MS, name = `pid ${process.pid}` }: RunnerOptions,
): JobRunner {
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo: db, collection: JOBS_COLLECTION }),
    name,
    processEvery: pollMs,
  });
  // An unreachable database makes every poll fail: one line when it starts, not one per poll.
  let failing = false;
  agenda.on("error", (error: Error) => {
    if (!failing) log(`[jobs] Cannot reach the jobs: ${error.message}`);
    failing = true;
  });
  agenda.on("success", () => {
    failing = false;
  });
  for (const definition of definitions) {
    agenda.define(definition.name, async (job: Job<Record<string, unknown>>) => {
      // A one-off job carries the time it was scheduled for (agenda has moved `nextRunAt` on by
      // the time the job runs); a periodic one is taken to be on time.
      const { [DUE]: dueAt, ...data } = job.attrs.data ?? {};
      const due = typeof dueAt === "string" ? new Date(dueAt) : new Date();
      const lateMs = Math.max(0, Date.now() - due.getTime());
      if (lateMs > LATE_AFTER_MS) {
        log(
          `[jobs] ${definition.name} ran ${Math.round(lateMs / 1000)} s late (due ${due.toISOString()})`,
        );
      }
      try {
        await definition.run(data as never, { lateMs });
      } catch (error) {
        log(
          `[jobs] ${definition.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        throw error;
      }
    });
  }
  let started = false;
  return {
    async start() {
      if (started) return;
      started = true;
      await agenda.start();
      for (const definition of definitions) {
        if (definition.every) await declarePeriodic(db, definition.name, definition.every);
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      // Polling stops at once; jobs being run get up to 10 s to finish (one still running keeps
      // its lock until the lock's lifetime ends, then another runner runs it again). The
      // database connection is the app's, closed by its own shutdown.
      await agenda.drain({ timeout: 10_000, closeConnection: false });
    },
    async schedule(jobName, when, data = {}) {
      await agenda.schedule(when, jobName, { ...data, [DUE]: when.toISOString() });
    },
  };
}

let runner: JobRunner | null = null;

/** Starts this process's runner (app/server.ts, once the database is reachable). */
export async function startJobs(
  db: Db,
  definitions: readonly JobDefinition<never>[],
  options: RunnerOptions,
): Promise<void> {
  if (runner) return;
  runner = createJobRunner(db, definitions, options);
  await runner.start();
}

/** Stops this process's runner, waiting for the jobs it is running (before the database closes). */
export async function stopJobs(): Promise<void> {
  const current = runner;
  runner = null;
  await current?.stop();
}

/**
 * Stores a periodic job as agenda keeps one (a "single" job with a `repeatInterval`), due now,
 * unless it is stored already. Not agenda's `every()`: that rewrites the stored job on every
 * start, clearing its lock, so a runner starting while another runs the job would run it too
 * (two runners starting together ran a first sweep twice). Here a start changes nothing but the
 * interval, which the code may have changed.
 */
async function declarePeriodic(db: Db, name: string, every: string): Promise<void> {
  await db.collection(JOBS_COLLECTION).updateOne(
    { name, type: "single" },
    {
      $set: { repeatInterval: every },
      $setOnInsert: {
        name,
        type: "single",
        data: null,
        priority: 0,
        repeatTimezone: null,
        repeatAt: null,
        nextRunAt: new Date(),
        lockedAt: null,
        lastRunAt: null,
        lastFinishedAt: null,
        disabled: null,
      },
    },
    { upsert: true },
  );
}

/**
 * Stores a one-off job as agenda keeps one (a "normal" job due at `when`, carrying its due time
 * as `schedule` does), written straight to the jobs collection: any writer can schedule work
 * (the admin, the JSON API, the CLI, a test) whether or not this process runs a runner, and
 * whichever runner polls first claims it.
 */
export async function queueJob(
  db: Db,
  name: string,
  when: Date,
  data: Record<string, unknown>,
): Promise<void> {
  await db.collection(JOBS_COLLECTION).insertOne({
    name,
    type: "normal",
    data: { ...data, [DUE]: when.toISOString() },
    priority: 0,
    nextRunAt: when,
    lockedAt: null,
    lastRunAt: null,
    lastFinishedAt: null,
    disabled: null,
  });
}

/**
 * Removes the one-off jobs named `name` whose data has these values (a record's publish,
 * rescheduled or cancelled), unless a runner is running one now (its lock says so): that one
 * finishes, and its own check of what it is for decides whether it still acts.
 */
export async function cancelJobs(
  db: Db,
  name: string,
  data: Record<string, string>,
): Promise<void> {
  const match = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [`data.${key}`, value]),
  );
  await db
    .collection(JOBS_COLLECTION)
    .deleteMany({ name, type: "normal", lockedAt: null, ...match });
}
