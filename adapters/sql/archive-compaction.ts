import type { ArchivedTexts } from './archive-codec.js';

/**
 * Deferred compaction of the archive (ADR 0053). A verification is archived before it is
 * answered (ADR 0002), and deflating its texts (ADR 0027, ~40 µs of CPU a row) made every answer
 * of a batch wait for the deflates of the whole batch, and took that CPU from the requests while
 * they came. Rows are now written with their texts plain, and deflated in place when the archive
 * has had no write for `idleMs`: the same bytes stored in the end, the work moved out of the
 * bursts. A plain backlog larger than `maxPlainBytes` (a long burst, a compaction that keeps
 * failing) makes the writer deflate before the commit again, as before, so the archive never
 * holds more than that in plain text; `maxPlainBytes` 0 always does.
 */
export interface ArchiveCompactionOptions {
  /** The plain text, in bytes, the archive may hold waiting for compaction. */
  maxPlainBytes: number;
  /** How long the archive must have had no write before compaction runs, in ms. */
  idleMs: number;
}

export const DEFAULT_ARCHIVE_COMPACTION: ArchiveCompactionOptions = { maxPlainBytes: 128 * 1024 * 1024, idleMs: 250 };

/** Rows deflated per step: ~100 × 40 µs, so that a write arriving meanwhile waits a few ms at most. */
export const COMPACTION_STEP_ROWS = 100;

/** What one step of compaction did: the rows deflated, and their plain size in bytes. */
export interface CompactionStep {
  rows: number;
  bytes: number;
}

/** The size a row's texts take plain (UTF-16 units: about their UTF-8 bytes for this text). */
export const plainSize = (texts: ArchivedTexts): number => texts.request_json.length + 1 + texts.response_json.length;

/**
 * The plain bytes this writer wrote and has not compacted yet: an estimate, per process (rows
 * left plain by an earlier process are compacted, not counted), that decides whether a batch may
 * be written plain.
 */
export class PlainBacklog {
  private bytes = 0;

  constructor(private readonly max: number) {}

  /** Whether a batch of this plain size may be written plain; if so it is counted. */
  admit(size: number): boolean {
    if (this.bytes + size > this.max) return false;
    this.bytes += size;
    return true;
  }

  /** Bytes that are no longer plain (compacted), or were never written (a failed batch). */
  release(size: number): void {
    this.bytes = Math.max(0, this.bytes - size);
  }

  /** Compaction found no plain row left. */
  empty(): void {
    this.bytes = 0;
  }

  get plainBytes(): number {
    return this.bytes;
  }
}

/**
 * Runs compaction steps when the archive has been idle for `idleMs`, one after another while it
 * stays idle, each in its own turn of the event loop so that a write arriving in between goes
 * first and stops the run. A failed step (the database busy, unreachable) is tried again at the
 * next idle time: the rows stay plain and readable meanwhile. Used by every writer: on the
 * event loop for PostgreSQL and SQLite in memory, in the archive's worker thread for SQLite files.
 */
export class IdleCompactor {
  private lastWrite = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly step: (limit: number) => Promise<CompactionStep>,
    private readonly backlog: PlainBacklog,
    private readonly idleMs: number,
  ) {
    // Rows an earlier process left plain are compacted once this one has been idle.
    this.arm(idleMs);
  }

  /** A batch was written: compaction waits for the next idle time. */
  wrote(): void {
    this.lastWrite = Date.now();
    this.arm(this.idleMs);
  }

  /** Every plain row compacted now, idle or not (tests, `close` of the admin command): how many. */
  async compactAll(): Promise<number> {
    await this.running;
    let total = 0;
    for (;;) {
      const done = await this.step(COMPACTION_STEP_ROWS);
      this.backlog.release(done.bytes);
      total += done.rows;
      if (done.rows < COMPACTION_STEP_ROWS) break;
    }
    this.backlog.empty();
    return total;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private arm(delay: number): void {
    if (this.timer !== undefined || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running ??= this.run().finally(() => (this.running = undefined));
    }, delay);
    this.timer.unref?.();
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const quiet = Date.now() - this.lastWrite;
      if (quiet < this.idleMs) return this.arm(this.idleMs - quiet);
      let done: CompactionStep;
      try {
        done = await this.step(COMPACTION_STEP_ROWS);
      } catch {
        return this.arm(this.idleMs * 4);
      }
      this.backlog.release(done.bytes);
      if (done.rows < COMPACTION_STEP_ROWS) return this.backlog.empty();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
