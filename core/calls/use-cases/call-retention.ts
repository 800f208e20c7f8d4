import type { Clock, RetentionMetrics } from '../../shared/ports.js';
import type { WorkspaceRepository } from '../../workspace/ports.js';
import { RETENTION_DAYS_MIN, WORKSPACE_DEFAULTS } from '../../workspace/workspace.model.js';
import type { CallRepository } from '../ports.js';

const DAY_MS = 86_400_000;

export interface RetentionOptions {
  /** Calls deleted per transaction. */
  batchSize: number;
  /** Batches per tenant and pass at most: a pass stays short; the next pass goes on. */
  maxBatchesPerTenant: number;
}

export const RETENTION_DEFAULTS: RetentionOptions = { batchSize: 500, maxBatchesPerTenant: 20 };

export interface TenantPurge {
  tenant_id: string;
  /** Calls that started before this instant were due. */
  cutoff: string;
  deleted: number;
}

/**
 * Enforces each workspace's `retention_days` (ADR 0014): a call that started more than
 * `retention_days` × 24 h ago is deleted, with its search index entries. A tenant that never
 * saved its workspace has the default retention (365 days). Each pass deletes in bounded,
 * idempotent batches, so several instances may run it at once: a call is deleted once, by
 * whichever instance gets there first, and nothing needs a lock.
 */
export class CallRetention {
  constructor(
    private readonly calls: CallRepository,
    private readonly workspaces: WorkspaceRepository,
    private readonly clock: Clock,
    private readonly options: RetentionOptions = RETENTION_DEFAULTS,
    /** When given, the calls each pass deleted are reported. */
    private readonly metrics?: RetentionMetrics,
  ) {}

  /** One pass over every tenant with calls old enough for the shortest retention. */
  async purge(): Promise<TenantPurge[]> {
    const now = this.clock.now().getTime();
    const earliest = new Date(now - RETENTION_DAYS_MIN * DAY_MS).toISOString();
    const purged: TenantPurge[] = [];
    for (const tenantId of await this.calls.tenantsWithCallsBefore(earliest)) {
      const days = (await this.workspaces.find(tenantId))?.retention_days ?? WORKSPACE_DEFAULTS.retention_days;
      const cutoff = new Date(now - days * DAY_MS).toISOString();
      let deleted = 0;
      for (let batch = 0; batch < this.options.maxBatchesPerTenant; batch++) {
        const n = await this.calls.purgeStartedBefore(tenantId, cutoff, this.options.batchSize);
        deleted += n;
        this.metrics?.deleted('calls', n);
        if (n < this.options.batchSize) break;
      }
      if (deleted > 0) purged.push({ tenant_id: tenantId, cutoff, deleted });
    }
    return purged;
  }
}
