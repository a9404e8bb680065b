// Multi-document transactions, embedded-server style.
//
// Semantics (documented in README.md): writes inside a transaction apply immediately and are
// visible to other sessions (no isolation); each write is journaled like any other, so there is
// no atomicity across a crash either. What we do provide is rollback: every change made inside a
// transaction is logged with the document's previous version, and abortTransaction (explicit,
// or implied by endSessions / a new transaction on the same session) restores them in reverse
// order. commitTransaction simply forgets the undo log.

import type { Document } from "bson";
import { type UndoEntry, WriteContext } from "./collection";
import { keyOf } from "./values";

interface Transaction {
  readonly txnNumber: string;
  readonly undo: UndoEntry[];
}

export function sessionKey(lsid: unknown): string | undefined {
  if (lsid === null || typeof lsid !== "object") return undefined;
  const id = (lsid as Document).id;
  return id === undefined ? undefined : keyOf(id);
}

export class TransactionManager {
  private readonly active = new Map<string, Transaction>();

  /**
   * Tracks `startTransaction` on any command (a transaction may begin with a read). Returns the
   * undo log of a transaction that this command implicitly abandoned (a new txnNumber started
   * while the old one was still open), which the caller must roll back.
   */
  observe(body: Document): UndoEntry[] | undefined {
    if (body.autocommit !== false) return undefined;
    const key = sessionKey(body.lsid);
    if (key === undefined) return undefined;
    const txnNumber = String(body.txnNumber);
    const current = this.active.get(key);
    if (current && current.txnNumber === txnNumber) return undefined;
    this.active.set(key, { txnNumber, undo: [] });
    return current && current.undo.length > 0 ? current.undo : undefined;
  }

  /** The write context for a command: inside a transaction it carries the undo log. */
  writeContext(body: Document): WriteContext {
    if (body.autocommit !== false) return new WriteContext();
    const key = sessionKey(body.lsid);
    const txn = key === undefined ? undefined : this.active.get(key);
    return new WriteContext(txn?.undo);
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
    return txn?.undo ?? [];
  }
}
