// The job runner over the test database: a job runs at its time with nobody visiting, once
// however many runners (app instances, cluster workers) poll the same jobs, and a job that came
// due while no runner was up runs when one starts, saying how late it is. A periodic job is one
// schedule across all runners. Runners here poll every 100 ms (production: every 10 s).
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getDb } from "#db/client.server";
import {
  createJobRunner,
  JOBS_COLLECTION,
  type JobDefinition,
  type JobRunner,
} from "./jobs.server";

afterAll(closeDatabase);

const POLL = 100;
const lines: string[] = [];
const runners: JobRunner[] = [];
const runs: { runner: string; data: Record<string, unknown>; lateMs: number }[] = [];

/** A runner named `name` whose `test.record` job notes which runner ran it. */
async function runner(name: string, extra: JobDefinition<never>[] = []): Promise<JobRunner> {
  const record: JobDefinition<Record<string, unknown>> = {
    name: "test.record",
    async run(data, { lateMs }) {
      // Long enough that another runner's poll comes while it is still running.
      await new Promise((resolve) => setTimeout(resolve, POLL * 3));
      runs.push({ runner: name, data, lateMs });
    },
  };
  const made = createJobRunner(await getDb(), [record as JobDefinition<never>, ...extra], {
    log: (line) => lines.push(line),
    pollMs: POLL,
    name,
  });
  runners.push(made);
  return made;
}

/** Waits until `check` holds (the runners poll in the background), at most `ms`. */
async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within the time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, POLL * 8));

beforeEach(async () => {
  await (await getDb()).collection(JOBS_COLLECTION).deleteMany({});
  lines.length = 0;
  runs.length = 0;
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

describe("the job runner", () => {
  it("runs a job at its time, without any request", async () => {
    const one = await runner("a");
    await one.start();
    const at = Date.now() + 300;
    await one.schedule("test.record", new Date(at), { post: "42" });
    await until(() => runs.length === 1);
    expect(runs[0]).toMatchObject({ runner: "a", data: { post: "42" } });
    expect(runs[0]?.lateMs).toBeLessThan(5_000);
    expect(lines).toEqual([]);
  });

  it("runs a job once when several runners poll the same jobs", async () => {
    const all = await Promise.all(["a", "b", "c"].map((name) => runner(name)));
    await Promise.all(all.map((r) => r.start()));
    for (let i = 0; i < 5; i++) {
      await all[i % 3]?.schedule("test.record", new Date(Date.now() + 200), { n: i });
    }
    await until(() => runs.length === 5);
    await settle();
    expect(runs.map((r) => r.data.n).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it("runs a job that came due while no runner was up as soon as one starts, and says how late", async () => {
    const down = await runner("stopped");
    // Scheduled by an instance, which then stopped before the job's time (a restart, a crash).
    await down.schedule("test.record", new Date(Date.now() - 90_000), { post: "late" });
    await settle();
    expect(runs).toEqual([]);
    const up = await runner("restarted");
    await up.start();
    await until(() => runs.length === 1);
    expect(runs[0]).toMatchObject({ runner: "restarted", data: { post: "late" } });
    expect(runs[0]?.lateMs).toBeGreaterThanOrEqual(90_000);
    expect(lines.join("\n")).toMatch(/\[jobs\] test\.record ran 9\d s late \(due /);
  });

  it("keeps one schedule for a periodic job, run once however many runners start", async () => {
    let swept = 0;
    const sweep: JobDefinition<never> = {
      name: "test.sweep",
      every: "1 hour",
      async run() {
        swept += 1;
      },
    };
    // Two instances starting together: one document, due at once, run by one of them.
    const both = await Promise.all(["a", "b"].map((name) => runner(name, [sweep])));
    await Promise.all(both.map((r) => r.start()));
    const jobs = (await getDb()).collection(JOBS_COLLECTION);
    const declared = await jobs.find({ name: "test.sweep" }).toArray();
    expect(declared).toHaveLength(1);
    expect(declared[0]?.repeatInterval).toBe("1 hour");
    await until(() => swept === 1);
    // Another instance starting later (a restart, a new worker) does not run it again: its next
    // time is in an hour.
    await (await runner("c", [sweep])).start();
    await settle();
    expect(swept).toBe(1);
    const [after] = await jobs.find({ name: "test.sweep" }).toArray();
    expect(after?.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it("logs a job that fails, and keeps running the others", async () => {
    const broken: JobDefinition<never> = {
      name: "test.broken",
      async run() {
        throw new Error("the mail server said no");
      },
    };
    const one = await runner("a", [broken]);
    await one.start();
    await one.schedule("test.broken", new Date());
    await one.schedule("test.record", new Date(), { after: "failure" });
    await until(() => runs.length === 1);
    await until(() => lines.some((line) => line.includes("test.broken failed")));
    expect(lines).toContain("[jobs] test.broken failed: the mail server said no");
  });
});
