// The trash's purge, a daily job of the job runner (lib/jobs.server.ts): every content type's
// records deleted more than TRASH_DAYS days ago are deleted for good, each through its store
// (so each is audited as a purge by the job, the caches learn of it, and only now are the images
// that nothing else uses deleted). Once a day across every instance; one that fails (database
// down) is logged and runs again the next day, and nothing is lost by a late purge.
import { OPERATOR_JOB } from "~/domain/audit";
import { getEnv } from "~/env.server";
import type { JobDefinition } from "~/lib/jobs.server";
import { STORES } from "./stores.server";

export function trashPurgeJob(
  log: (line: string) => void,
  days: () => number = () => getEnv().TRASH_DAYS,
): JobDefinition {
  return {
    name: "content.trash-purge",
    every: "1 day",
    async run() {
      const now = new Date();
      for (const store of Object.values(STORES)) {
        const purged = await store.purgeExpired(now, days(), OPERATOR_JOB);
        if (purged > 0) {
          log(`Purged ${purged} ${store.type.admin.noun[purged === 1 ? 0 : 1]} from the trash.`);
        }
      }
    },
  };
}
