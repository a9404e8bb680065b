// The one database user of a data directory. A server with a data directory may be reachable by
// other local users (it listens on a TCP port), so it demands a password; nobody should have to
// configure one, so the first start generates it and keeps it in the data directory, readable
// by the owner only (0600, like every file there). The app reads it from the same file and
// `npm run db:serve` prints it in its connection string.
//
// The file holds the password itself, not only a SCRAM verifier: the app in the same process
// and the printed connection string need it. Deleting the file makes the next start generate a
// new password.

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openPrivate } from "./permissions";
import { fsyncDir } from "./snapshot";

export const CREDENTIALS_FILE = "credentials.json";
const DEFAULT_USERNAME = "bureau";
/** 32 random bytes: far beyond guessing, and URL-safe so the connection string stays readable. */
const PASSWORD_BYTES = 32;
/**
 * Printable ASCII without spaces: such a password is unchanged by SASLprep, which the driver
 * applies before hashing, so the server can hash it the same way without a SASLprep of its own.
 */
const PRINTABLE = /^[\x21-\x7e]+$/;

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

function damaged(file: string, reason: string): Error {
  return new Error(
    `Embedded MongoDB: ${file} is damaged (${reason}); delete it to generate new credentials (clients then need the new connection string)`,
  );
}

function parse(file: string, text: string): Credentials {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw damaged(file, "not JSON");
  }
  const { username, password } = (value ?? {}) as Record<string, unknown>;
  if (typeof username !== "string" || !PRINTABLE.test(username)) {
    throw damaged(file, "username must be printable ASCII without spaces");
  }
  if (typeof password !== "string" || !PRINTABLE.test(password)) {
    throw damaged(file, "password must be printable ASCII without spaces");
  }
  return { username, password };
}

/**
 * The data directory's credentials: read from its file, or generated and written (atomically,
 * fsynced) on the first start. Call with the directory's lock held, so two processes never both
 * generate a password.
 */
export function loadOrCreateCredentials(dir: string): { credentials: Credentials; file: string } {
  const file = path.join(dir, CREDENTIALS_FILE);
  let text: string | undefined;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text !== undefined) return { credentials: parse(file, text), file };

  const credentials: Credentials = {
    username: DEFAULT_USERNAME,
    password: crypto.randomBytes(PASSWORD_BYTES).toString("base64url"),
  };
  // Written to a temporary file and renamed: a crash mid-write leaves no half-written file that
  // would stop the next start.
  const tmp = `${file}.tmp`;
  const fd = openPrivate(tmp, "w");
  try {
    fs.writeSync(fd, `${JSON.stringify(credentials, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  fsyncDir(dir);
  return { credentials, file };
}
