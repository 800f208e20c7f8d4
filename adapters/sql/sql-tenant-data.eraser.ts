import type { Kysely } from 'kysely';
import type { TenantDataEraser } from '../../core/stewardship/ports.js';
import type { Database } from './database.js';
import type { SqlCallTextSearch, SqlKnowledgeIndex } from './sql-dialect.js';

const CHUNK = 500;

/**
 * A tenant's offboarding over SQL: every table the tenant owns a row of, children first, the
 * dialect's indexes through its capabilities (call search `unindex`, knowledge `unindex` and
 * `forgetTenant`), in one transaction. Tables that hold no tenant data (the billing ledger, keys,
 * research orders, operator research) are not touched.
 */
export class SqlTenantDataEraser implements TenantDataEraser {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly callSearch: SqlCallTextSearch,
    private readonly knowledgeIndex: SqlKnowledgeIndex,
  ) {}

  async deleteTenant(tenantId: string): Promise<Record<string, number>> {
    return this.db.transaction().execute(async (trx) => {
      const deleted: Record<string, number> = {};
      const count = (table: string, result: { numDeletedRows: bigint }) => (deleted[table] = (deleted[table] ?? 0) + Number(result.numDeletedRows));

      const subscriptions = trx.selectFrom('webhook_subscriptions').select('subscription_id').where('owner_kind', '=', 'tenant').where('owner_id', '=', tenantId);
      const events = trx.selectFrom('webhook_events').select('event_id').where('owner_kind', '=', 'tenant').where('owner_id', '=', tenantId);
      const deliveries = trx
        .selectFrom('webhook_deliveries')
        .select('delivery_id')
        .where((eb) => eb.or([eb('subscription_id', 'in', subscriptions), eb('event_id', 'in', events)]));
      count('webhook_attempts', await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).executeTakeFirst());
      count('webhook_deliveries', await trx.deleteFrom('webhook_deliveries').where((eb) => eb.or([eb('subscription_id', 'in', subscriptions), eb('event_id', 'in', events)])).executeTakeFirst());
      count('webhook_events', await trx.deleteFrom('webhook_events').where('owner_kind', '=', 'tenant').where('owner_id', '=', tenantId).executeTakeFirst());
      count('webhook_subscriptions', await trx.deleteFrom('webhook_subscriptions').where('owner_kind', '=', 'tenant').where('owner_id', '=', tenantId).executeTakeFirst());

      const items = await trx.selectFrom('knowledge_items').select('item_id').where('tenant_id', '=', tenantId).execute();
      const chunks = await trx.selectFrom('knowledge_chunks').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
      // The index removes the chunks with their entries (FTS5 rows; postings and statistics).
      for (const { item_id } of items) await this.knowledgeIndex.unindex(trx, tenantId, item_id);
      await this.knowledgeIndex.forgetTenant(trx, tenantId);
      await trx.deleteFrom('knowledge_chunks').where('tenant_id', '=', tenantId).execute();
      deleted.knowledge_chunks = Number(chunks.n);
      count('knowledge_items', await trx.deleteFrom('knowledge_items').where('tenant_id', '=', tenantId).executeTakeFirst());
      count('knowledge_sync_runs', await trx.deleteFrom('knowledge_sync_runs').where('tenant_id', '=', tenantId).executeTakeFirst());

      // Every call goes: the hours' figures go at once, not hour by hour as calls leave.
      count('call_stats_hours', await trx.deleteFrom('call_stats_hours').where('tenant_id', '=', tenantId).executeTakeFirst());
      for (;;) {
        const seqs = (await trx.selectFrom('calls').select('seq').where('tenant_id', '=', tenantId).limit(CHUNK).execute()).map((r) => Number(r.seq));
        if (seqs.length === 0) break;
        await this.callSearch.unindex(trx, seqs);
        count('calls', await trx.deleteFrom('calls').where('seq', 'in', seqs).executeTakeFirst());
      }
      for (const table of ['call_erasures', 'agent_versions', 'agents', 'workspaces', 'users', 'tenants'] as const) {
        count(table, await trx.deleteFrom(table).where('tenant_id', '=', tenantId).executeTakeFirst());
      }
      return deleted;
    });
  }
}
