// The hourly sweep of stored images nothing uses (sweepUnusedImages, domain/image.server.ts), as
// a job of the job runner (lib/jobs.server.ts): one sweep an hour across every instance, the
// first at the first start. A sweep that fails (database down) is logged and runs again at its
// next time.
import type { JobDefinition } from "~/lib/jobs.server";
import { sweepUnusedImages } from "./image.server";

export function imageSweepJob(log: (line: string) => void): JobDefinition {
  return {
    name: "images.sweep",
    every: "1 hour",
    async run() {
      const deleted = await sweepUnusedImages();
      if (deleted > 0) log(`Deleted ${deleted} unused uploaded image(s).`);
    },
  };
}
