// Scheduled publishing's JSON API routes (kit/schedule-api.server.ts) over every registered type;
// app/routes/api/type-id-schedule.ts and type-schedule.ts serve them.
import { DOCUMENT_STORES } from "./documents.server";
import { scheduleApi } from "./kit/schedule-api.server";
import { STORES } from "./stores.server";

export const scheduling = scheduleApi(
  Object.values(STORES) as never,
  Object.values(DOCUMENT_STORES) as never,
);
