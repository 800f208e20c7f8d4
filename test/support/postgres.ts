import pg from 'pg';
import { inject } from 'vitest';
import { openPostgresDatabase } from '../../adapters/postgres/postgres-database.js';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';

/** The run's PostgreSQL cluster (test/global-setup.ts), or null when it is not installed. */
export const postgresCluster = inject('postgres');

let counter = 0;

/**
 * The URL of a new, empty, migrated database of the run's cluster (a copy of the template);
 * with `{ migrated: false }`, of a database with no schema at all (as an operator creates one).
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  if (!postgresCluster) throw new Error('PostgreSQL is not available in this run');
  const name = `t_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: postgresCluster.url });
  await admin.connect();
  try {
    await admin.query(options.migrated === false ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${postgresCluster.template} STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
  return postgresCluster.url.replace(/\/postgres$/, `/${name}`);
}

/** A fresh migrated PostgreSQL database, opened like the service opens it. */
export async function openFreshPostgres(options: { poolMax?: number } = {}): Promise<SqlDatabase> {
  return openPostgresDatabase({ connectionString: await createPostgresDatabase(), poolMax: options.poolMax ?? 4 });
}
