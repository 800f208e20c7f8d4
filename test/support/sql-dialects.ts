import { afterAll } from 'vitest';
import type { SqlDatabase } from '../../adapters/sql/database.js';
import { SqlTenantRepository } from '../../adapters/sql/sql-tenant.repository.js';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database.js';
import { openFreshPostgres, postgresCluster } from './postgres.js';

/**
 * The SQL dialects a contract suite runs over: SQLite in memory, and PostgreSQL (a fresh
 * database of the run's cluster) when it is installed. `open` registers the database to be
 * closed after the suite.
 */
export function sqlDialects(): { name: 'sqlite' | 'postgres'; open(): Promise<SqlDatabase> }[] {
  const opened: SqlDatabase[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
  });
  const keep = async (d: Promise<SqlDatabase>) => {
    const database = await d;
    opened.push(database);
    return database;
  };
  return [
    { name: 'sqlite' as const, open: () => keep(openSqliteDatabase({ filename: ':memory:' })) },
    ...(postgresCluster ? [{ name: 'postgres' as const, open: () => keep(openFreshPostgres()) }] : []),
  ];
}

/** The adapters named in env ADAPTERS (comma separated), or all of them. */
export const selectAdapters = <T extends { name: string }>(adapters: T[]): T[] =>
  adapters.filter((a) => !process.env.ADAPTERS || process.env.ADAPTERS.split(',').includes(a.name));

/** Stores tenants `ids` (rows other tables refer to) in a freshly opened database. */
export async function seedTenants(database: SqlDatabase, ids: string[] = ['t1', 't2']): Promise<SqlDatabase> {
  const tenants = new SqlTenantRepository(database.db);
  for (const t of ids) await tenants.insert({ tenant_id: t, name: t, created_at: '2026-01-01T00:00:00.000Z' });
  return database;
}
