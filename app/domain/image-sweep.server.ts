// Runs sweepUnusedImages (domain/image.server.ts) in the background: a few minutes after start,
// then every hour. Each instance runs its own; the sweep is safe to run concurrently, and a
// run that fails (database down) just waits for the next one.
import { sweepUnusedImages } from "./image.server";

const FIRST_RUN_MS = 5 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;

let timer: NodeJS.Timeout | null = null;
let running: Promise<void> | null = null;

async function runOnce(log: (line: string) => void): Promise<void> {
  try {
    const deleted = await sweepUnusedImages();
    if (deleted > 0) log(`Deleted ${deleted} unused uploaded image(s).`);
  } catch (error) {
    log(`Unused image sweep failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function startImageSweeper(log: (line: string) => void): void {
  if (timer) return;
  const schedule = (delay: number) => {
    // unref: a pending sweep never keeps the process alive.
    timer = setTimeout(() => {
      running = runOnce(log).finally(() => {
        running = null;
        if (timer) schedule(EVERY_MS);
      });
    }, delay).unref();
  };
  schedule(FIRST_RUN_MS);
}

/** Stops the schedule and waits for a sweep in progress (before the database closes). */
export async function stopImageSweeper(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  await running;
}
