// The server's record of logical sessions, as `$listLocalSessions` reports it: every session id
// a command arrived with, and when it was last used. Sessions idle for longer than
// logicalSessionTimeoutMinutes (30, as announced by hello) are forgotten, like mongod's session
// cache does; endSessions forgets them at once.

import { createHash } from "node:crypto";
import { Binary, type Document } from "bson";
import { keyOf } from "./values";

export const SESSION_TIMEOUT_MS = 30 * 60_000;
/** mongod's logical session cache holds at most this many sessions. */
const MAX_SESSIONS = 1_000_000;

/** Without authentication every session belongs to the same (empty) user: uid = SHA-256(""). */
const ANONYMOUS_UID = new Binary(createHash("sha256").update("").digest());

function sessionKey(lsid: unknown): string | undefined {
  if (lsid === null || typeof lsid !== "object") return undefined;
  const id = (lsid as Document).id;
  return id === undefined ? undefined : keyOf(id);
}

interface SessionRecord {
  readonly id: unknown;
  lastUse: Date;
}

export class SessionRegistry {
  private readonly sessions = new Map<string, SessionRecord>();

  /** Notes that a command used `lsid` (ignored when the command carries none). */
  touch(lsid: unknown): void {
    const key = sessionKey(lsid);
    if (key === undefined) return;
    const record = this.sessions.get(key);
    if (record) {
      record.lastUse = new Date();
      return;
    }
    if (this.sessions.size >= MAX_SESSIONS) return;
    this.sessions.set(key, { id: (lsid as Document).id, lastUse: new Date() });
  }

  end(lsid: unknown): void {
    const key = sessionKey(lsid);
    if (key !== undefined) this.sessions.delete(key);
  }

  expire(now: number, timeoutMs = SESSION_TIMEOUT_MS): void {
    for (const [key, record] of this.sessions) {
      if (now - record.lastUse.getTime() > timeoutMs) this.sessions.delete(key);
    }
  }

  /** The documents `$listLocalSessions` returns. */
  list(): Document[] {
    return Array.from(this.sessions.values(), (record) => ({
      _id: { id: record.id, uid: ANONYMOUS_UID },
      lastUse: record.lastUse,
    }));
  }
}
