import type { Logger } from 'pino';
import type { CallRetention } from '../../core/calls/use-cases/call-retention.js';

export interface CallRetentionJob {
  stop(): void;
  /** Resolves when no pass is under way (shutdown, tests). */
  idle(): Promise<void>;
}

/**
 * Enforces workspace retention (ADR 0014): a purge pass at start, then every `intervalMs`.
 * Every instance runs it; the purge is idempotent and bounded per batch, so passes of several
 * instances overlap harmlessly. A pass still under way when the next is due is not doubled;
 * a failing pass is logged and retried at the next tick.
 */
export function startCallRetentionJob({ retention, logger }: { retention: CallRetention; logger: Logger }, intervalMs: number): CallRetentionJob {
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= retention
      .purge()
      .then(
        (purged) => {
          for (const p of purged) logger.info({ tenant_id: p.tenant_id, deleted: p.deleted, cutoff: p.cutoff }, 'retention: calls past retention_days deleted');
        },
        (err: unknown) => logger.warn({ err }, 'retention: purge failed; retried at the next tick'),
      )
      .finally(() => (running = null));
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    idle: async () => {
      await running;
    },
  };
}
