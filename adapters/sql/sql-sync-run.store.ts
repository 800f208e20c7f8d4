import type { Kysely } from 'kysely';
import type { StoredSyncRun, SyncStatus } from '../../core/knowledge/knowledge.model.js';
import type { SyncRunStore } from '../../core/knowledge/ports.js';
import type { Database, KnowledgeSyncRunsTable } from './database.js';

const ACTIVE = ['queued', 'running'];
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

export class SqlSyncRunStore implements SyncRunStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** One transaction; the partial unique index `knowledge_sync_runs_active` backs it up. */
  async openOrGetActive(run: StoredSyncRun): Promise<{ run: StoredSyncRun; created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const active = await trx.selectFrom('knowledge_sync_runs').selectAll().where('tenant_id', '=', run.tenant_id).where('status', 'in', ACTIVE).executeTakeFirst();
      if (active) return { run: fromRow(active), created: false };
      await trx.insertInto('knowledge_sync_runs').values(run).execute();
      return { run: { ...run }, created: true };
    });
  }

  async find(tenantId: string, syncId: string): Promise<StoredSyncRun | null> {
    const row = await this.db.selectFrom('knowledge_sync_runs').selectAll().where('sync_id', '=', syncId).where('tenant_id', '=', tenantId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async update(run: StoredSyncRun): Promise<void> {
    const { sync_id, tenant_id, ...rest } = run;
    await this.db.updateTable('knowledge_sync_runs').set(rest).where('sync_id', '=', sync_id).where('tenant_id', '=', tenant_id).execute();
  }

  async failUnfinished(finishedAt: string): Promise<number> {
    const r = await this.db.updateTable('knowledge_sync_runs').set({ status: 'failed', finished_at: finishedAt }).where('status', 'in', ACTIVE).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
