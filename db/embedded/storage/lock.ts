// One process per data directory.
//
// A lock file holding the owner's pid is created with O_EXCL. A lock left behind by a process
// that no longer exists (kill -9, power loss) is taken over; a live owner makes start-up fail
// with a message naming the directory. Servers inside one process are tracked in memory, which
// also covers a recycled pid that happens to equal ours.

import fs from "node:fs";
import path from "node:path";
import { openPrivate } from "./permissions";

export const LOCK_FILE = "mongod.lock";

const heldInProcess = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process lingers as a zombie until its parent reaps it; kill(pid, 0) still
  // succeeds then. On Linux, /proc tells the difference (state Z or X = dead).
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return true;
  }
}

function inUseError(dir: string, lockPath: string, owner: string): Error {
  return new Error(
    `Embedded MongoDB: data directory ${dir} is already in use by ${owner} (lock file ${lockPath}). ` +
      "Stop the other server, or delete the lock file if you are sure no server is running.",
  );
}

/** Takes the lock on `dir` (which must exist) and returns the function that releases it. */
export function acquireLock(dir: string): () => void {
  const resolved = path.resolve(dir);
  const lockPath = path.join(resolved, LOCK_FILE);
  if (heldInProcess.has(resolved)) {
    throw inUseError(resolved, lockPath, `another server in this process (pid ${process.pid})`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openPrivate(lockPath, "wx");
      try {
        fs.writeSync(fd, `${process.pid}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      heldInProcess.add(resolved);
      return () => {
        heldInProcess.delete(resolved);
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid))
            fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
    } catch {
      // Unreadable or vanished lock: treat as stale.
    }
    const stale = !Number.isInteger(owner) || owner === process.pid || !processAlive(owner);
    if (!stale) throw inUseError(resolved, lockPath, `process ${owner}`);
    try {
      fs.unlinkSync(lockPath);
    } catch {
      // Raced with another starter; the next attempt decides.
    }
  }
  throw inUseError(resolved, lockPath, "another process");
}
