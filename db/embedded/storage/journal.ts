// Append-only journal with group commit.
//
// Each command's operations become one checksummed record. Records queue in memory and are
// written + fdatasync'ed in groups: while one fsync is in flight, every record that arrives waits
// for the next one, so N concurrent writers share a single fsync instead of paying N of them.
// A command is acknowledged only after the fsync covering its record has completed.

import fs from "node:fs";

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

function writeAll(fd: number, buf: Buffer, position: number, done: (err: Error | null) => void) {
  let offset = 0;
  const step = (): void => {
    fs.write(fd, buf, offset, buf.length - offset, position + offset, (err, written) => {
      if (err) return done(err);
      offset += written;
      if (offset < buf.length) step();
      else done(null);
    });
  };
  step();
}

export class JournalWriter {
  readonly path: string;
  private fd: number;
  /** Bytes durably on disk (after the last completed fsync). */
  private durableSize: number;
  /** Bytes handed to write() so far. */
  private writtenSize: number;
  private queue: Buffer[] = [];
  private queueBytes = 0;
  private waiters: Waiter[] = [];
  private flushing = false;
  private scheduled = false;
  private failure: Error | null = null;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  /** Another journal that must be durable before this one acknowledges anything. */
  private predecessor: Promise<void> | null;

  constructor(path: string, fd: number, size: number, predecessor: Promise<void> | null = null) {
    this.path = path;
    this.fd = fd;
    this.durableSize = size;
    this.writtenSize = size;
    this.predecessor = predecessor;
  }

  get size(): number {
    return this.writtenSize + this.queueBytes;
  }

  /** Queues a record; resolves when it is on disk. */
  append(record: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error(`journal ${this.path} is closed`));
    return new Promise<void>((resolve, reject) => {
      this.queue.push(record);
      this.queueBytes += record.length;
      this.waiters.push({ resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.flushing || this.scheduled) return;
    this.scheduled = true;
    // setImmediate runs after the current I/O phase: every request read from any socket in this
    // loop iteration joins the same group before the write starts.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.flushing || this.queue.length === 0) {
      if (!this.flushing) this.notifyIdle();
      return;
    }
    this.flushing = true;
    const batch = this.queue.length === 1 ? (this.queue[0] as Buffer) : Buffer.concat(this.queue);
    const waiters = this.waiters;
    this.queue = [];
    this.queueBytes = 0;
    this.waiters = [];
    const position = this.writtenSize;
    this.writtenSize += batch.length;

    const finish = (err: Error | null): void => {
      this.flushing = false;
      if (err) {
        this.fail(err, waiters);
        return;
      }
      this.durableSize = this.writtenSize;
      for (const w of waiters) w.resolve();
      if (this.queue.length > 0) this.flush();
      else this.notifyIdle();
    };

    const write = (): void => {
      writeAll(this.fd, batch, position, (err) => {
        if (err) return finish(err);
        fs.fdatasync(this.fd, (syncErr) => finish(syncErr));
      });
    };
    if (this.predecessor) {
      const before = this.predecessor;
      this.predecessor = null;
      before.then(write, (err: Error) => finish(err));
    } else {
      write();
    }
  }

  /**
   * After a failed write or fsync nothing more can be promised: the tail of the file is in an
   * unknown state. Every pending and future append fails; the process keeps serving reads.
   */
  private fail(err: Error, waiters: Waiter[]): void {
    const failure = new Error(`journal write to ${this.path} failed: ${err.message}`);
    this.failure = failure;
    for (const w of waiters) w.reject(failure);
    for (const w of this.waiters) w.reject(failure);
    this.waiters = [];
    this.queue = [];
    this.queueBytes = 0;
    // Best effort: cut the possibly half-written tail so the next start sees a clean file.
    fs.ftruncate(this.fd, this.durableSize, () => this.notifyIdle());
  }

  get failed(): Error | null {
    return this.failure;
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when everything appended so far is durable (or has failed). */
  drain(): Promise<void> {
    if (!this.flushing && !this.scheduled && this.queue.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.drain();
    this.closed = true;
    await new Promise<void>((resolve) => fs.fsync(this.fd, () => resolve()));
    await new Promise<void>((resolve) => fs.close(this.fd, () => resolve()));
  }
}
