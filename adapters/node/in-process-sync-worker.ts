import type { SyncScheduler } from '../../core/knowledge/ports.js';

export interface SyncRunner {
  run(tenantId: string, syncId: string): Promise<void>;
}

/**
 * Runs sync runs in this process, one at a time, in the order asked, off the request path.
 * A run cut off by a crash stays queued/running in the store; `KnowledgeBase.recoverInterrupted`
 * fails it at the next start.
 */
export class InProcessSyncWorker implements SyncScheduler {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly runner: SyncRunner,
    private readonly onError: (err: unknown, syncId: string) => void = () => {},
  ) {}

  schedule(tenantId: string, syncId: string): void {
    this.pending++;
    this.tail = this.tail
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.runner.run(tenantId, syncId))
      .catch((err: unknown) => this.onError(err, syncId))
      .finally(() => {
        this.pending--;
      });
  }

  /** Resolves when every scheduled run has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}
