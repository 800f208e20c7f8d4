import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import { SqlTenantRepository } from '../../adapters/sql/sql-tenant.repository.js';
import { openSqliteDatabase, sqliteUnavailability } from '../../adapters/sqlite/sqlite-database.js';
import { SqliteReaders } from '../../adapters/sqlite/sqlite-readers.js';

/** ADR 0051: a SQLite file's long reads run on reader threads, each with a read-only connection. */
let database: SqlDatabase | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await database?.close();
  database = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function fileDatabase(): Promise<SqlDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-readers-'));
  dirs.push(dir);
  database = await openSqliteDatabase({ filename: join(dir, 'svc.db'), checkpointIntervalMs: 3_600_000 });
  expect(database.reads).toBeInstanceOf(SqliteReaders);
  expect(database.reads.concurrent).toBe(true);
  return database;
}

const tenantsQuery = (d: SqlDatabase) => sql<{ tenant_id: string }>`SELECT tenant_id FROM tenants ORDER BY tenant_id`.compile(d.db);

it('answers what the main connection committed, many statements at once through one queue', async () => {
  const d = await fileDatabase();
  const tenants = new SqlTenantRepository(d.db);
  for (const id of ['t1', 't2', 't3']) await tenants.insert({ tenant_id: id, name: id, created_at: '2026-01-01T00:00:00.000Z' });
  const answers = await Promise.all(Array.from({ length: 20 }, () => d.reads.all(tenantsQuery(d))));
  for (const rows of answers) expect(rows).toEqual([{ tenant_id: 't1' }, { tenant_id: 't2' }, { tenant_id: 't3' }]);
  // A commit after the first reads is seen by the next (each statement reads the file as of its start).
  await tenants.insert({ tenant_id: 't4', name: 't4', created_at: '2026-01-01T00:00:00.000Z' });
  expect(await d.reads.all(tenantsQuery(d))).toHaveLength(4);
});

it('refuses a statement that writes, and rejects a failed one with SQLite’s code, leaving the threads serving', async () => {
  const d = await fileDatabase();
  await expect(d.reads.all(sql`INSERT INTO tenants (tenant_id, name, created_at) VALUES ('t9', 't9', 'x')`.compile(d.db))).rejects.toThrow(/read-only/);
  expect(await d.reads.all(tenantsQuery(d))).toEqual([]);
  const failed = await d.reads.all(sql`SELECT nope FROM tenants`.compile(d.db)).catch((err: unknown) => err);
  expect(failed).toBeInstanceOf(Error);
  expect((failed as { code?: string }).code).toBe('SQLITE_ERROR');
  // Not a transient error: a retry would not help (the dialect's table, as on the main connection).
  expect(sqliteUnavailability(failed)).toBeNull();
  expect(await d.reads.all(tenantsQuery(d))).toEqual([]);
});

it('refuses statements once closed', async () => {
  const d = await fileDatabase();
  await d.reads.all(tenantsQuery(d));
  await d.close();
  database = undefined;
  await expect(d.reads.all(tenantsQuery(d))).rejects.toThrow(/closed/);
});

it('reads on the one connection of a database in memory, one statement after the other', async () => {
  database = await openSqliteDatabase({ filename: ':memory:' });
  expect(database.reads.concurrent).toBe(false);
  expect(await database.reads.all(tenantsQuery(database))).toEqual([]);
});
