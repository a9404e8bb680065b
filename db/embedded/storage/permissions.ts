// The data directory holds every document in clear (the session secret, password hashes,
// visitors' messages), so only the owner of the process may read it: the folder is 0700 and
// every file in it 0600, whatever the umask (a umask can only take bits away from a mode, and
// the explicit chmod after creating settles the rest). A folder made by an older version, or by
// hand, is tightened once at start-up and the change is logged in one line.
//
// POSIX modes only: on Windows chmod can only toggle the read-only flag, and the folder's ACL
// (inherited from its parent) is what protects it.

import fs from "node:fs";
import path from "node:path";

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

const POSIX = process.platform !== "win32";
/** Group and other permission bits. */
const SHARED_BITS = 0o077;
/** Names in the log line before "and N more". */
const NAMED_IN_LOG = 6;

/** Opens (creating if needed, mode 0600) a file in the data directory; returns the descriptor. */
export function openPrivate(file: string, flags: "w" | "wx"): number {
  const fd = fs.openSync(file, flags, FILE_MODE);
  try {
    if (POSIX) fs.fchmodSync(fd, FILE_MODE);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  return fd;
}

/** Creates `dir` (and missing parents) private to the owner. Returns the first folder created. */
export function mkdirPrivate(dir: string): string | undefined {
  const created = fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (created !== undefined && POSIX) fs.chmodSync(dir, DIR_MODE);
  return created;
}

function octal(mode: number): string {
  return `0${(mode & 0o777).toString(8)}`;
}

/**
 * Takes the group and other bits off `dir` and everything under it (symbolic links are left
 * alone: chmod would follow them out of the folder). Returns the one log line saying what
 * changed, or undefined when nothing needed changing. A file that cannot be changed (owned by
 * someone else) stops start-up with its name: serving on with readable data would hide it.
 */
export function restrictToOwner(dir: string): string | undefined {
  if (!POSIX) return undefined;
  const changed: string[] = [];
  // DATA_DIR itself may be a symbolic link to the real folder (/var/lib/bureau -> /srv/…):
  // that folder is the data's, so it is followed; links inside it are not.
  const root = fs.realpathSync(dir);
  const visit = (target: string, label: string) => {
    const stat = fs.lstatSync(target);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & SHARED_BITS) !== 0) {
      const mode = stat.isDirectory() ? DIR_MODE : FILE_MODE;
      try {
        fs.chmodSync(target, mode);
      } catch (error) {
        throw new Error(
          `Embedded MongoDB: ${target} is readable by other local users and could not be restricted to its owner (${(error as Error).message})`,
        );
      }
      changed.push(`${label} ${octal(stat.mode)} -> ${octal(mode)}`);
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(target).sort()) {
        visit(path.join(target, name), path.relative(root, path.join(target, name)));
      }
    }
  };
  visit(root, "folder");
  if (changed.length === 0) return undefined;
  const named = changed.slice(0, NAMED_IN_LOG).join(", ");
  const more = changed.length > NAMED_IN_LOG ? ` and ${changed.length - NAMED_IN_LOG} more` : "";
  return `restricted ${dir} to its owner (it was open to other local users): ${named}${more}`;
}
