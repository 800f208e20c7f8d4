import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SCHEMA } from '../../adapters/postgres/postgres-database.js';
import { migrateTo, migrateToLatest } from '../../adapters/sql/migrations/index.js';
import type { SqlDialectSchema } from '../../adapters/sql/sql-dialect.js';
import { SQLITE_SCHEMA } from '../../adapters/sqlite/sqlite-database.js';
import { createPostgresDatabase, postgresCluster } from '../support/postgres.js';

/**
 * Migration 0018 (ADR 0058): a database that holds calls when it arrives gets each tenant's calls
 * per UTC hour and agent counted from them, as the repositories keep them from then on.
 */
async function checkBackfill(db: Kysely<any>, schema: SqlDialectSchema): Promise<void> {
  await migrateTo(db, '0017-call-stats-histograms', schema);
  for (const tenant_id of ['acme', 'zeta']) await db.insertInto('tenants').values({ tenant_id, name: tenant_id, created_at: '2026-01-01T00:00:00.000Z' }).execute();
  const call = (tenant_id: string, call_id: string, started_at: string, duration_seconds: number, channel: string, direction: string, status: string, agent_id: string | null = null) => ({
    tenant_id,
    call_id,
    agent_id,
    channel,
    direction,
    status,
    caller: '+33100000000',
    started_at,
    ended_at: new Date(Date.parse(started_at) + duration_seconds * 1000).toISOString(),
    duration_seconds,
    summary: '',
    transcript_json: '[]',
    metadata_json: '{}',
  });
  await db
    .insertInto('calls')
    .values([
      call('acme', 'a1', '2026-10-24T09:05:00.000Z', 120, 'voice', 'inbound', 'completed'),
      call('acme', 'a2', '2026-10-24T09:59:59.999Z', 30, 'sms', 'outbound', 'failed'),
      call('acme', 'a4', '2026-10-24T09:10:00.000Z', 60, 'chat', 'inbound', 'completed', 'nova'),
      call('acme', 'a3', '2026-10-24T10:00:00.000Z', 7, 'voice', 'inbound', 'missed'),
      call('zeta', 'z1', '2026-10-24T09:30:00.000Z', 45, 'email', 'inbound', 'transferred'),
    ])
    .execute();
  await migrateToLatest(db, schema);
  const rows = await db.selectFrom('call_stats_hours').selectAll().orderBy('tenant_id').orderBy('hour').orderBy('agent_key').execute();
  const shape = rows.map((r) => ({
    tenant_id: r.tenant_id,
    hour: r.hour,
    agent_key: r.agent_key,
    calls: Number(r.calls),
    total_seconds: Number(r.total_seconds),
    voice: Number(r.channel_voice),
    sms: Number(r.channel_sms),
    email: Number(r.channel_email),
    inbound: Number(r.direction_inbound),
    completed: Number(r.status_completed),
    failed: Number(r.status_failed),
    missed: Number(r.status_missed),
    transferred: Number(r.status_transferred),
    durations: String(r.durations).split(',').map(Number).sort((a, b) => a - b),
  }));
  expect(shape).toEqual([
    { tenant_id: 'acme', hour: '2026-10-24T09', agent_key: '', calls: 2, total_seconds: 150, voice: 1, sms: 1, email: 0, inbound: 1, completed: 1, failed: 1, missed: 0, transferred: 0, durations: [30, 120] },
    { tenant_id: 'acme', hour: '2026-10-24T09', agent_key: 'nova', calls: 1, total_seconds: 60, voice: 0, sms: 0, email: 0, inbound: 1, completed: 1, failed: 0, missed: 0, transferred: 0, durations: [60] },
    { tenant_id: 'acme', hour: '2026-10-24T10', agent_key: '', calls: 1, total_seconds: 7, voice: 1, sms: 0, email: 0, inbound: 1, completed: 0, failed: 0, missed: 1, transferred: 0, durations: [7] },
    { tenant_id: 'zeta', hour: '2026-10-24T09', agent_key: '', calls: 1, total_seconds: 45, voice: 0, sms: 0, email: 1, inbound: 1, completed: 0, failed: 0, missed: 0, transferred: 1, durations: [45] },
  ]);
}

describe('migration 0018: the calls per hour of a database that already holds calls', () => {
  it('SQLite', async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    try {
      await checkBackfill(db, SQLITE_SCHEMA);
    } finally {
      await db.destroy();
    }
  });

  it.skipIf(postgresCluster === null)('PostgreSQL', async () => {
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: await createPostgresDatabase({ migrated: false }), max: 1 }) }) });
    try {
      await checkBackfill(db, POSTGRES_SCHEMA);
    } finally {
      await db.destroy();
    }
  });
});
