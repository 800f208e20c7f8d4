import type { ExpressionBuilder, Kysely } from 'kysely';
import type { StoredSyncRun, SyncStatus } from '../../core/knowledge/knowledge.model.js';
import type { SyncLease, SyncRunStore } from '../../core/knowledge/ports.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import { conflict } from '../../core/shared/errors.js';
import type { Database } from './database.js';
import type { KnowledgeSyncRunsTable } from './knowledge.tables.js';
import { isUniqueViolation } from './unique-violation.js';
import { appendOutboxEvents } from './sql-event-outbox.js';

const ACTIVE = ['queued', 'running'];
/** Losing an insert race to another process's run is retried this many times before giving up. */
const OPEN_ATTEMPTS = 3;

const fromRow = (r: KnowledgeSyncRunsTable): StoredSyncRun => ({
  sync_id: r.sync_id,
  tenant_id: r.tenant_id,
  status: r.status as SyncStatus,
  requested_at: r.requested_at,
  started_at: r.started_at,
  finished_at: r.finished_at,
  documents_indexed: Number(r.documents_indexed),
  documents_failed: Number(r.documents_failed),
  chunks: Number(r.chunks),
});

/**
 * Queued, or running under a lease that expired before `now` (or under none: a run left by a
 * version without leases). ISO instants compare as text. The redundant `status in (…)` lets the
 * planner use the partial index `knowledge_sync_runs_active`.
 */
const claimableAt = (now: string) => (eb: ExpressionBuilder<Database, 'knowledge_sync_runs'>) =>
  eb.and([
    eb('status', 'in', ACTIVE),
    eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)])])]),
  ]);

/**
 * Sync runs over any Kysely dialect. Several processes may share the table: the partial unique
 * index `knowledge_sync_runs_active` keeps one active run per tenant, and every state change is
 * one conditional UPDATE, so a claim or a lease check never races a read.
 */
export class SqlSyncRunStore implements SyncRunStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Read, then insert. Two callers may both read no active run (another process, PostgreSQL's
   * READ COMMITTED); the index refuses the second insert, which then returns the winner.
   */
  async openOrGetActive(run: StoredSyncRun): Promise<{ run: StoredSyncRun; created: boolean }> {
    for (let attempt = 1; ; attempt++) {
      const active = await this.db.selectFrom('knowledge_sync_runs').selectAll().where('tenant_id', '=', run.tenant_id).where('status', 'in', ACTIVE).executeTakeFirst();
      if (active) return { run: fromRow(active), created: false };
      try {
        await this.db.insertInto('knowledge_sync_runs').values(run).execute();
        return { run: { ...run }, created: true };
      } catch (err) {
        // The winner may already have finished by the next read: then the retry opens a new run.
        // Still refused with no active run: the sync_id itself is taken.
        if (!isUniqueViolation(err)) throw err;
        if (attempt >= OPEN_ATTEMPTS) throw conflict(`Sync run ${run.sync_id} exists already.`);
      }
    }
  }

  async find(tenantId: string, syncId: string): Promise<StoredSyncRun | null> {
    const row = await this.db.selectFrom('knowledge_sync_runs').selectAll().where('sync_id', '=', syncId).where('tenant_id', '=', tenantId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async claim(tenantId: string, syncId: string, lease: SyncLease): Promise<StoredSyncRun | null> {
    const row = await this.db
      .updateTable('knowledge_sync_runs')
      .set((eb) => ({
        status: 'running',
        started_at: eb.fn.coalesce('started_at', eb.val(lease.now)),
        lease_owner: lease.owner,
        lease_expires_at: lease.until,
      }))
      .where('sync_id', '=', syncId)
      .where('tenant_id', '=', tenantId)
      .where(claimableAt(lease.now))
      .returningAll()
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async update(run: StoredSyncRun, lease: SyncLease, events?: readonly OutboxEvent[]): Promise<boolean> {
    const { sync_id, tenant_id, ...rest } = run;
    const values = { ...rest, lease_expires_at: lease.until };
    if (!events || events.length === 0) return this.writeHeld(this.db, tenant_id, sync_id, lease, values);
    return this.db.transaction().execute(async (trx) => {
      const written = await this.writeHeld(trx, tenant_id, sync_id, lease, values);
      if (written) await appendOutboxEvents(trx, events);
      return written;
    });
  }

  async renew(tenantId: string, syncId: string, lease: SyncLease): Promise<boolean> {
    return this.writeHeld(this.db, tenantId, syncId, lease, { lease_expires_at: lease.until });
  }

  /** Writes `values` only while the run is running under `lease.owner` (the fence). */
  private async writeHeld(db: Kysely<Database>, tenantId: string, syncId: string, lease: SyncLease, values: Partial<KnowledgeSyncRunsTable>): Promise<boolean> {
    const r = await db
      .updateTable('knowledge_sync_runs')
      .set(values)
      .where('sync_id', '=', syncId)
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'running')
      .where('lease_owner', '=', lease.owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async claimable(now: string, limit: number): Promise<{ tenant_id: string; sync_id: string }[]> {
    return this.db
      .selectFrom('knowledge_sync_runs')
      .select(['tenant_id', 'sync_id'])
      .where(claimableAt(now))
      .orderBy('requested_at')
      .orderBy('sync_id')
      .limit(limit)
      .execute();
  }
}
