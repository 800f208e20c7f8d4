import type { SyncScheduler } from '../../core/knowledge/ports.js';

/** What the worker drives: `KnowledgeSync` (claims under a lease, so a run executes once). */
export interface SyncRunner {
  /** Resolves with how the run ended here (`succeeded`, `failed`, `lost`, `skipped`). */
  run(tenantId: string, syncId: string): Promise<string>;
  /** Runs any runner could claim now: queued ones and those whose runner's lease expired. */
  claimable(limit: number): Promise<{ tenant_id: string; sync_id: string }[]>;
  /** Extends the lease of a run this runner is executing. */
  heartbeat(tenantId: string, syncId: string): Promise<boolean>;
}

export interface SyncWorkerOptions {
  /** Milliseconds between two looks at the store for claimable runs (after `start`). */
  pollMs?: number;
  /** Runs taken from one look at most. */
  pollBatch?: number;
  /** Milliseconds between two lease renewals while a run executes (well below the lease). */
  heartbeatMs?: number;
  onError?: (err: unknown, syncId: string | null) => void;
}

const key = (tenantId: string, syncId: string) => `${tenantId}\u0000${syncId}`;

/**
 * Runs sync runs in this process, one at a time, in the order asked, off the request path.
 * Besides the runs it is asked for, it polls the store (`start`) for claimable ones: runs asked
 * of another instance, or cut off by a crash once their lease expired. A run already waiting
 * or executing here is not queued again; the runner's claim keeps it to one execution across
 * processes.
 */
export class InProcessSyncWorker implements SyncScheduler {
  private tail: Promise<void> = Promise.resolve();
  private readonly queued = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling: Promise<void> | undefined;
  private started = false;
  private readonly pollMs: number;
  private readonly pollBatch: number;
  private readonly heartbeatMs: number;
  private readonly onError: (err: unknown, syncId: string | null) => void;
  /** Runs executed here by how they ended (`succeeded`, `failed`, `lost`, `skipped`, `error`): for /metrics. */
  readonly outcomes = new Map<string, number>();

  constructor(
    private readonly runner: SyncRunner,
    options: SyncWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 2000;
    this.pollBatch = options.pollBatch ?? 10;
    this.heartbeatMs = options.heartbeatMs ?? 20_000;
    this.onError = options.onError ?? (() => {});
  }

  schedule(tenantId: string, syncId: string): void {
    const k = key(tenantId, syncId);
    if (this.queued.has(k)) return;
    this.queued.add(k);
    this.tail = this.tail
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.execute(tenantId, syncId))
      .catch((err: unknown) => this.onError(err, syncId))
      .finally(() => {
        this.queued.delete(k);
      });
  }

  /** Runs one run, renewing its lease every `heartbeatMs` meanwhile (a long extraction keeps it). */
  private async execute(tenantId: string, syncId: string): Promise<void> {
    const beat = setInterval(() => {
      this.runner.heartbeat(tenantId, syncId).catch((err: unknown) => this.onError(err, syncId));
    }, this.heartbeatMs);
    beat.unref();
    let outcome = 'error';
    try {
      outcome = await this.runner.run(tenantId, syncId);
    } finally {
      clearInterval(beat);
      this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
    }
  }

  /** Polls at once, then every `pollMs` (the timer never keeps the process alive). */
  start(): void {
    if (this.started) return;
    this.started = true;
    // A poll still under way (stop, then start) schedules the next one itself.
    if (!this.polling) this.tick();
  }

  /** Stops polling; runs already queued still execute (`idle` waits for them). */
  stop(): void {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Resolves when no poll is under way and every queued run has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.polling || this.queued.size > 0) {
      await this.polling;
      await this.tail;
    }
  }

  private tick(): void {
    this.polling = this.poll().finally(() => {
      this.polling = undefined;
      if (this.started) (this.timer = setTimeout(() => this.tick(), this.pollMs)).unref();
    });
  }

  /** Looks only while idle: a busy process leaves the runs it found to the other instances. */
  private async poll(): Promise<void> {
    if (this.queued.size > 0) return;
    try {
      const runs = await this.runner.claimable(this.pollBatch);
      if (!this.started) return;
      for (const r of runs) this.schedule(r.tenant_id, r.sync_id);
    } catch (err) {
      this.onError(err, null);
    }
  }
}
