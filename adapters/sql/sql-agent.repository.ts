import type { Kysely } from 'kysely';
import type { Agent, AgentSettings } from '../../core/agents/agent.model.js';
import type { AgentRepository } from '../../core/agents/ports.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import type { AgentsTable } from './agents.tables.js';
import type { Database } from './database.js';
import { appendOutboxEvents } from './sql-event-outbox.js';
import { conflictOnDuplicate } from './unique-violation.js';

const settingsJson = ({ agent_id: _a, tenant_id: _t, version: _v, updated_at: _u, ...settings }: Agent) => JSON.stringify(settings);
const fromRow = (r: AgentsTable): Agent => ({
  agent_id: r.agent_id,
  tenant_id: r.tenant_id,
  ...(JSON.parse(r.settings_json) as AgentSettings),
  version: Number(r.version),
  updated_at: r.updated_at,
});
const toRow = (a: Agent): AgentsTable => ({ agent_id: a.agent_id, tenant_id: a.tenant_id, version: a.version, updated_at: a.updated_at, settings_json: settingsJson(a) });

export class SqlAgentRepository implements AgentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(agent: Agent): Promise<void> {
    await conflictOnDuplicate(this.db.insertInto('agents').values(toRow(agent)).execute(), () => `Agent ${agent.agent_id} exists already.`);
  }

  async find(tenantId: string, agentId: string): Promise<Agent | null> {
    const row = await this.db.selectFrom('agents').selectAll().where('agent_id', '=', agentId).where('tenant_id', '=', tenantId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async list(tenantId: string, after: string | null, limit: number): Promise<Agent[]> {
    let q = this.db.selectFrom('agents').selectAll().where('tenant_id', '=', tenantId);
    if (after !== null) q = q.where('agent_id', '>', after);
    return (await q.orderBy('agent_id').limit(limit).execute()).map(fromRow);
  }

  /** `update ... where version = ?`: of two writers holding the same version, exactly one changes a row. */
  async replace(next: Agent, expectedVersion: number, events?: readonly OutboxEvent[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const previous = await trx.selectFrom('agents').selectAll().where('agent_id', '=', next.agent_id).where('tenant_id', '=', next.tenant_id).executeTakeFirst();
      const result = await trx
        .updateTable('agents')
        .set({ version: next.version, updated_at: next.updated_at, settings_json: settingsJson(next) })
        .where('agent_id', '=', next.agent_id)
        .where('tenant_id', '=', next.tenant_id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1 || !previous) return false;
      await trx.insertInto('agent_versions').values(previous).execute();
      await appendOutboxEvents(trx, events);
      return true;
    });
  }

  async versions(tenantId: string, agentId: string, beforeVersion: number | null, limit: number): Promise<Agent[]> {
    let q = this.db.selectFrom('agent_versions').selectAll().where('agent_id', '=', agentId).where('tenant_id', '=', tenantId);
    if (beforeVersion !== null) q = q.where('version', '<', beforeVersion);
    return (await q.orderBy('version', 'desc').limit(limit).execute()).map(fromRow);
  }
}
