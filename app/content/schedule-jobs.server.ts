// The job runner's scheduled publishing jobs (kit/schedule.server.ts) over every registered
// content type and single document; app/server.ts gives them to the runner.
import { DOCUMENT_STORES } from "./documents.server";
import { scheduleJobs } from "./kit/schedule.server";
import { STORES } from "./stores.server";

export const contentScheduleJobs = (log: (line: string) => void) =>
  scheduleJobs(Object.values(STORES) as never, Object.values(DOCUMENT_STORES) as never, log);
