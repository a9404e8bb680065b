// The catalog (databases → collections), the commit path to the journal, and recovery replay.

import { type Document, UUID } from "bson";
import { Collection, type WriteContext } from "./collection";
import { CursorManager } from "./cursor";
import { CommandError, ErrorCode } from "./errors";
import type { IndexSpec } from "./indexes";
import { type JournalOp, splitNs } from "./ops";
import { SessionRegistry } from "./sessions";

/** Where committed operations go; absent for ":memory:". */
export interface CommitSink {
  /** Resolves once the operations are durable (written and fsynced). */
  append(ops: readonly JournalOp[]): Promise<void>;
}

const DB_NAME_FORBIDDEN = /[/\\. "$*<>:|?\0]/;

export function validateDbName(db: string): void {
  if (db.length === 0 || db.length >= 64 || DB_NAME_FORBIDDEN.test(db)) {
    throw new CommandError(ErrorCode.InvalidNamespace, `Invalid database name: '${db}'`);
  }
}

export function validateCollectionName(db: string, name: string): void {
  if (
    typeof name !== "string" ||
    name.length === 0 ||
    name.includes("\0") ||
    name.includes("$") ||
    name.startsWith(".") ||
    name.endsWith(".") ||
    db.length + 1 + name.length > 255
  ) {
    throw new CommandError(ErrorCode.InvalidNamespace, `Invalid collection name: ${db}.${name}`);
  }
}

export class Engine {
  readonly dbs = new Map<string, Map<string, Collection>>();
  readonly cursors = new CursorManager();
  readonly sessions = new SessionRegistry();
  sink: CommitSink | null = null;
  readonly startedAt = new Date();

  /**
   * Makes a command's effects durable. Returns undefined when there is nothing to wait for
   * (in-memory mode or a command that changed nothing), so hot paths skip a promise.
   */
  commit(w: WriteContext): Promise<void> | undefined {
    if (this.sink === null || w.ops.length === 0) return undefined;
    return this.sink.append(w.ops);
  }

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  requireCollection(db: string, name: string): Collection {
    const coll = this.getCollection(db, name);
    if (!coll) throw new CommandError(ErrorCode.NamespaceNotFound, `ns not found: ${db}.${name}`);
    return coll;
  }

  /** The collection, created implicitly (insert, upsert, createIndexes) when missing. */
  ensureCollection(db: string, name: string, w: WriteContext): Collection {
    const coll = this.getCollection(db, name) ?? this.createCollection(db, name, {}, w);
    coll.assertNotView();
    return coll;
  }

  /** A collection a write may target: missing is fine (undefined), a view is refused (166). */
  writableCollection(db: string, name: string): Collection | undefined {
    const coll = this.getCollection(db, name);
    coll?.assertNotView();
    return coll;
  }

  /**
   * What a view reads: the collection at the bottom of its chain of views (undefined when that
   * does not exist) and the pipelines of every view on the way, innermost first.
   */
  resolveView(view: Collection): { base: Collection | undefined; pipeline: Document[] } {
    let pipeline: Document[] = [];
    let current: Collection | undefined = view;
    const seen = new Set<string>();
    while (current?.isView) {
      if (seen.has(current.ns)) {
        throw new CommandError(ErrorCode.GraphContainsCycle, `View cycle detected: ${current.ns}`);
      }
      seen.add(current.ns);
      pipeline = [...(current.options.pipeline as Document[]), ...pipeline];
      current = this.getCollection(current.db, current.options.viewOn as string);
    }
    return { base: current, pipeline };
  }

  createCollection(db: string, name: string, options: Document, w: WriteContext): Collection {
    validateDbName(db);
    validateCollectionName(db, name);
    if (this.getCollection(db, name)) {
      throw new CommandError(ErrorCode.NamespaceExists, `Collection ${db}.${name} already exists.`);
    }
    const coll = this.attach(db, name, new UUID(), options);
    w.record({ t: "mkcoll", ns: coll.ns, uuid: coll.uuid, options });
    return coll;
  }

  private attach(db: string, name: string, uuid: UUID, options: Document): Collection {
    let colls = this.dbs.get(db);
    if (!colls) {
      colls = new Map();
      this.dbs.set(db, colls);
    }
    const coll = new Collection(db, name, uuid, options);
    colls.set(name, coll);
    return coll;
  }

  dropCollection(db: string, name: string, w: WriteContext): Collection | undefined {
    const colls = this.dbs.get(db);
    const coll = colls?.get(name);
    if (!colls || !coll) return undefined;
    colls.delete(name);
    if (colls.size === 0) this.dbs.delete(db);
    this.cursors.killNamespace(coll.ns);
    w.record({ t: "drop", ns: coll.ns });
    return coll;
  }

  dropDatabase(db: string, w: WriteContext): boolean {
    const colls = this.dbs.get(db);
    if (!colls) return false;
    for (const coll of colls.values()) this.cursors.killNamespace(coll.ns);
    this.dbs.delete(db);
    w.record({ t: "dropdb", db });
    return true;
  }

  renameCollection(from: string, to: string, dropTarget: boolean, w: WriteContext): void {
    const [fromDb, fromName] = splitNs(from);
    const [toDb, toName] = splitNs(to);
    validateDbName(toDb);
    validateCollectionName(toDb, toName);
    const source = this.requireCollection(fromDb, fromName);
    // mongod renames collections only; a view is redefined with collMod instead.
    source.assertNotView();
    if (fromDb !== toDb) {
      throw new CommandError(
        ErrorCode.CommandNotSupported,
        "renameCollection across databases is not supported by the embedded server",
      );
    }
    if (this.getCollection(toDb, toName)) {
      if (!dropTarget) throw new CommandError(ErrorCode.NamespaceExists, "target namespace exists");
      this.dropCollection(toDb, toName, w);
    }
    const colls = this.dbs.get(fromDb) as Map<string, Collection>;
    colls.delete(fromName);
    this.cursors.killNamespace(source.ns);
    source.name = toName;
    colls.set(toName, source);
    w.record({ t: "rename", from, to });
  }

  /** Every collection, for snapshots and TTL sweeps. */
  *collections(): Iterable<Collection> {
    for (const colls of this.dbs.values()) yield* colls.values();
  }

  // --- recovery -------------------------------------------------------------------------

  /** Applies one recovered journal/snapshot operation without any checks. */
  replay(op: JournalOp): void {
    switch (op.t) {
      case "put":
        this.replayColl(op.ns).restorePut(op.d);
        return;
      case "del":
        this.getByNs(op.ns)?.restoreDelete(op.id);
        return;
      case "mkcoll": {
        const [db, name] = splitNs(op.ns);
        if (!this.getCollection(db, name)) this.attach(db, name, op.uuid, op.options ?? {});
        return;
      }
      case "setopts":
        this.getByNs(op.ns)?.setOptions(op.options);
        return;
      case "drop": {
        const [db, name] = splitNs(op.ns);
        const colls = this.dbs.get(db);
        colls?.delete(name);
        if (colls && colls.size === 0) this.dbs.delete(db);
        return;
      }
      case "mkidx":
        this.replayColl(op.ns).restoreIndex(op.spec as IndexSpec);
        return;
      case "rmidx":
        this.getByNs(op.ns)?.restoreDropIndex(op.name);
        return;
      case "dropdb":
        this.dbs.delete(op.db);
        return;
      case "rename": {
        const [fromDb, fromName] = splitNs(op.from);
        const [, toName] = splitNs(op.to);
        const colls = this.dbs.get(fromDb);
        const coll = colls?.get(fromName);
        if (!colls || !coll) return;
        colls.delete(fromName);
        coll.name = toName;
        colls.set(toName, coll);
        return;
      }
    }
  }

  /** Builds every index once replay is done. */
  finishReplay(): void {
    for (const coll of this.collections()) coll.rebuildIndexes();
  }

  private getByNs(ns: string): Collection | undefined {
    const [db, name] = splitNs(ns);
    return this.getCollection(db, name);
  }

  private replayColl(ns: string): Collection {
    const [db, name] = splitNs(ns);
    return this.getCollection(db, name) ?? this.attach(db, name, new UUID(), {});
  }
}
