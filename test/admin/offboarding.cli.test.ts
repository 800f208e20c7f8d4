import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { type Kysely, sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import type { AgentConfigs } from '../../core/agents/use-cases/agent-configs.js';
import type { CallErasure } from '../../core/calls/use-cases/call-erasure.js';
import type { CallIngest } from '../../core/calls/use-cases/call-ingest.js';
import type { EventOutbox, SubscriptionStore } from '../../core/events/ports.js';
import type { KnowledgeStore, SyncRunStore } from '../../core/knowledge/ports.js';
import type { TenantAdmin } from '../../core/tenancy/use-cases/tenant-admin.js';
import type { WorkspaceRepository } from '../../core/workspace/ports.js';
import { bindDatabaseBackedAreas } from '../../runtimes/shared/composition/database-backed.module.js';
import { bindPlatform } from '../../runtimes/shared/composition/platform.module.js';
import { resolveTable as resolveAll } from '../support/resolve-table.js';
import { CALLS } from '../../runtimes/shared/composition/calls.tokens.js';
import { AGENTS } from '../../runtimes/shared/composition/agents.tokens.js';
import { KNOWLEDGE } from '../../runtimes/shared/composition/knowledge.tokens.js';
import { TENANCY } from '../../runtimes/shared/composition/tenancy.tokens.js';
import { WEBHOOKS } from '../../runtimes/shared/composition/webhooks.tokens.js';
import { WORKSPACE } from '../../runtimes/shared/composition/workspace.tokens.js';
import { loadConfig } from '../../runtimes/shared/settings/config.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { ADMIN_TARGETS } from '../support/admin-targets.js';
import { aNewCall } from '../fixtures/call-mother.js';
import { aSubscription } from '../fixtures/webhook-mother.js';

/**
 * Issue 30: `svc-admin tenant export` then `tenant delete`; afterwards no row of the tenant is
 * left in any table. The tables are read from the database's own schema, and a table this test
 * does not know how to check fails it: a new table cannot be forgotten by the deletion.
 */
interface Ports {
  tenantAdmin: TenantAdmin;
  ingest: CallIngest;
  agents: AgentConfigs;
  knowledge: KnowledgeStore;
  runs: SyncRunStore;
  workspaces: WorkspaceRepository;
  subscriptions: SubscriptionStore;
  outbox: EventOutbox;
  erasure: CallErasure;
}

/** Tables that hold no tenant's data: the billing ledger, keys, research orders, operator research, migrations. */
const NO_TENANT_DATA = new Set(['api_keys', 'verification_archive', 'archive_dictionaries', 'verification_usage', 'research_orders', 'operator_artists', 'operator_works', 'operator_claims', 'corpus_imports', 'kysely_migration', 'kysely_migration_lock']);
/** Tables with a tenant_id column. */
const BY_TENANT = new Set(['tenants', 'users', 'calls', 'knowledge_items', 'knowledge_chunks', 'knowledge_sync_runs', 'agents', 'agent_versions', 'workspaces', 'call_erasures', 'knowledge_stats', 'call_stats_hours']);
/** Tables owned through owner_kind / owner_id. */
const BY_OWNER = new Set(['webhook_subscriptions', 'webhook_events']);

async function tablesOf(name: string, db: Kysely<any>): Promise<string[]> {
  const query =
    name === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
      : sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`;
  return (await query.execute(db)).rows.map((r) => r.name);
}

const countOf = async (db: Kysely<any>, query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(db)).rows[0]!.n);

describe.each(ADMIN_TARGETS)('svc-admin tenant export and delete on $name', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-offboard-'));
  let env: Record<string, string>;
  let database: SqlDatabase;
  let ports: Ports;
  const admin = (...args: string[]) => runAdminCaptured(env, args);
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Everything a tenant can own, each table at least once, the same for both tenants. */
  async function populate(tenant: string, word: string) {
    await ports.tenantAdmin.createTenant(tenant, `${tenant} inc.`);
    const user = await ports.tenantAdmin.createUser({ tenant_id: tenant, email: `ann@${tenant}.example`, role: 'admin', password: 'a long enough password' });
    const principal = { user_id: user.user_id, tenant_id: tenant, role: 'admin' as const };
    await ports.workspaces.save({ tenant_id: tenant, name: tenant, timezone: 'Europe/Paris', locale: 'fr-FR', retention_days: 400 });
    await ports.subscriptions.insert(aSubscription({ owner: { kind: 'tenant', id: tenant } }));
    for (let i = 0; i < 3; i++) await ports.ingest.record(principal, tenant, aNewCall({ call_id: `${tenant}-call-${i}`, summary: `${word} summary ${i}` }));
    await ports.erasure.erase({ operator: true }, tenant, { call_ids: [`${tenant}-call-2`] });
    const agent = await ports.agents.createDefault(tenant, `${word} agent`);
    const { agent_id: _a, tenant_id: _t, version: _v, updated_at: _u, ...settings } = agent;
    await ports.agents.replace(principal, agent.agent_id, { ...settings, greeting: `Hello from ${word}` }, '*');
    const content = new TextEncoder().encode(`The ${word} handbook.`);
    const item = { tenant_id: tenant, item_id: `kn_${tenant}`, title: `${word}.txt`, content_type: 'text/plain' as const, size_bytes: content.length, sha256: createHash('sha256').update(content).digest('hex'), status: 'pending' as const, error: null, created_at: '2026-11-01T00:00:00.000Z', indexed_at: null, content };
    await ports.knowledge.insert(item);
    await ports.knowledge.markIndexed(tenant, item.item_id, [{ chunk_index: 0, text: `The ${word} handbook.` }], '2026-11-01T00:01:00.000Z');
    await ports.runs.openOrGetActive({ tenant_id: tenant, sync_id: `sync_${tenant}`, status: 'queued', requested_at: '2026-11-01T00:00:00.000Z', started_at: null, finished_at: null, documents_indexed: 0, documents_failed: 0, chunks: 0 });
  }

  beforeAll(async () => {
    // The composition's use cases seal cursors: on PostgreSQL they need the shared secret.
    env = { ...(await target.env(dataDir)), ...target.serverEnv };
    database = await target.open(env);
    const container = new Container();
    bindPlatform(container, { config: loadConfig(env), logger: pino({ level: 'silent' }), database });
    bindDatabaseBackedAreas(container);
    ports = resolveAll<Ports>(container, {
      tenantAdmin: TENANCY.TenantAdmin,
      ingest: CALLS.CallIngest,
      agents: AGENTS.AgentConfigs,
      knowledge: KNOWLEDGE.KnowledgeStore,
      runs: KNOWLEDGE.SyncRunStore,
      workspaces: WORKSPACE.WorkspaceRepository,
      subscriptions: WEBHOOKS.SubscriptionStore,
      outbox: WEBHOOKS.EventOutbox,
      erasure: CALLS.CallErasure,
    });
    await populate('acme', 'wombat');
    await populate('globex', 'numbat');
    // Deliveries and an attempt for both tenants' events.
    await ports.outbox.fanOut('2099-01-01T00:00:00.000Z', 1000, () => `dlv_${crypto.randomUUID().replace(/-/g, '')}`);
    const lease = { owner: 'test', now: '2099-01-01T00:00:00.000Z', until: '2099-01-01T00:01:00.000Z' };
    for (const due of await ports.outbox.claimDue(lease, 1000, { perSubscription: 16, perOwner: 1000 })) {
      await ports.outbox.settle(due.delivery_id, lease, { status: 'pending', attempt: { attempt: 1, attempted_at: lease.now, status_code: 500, latency_ms: 3, error: null }, next_attempt_at: '2099-01-02T00:00:00.000Z' });
    }
  });

  it('exports every resource with a manifest (counts, sha256), refuses a delete without the repeated id, then leaves no row of the tenant in any table', async () => {
    const out = join(dataDir, 'acme-export');
    const exported = await admin('tenant', 'export', 'acme', out);
    expect(exported.code, exported.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format_version: 1, tenant_id: 'acme' });
    const records = Object.fromEntries(manifest.files.map((f: { resource: string; records: number }) => [f.resource, f.records]));
    expect(records).toEqual({ workspace: 1, calls: 2, knowledge: 1, agents: 1, webhook_subscriptions: 1 });
    const lines: Record<string, any[]> = {};
    for (const file of manifest.files) {
      const bytes = readFileSync(join(out, file.file));
      expect(createHash('sha256').update(bytes).digest('hex'), file.file).toBe(file.sha256);
      expect(bytes.length).toBe(file.bytes);
      lines[file.resource] = bytes.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    }
    expect(lines.calls!.map((c) => c.call_id).sort()).toEqual(['acme-call-0', 'acme-call-1']);
    expect(lines.calls![0].transcript.length).toBeGreaterThan(0);
    expect(Buffer.from(lines.knowledge![0].content_base64, 'base64').toString()).toBe('The wombat handbook.');
    expect(lines.agents![0]).toMatchObject({ version: 2, greeting: 'Hello from wombat' });
    expect(lines.agents![0].versions.map((v: { version: number }) => v.version)).toContain(1);
    expect(lines.workspace![0]).toMatchObject({ tenant: { tenant_id: 'acme' }, workspace: { timezone: 'Europe/Paris' } });
    expect(JSON.stringify(lines.webhook_subscriptions)).not.toMatch(/whsec_/);
    expect(JSON.stringify(lines)).not.toMatch(/numbat|globex/);
    expect((await admin('tenant', 'export', 'acme', out)).code).toBe(2); // not an empty directory

    // What only the tenant's rows point to, captured before they go.
    const db = database.db as Kysely<any>;
    const ids = async (q: ReturnType<typeof sql<{ id: string }>>) => (await q.execute(db)).rows.map((r) => r.id);
    const deliveries = await ids(sql`SELECT d.delivery_id AS id FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.subscription_id = d.subscription_id WHERE s.owner_id = 'acme'`);
    const chunkSeqs = await ids(sql`SELECT chunk_seq AS id FROM knowledge_chunks WHERE tenant_id = 'acme'`);
    expect(deliveries.length).toBeGreaterThan(0);

    for (const args of [['tenant', 'delete', 'acme'], ['tenant', 'delete', 'acme', '--confirm', 'globex']]) {
      const refused = await admin(...args);
      expect([refused.code, refused.stdout], args.join(' ')).toEqual([2, '']);
      expect(refused.stderr).toMatch(/--confirm acme/);
    }
    expect((await admin('tenant', 'delete', 'initech', '--confirm', 'initech')).code).toBe(1);
    const deleted = await admin('tenant', 'delete', 'acme', '--confirm', 'acme');
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.json.deleted).toMatchObject({ tenants: 1, users: 1, calls: 2, knowledge_items: 1, knowledge_chunks: 1, agents: 1, agent_versions: 1, workspaces: 1, call_erasures: 1, webhook_subscriptions: 1 });

    const inList = (values: string[]) => (values.length === 0 ? sql`('')` : sql`(${sql.join(values)})`);
    const unknown: string[] = [];
    const remaining: Record<string, number> = {};
    const kept: Record<string, number> = {};
    for (const table of await tablesOf(target.name, db)) {
      const t = sql.table(table);
      if (NO_TENANT_DATA.has(table)) continue;
      if (BY_TENANT.has(table)) {
        remaining[table] = await countOf(db, sql`SELECT count(*) AS n FROM ${t} WHERE tenant_id = 'acme'`);
        kept[table] = await countOf(db, sql`SELECT count(*) AS n FROM ${t} WHERE tenant_id = 'globex'`);
      } else if (BY_OWNER.has(table)) {
        remaining[table] = await countOf(db, sql`SELECT count(*) AS n FROM ${t} WHERE owner_kind = 'tenant' AND owner_id = 'acme'`);
        kept[table] = await countOf(db, sql`SELECT count(*) AS n FROM ${t} WHERE owner_id = 'globex'`);
      } else if (table === 'webhook_deliveries' || table === 'webhook_attempts') {
        remaining[table] = await countOf(db, sql`SELECT count(*) AS n FROM ${t} WHERE delivery_id IN ${inList(deliveries)}`);
        kept[table] = await countOf(db, sql`SELECT count(*) AS n FROM ${t}`);
      } else if (table === 'calls_search_keys') {
        // The FTS5 index's key table: one row per indexed call, the kept tenant's only.
        remaining[table] = (await countOf(db, sql`SELECT count(*) AS n FROM calls_search_keys`)) - (await countOf(db, sql`SELECT count(*) AS n FROM calls`));
      } else if (table === 'calls_fts' || table.startsWith('calls_fts_')) {
        remaining[table] = await countOf(db, sql`SELECT count(*) AS n FROM calls_fts WHERE calls_fts MATCH 'wombat'`);
        kept[table] = await countOf(db, sql`SELECT count(*) AS n FROM calls_fts WHERE calls_fts MATCH 'numbat'`);
      } else if (table === 'knowledge_fts' || table.startsWith('knowledge_fts_')) {
        remaining[table] = await countOf(db, sql`SELECT count(*) AS n FROM knowledge_fts WHERE knowledge_fts MATCH 'wombat'`);
        kept[table] = await countOf(db, sql`SELECT count(*) AS n FROM knowledge_fts WHERE knowledge_fts MATCH 'numbat'`);
      } else if (table === 'knowledge_postings') {
        remaining[table] = await countOf(db, sql`SELECT count(*) AS n FROM knowledge_postings WHERE chunk_seq IN ${inList(chunkSeqs)}`);
        kept[table] = await countOf(db, sql`SELECT count(*) AS n FROM knowledge_postings`);
      } else {
        unknown.push(table);
      }
    }
    expect(unknown, 'tables this test does not know how to check for a tenant\'s rows: teach it (and SqlTenantDataEraser)').toEqual([]);
    expect(Object.entries(remaining).filter(([, n]) => n !== 0)).toEqual([]);
    // The other tenant keeps everything.
    expect(Object.entries(kept).filter(([, n]) => n === 0)).toEqual([]);
    const globex = await admin('tenant', 'export', 'globex', join(dataDir, 'globex-export'));
    expect(globex.json.files.map((f: { records: number }) => f.records)).toEqual([1, 2, 1, 1, 1]);
    process.stderr.write(`[offboarding ${target.name}] deleted ${JSON.stringify(deleted.json.deleted)}\n`);
  });
});
