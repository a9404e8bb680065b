// Multi-document transactions, embedded-server style.
//
// Semantics (documented in README.md): writes inside a transaction apply immediately and are
// visible to other sessions (no isolation); each write is journaled like any other, so there is
// no atomicity across a crash either. What we do provide is rollback: every change made inside a
// transaction is logged with the document's previous version, and abortTransaction (explicit,
// or implied by endSessions / a new transaction on the same session) restores them in reverse
// order. commitTransaction simply forgets the undo log. Like mongod, a transaction older than
// the lifetime limit (60 s) is aborted: a client that died mid-transaction does not leave its
// partial writes, nor its undo log in memory, behind.

import type { Document } from "bson";
import { type UndoEntry, WriteContext } from "./collection";
import { CommandError, ErrorCode } from "./errors";
import { keyOf } from "./values";

/** mongod's transactionLifetimeLimitSeconds default: older transactions are aborted. */
export const TRANSACTION_LIFETIME_MS = 60_000;
/** How long a session remembers that its transaction was aborted for being too old. */
const EXPIRED_MEMORY_MS = 30 * 60_000;

interface Transaction {
  readonly txnNumber: string;
  readonly undo: UndoEntry[];
  readonly startedAt: number;
}

export function sessionKey(lsid: unknown): string | undefined {
  if (lsid === null || typeof lsid !== "object") return undefined;
  const id = (lsid as Document).id;
  return id === undefined ? undefined : keyOf(id);
}

function noSuchTransaction(txnNumber: string): CommandError {
  return new CommandError(
    ErrorCode.NoSuchTransaction,
    `Transaction with { txnNumber: ${txnNumber} } has been aborted.`,
    { errorLabels: ["TransientTransactionError"] },
  );
}

export class TransactionManager {
  private readonly active = new Map<string, Transaction>();
  /** Sessions whose transaction expired: its later commands fail instead of starting anew. */
  private readonly expired = new Map<string, { txnNumber: string; at: number }>();
  readonly lifetimeMs: number;

  constructor(lifetimeMs = TRANSACTION_LIFETIME_MS) {
    this.lifetimeMs = lifetimeMs;
  }

  /**
   * Tracks `startTransaction` on any command (a transaction may begin with a read). Returns the
   * undo log of a transaction that this command implicitly abandoned (a new txnNumber started
   * while the old one was still open), which the caller must roll back. A command of a
   * transaction that was aborted for exceeding its lifetime fails with NoSuchTransaction (251,
   * TransientTransactionError, so withTransaction retries), as in mongod.
   */
  observe(body: Document): UndoEntry[] | undefined {
    if (body.autocommit !== false) return undefined;
    const key = sessionKey(body.lsid);
    if (key === undefined) return undefined;
    const txnNumber = String(body.txnNumber);
    const expired = this.expired.get(key);
    if (expired) {
      if (expired.txnNumber === txnNumber) throw noSuchTransaction(txnNumber);
      this.expired.delete(key);
    }
    const current = this.active.get(key);
    if (current && current.txnNumber === txnNumber) return undefined;
    this.active.set(key, { txnNumber, undo: [], startedAt: Date.now() });
    return current && current.undo.length > 0 ? current.undo : undefined;
  }

  /** The write context for a command: inside a transaction it carries the undo log. */
  writeContext(body: Document): WriteContext {
    let w: WriteContext;
    if (body.autocommit !== false) w = new WriteContext();
    else {
      const key = sessionKey(body.lsid);
      const txn = key === undefined ? undefined : this.active.get(key);
      w = new WriteContext(txn?.undo);
    }
    w.bypassValidation = body.bypassDocumentValidation === true;
    return w;
  }

  commit(body: Document): void {
    const key = sessionKey(body.lsid);
    if (key !== undefined) this.active.delete(key);
  }

  /** Ends the session's transaction and returns what must be rolled back. */
  abort(lsid: unknown): UndoEntry[] {
    const key = sessionKey(lsid);
    if (key === undefined) return [];
    const txn = this.active.get(key);
    this.active.delete(key);
    this.expired.delete(key);
    return txn?.undo ?? [];
  }

  /**
   * Aborts transactions older than the lifetime limit (a client that died mid-transaction never
   * ends its session) and returns their undo logs, which the caller must roll back.
   */
  expire(now: number): UndoEntry[][] {
    const undo: UndoEntry[][] = [];
    for (const [key, txn] of this.active) {
      if (now - txn.startedAt <= this.lifetimeMs) continue;
      this.active.delete(key);
      this.expired.set(key, { txnNumber: txn.txnNumber, at: now });
      if (txn.undo.length > 0) undo.push(txn.undo);
    }
    for (const [key, entry] of this.expired) {
      if (now - entry.at > EXPIRED_MEMORY_MS) this.expired.delete(key);
    }
    return undo;
  }

  get size(): number {
    return this.active.size;
  }
}
