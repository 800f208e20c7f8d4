import { join } from 'node:path';
import { openPostgresDatabase } from '../../adapters/postgres/postgres-database.js';
import type { SqlDatabase } from '../../adapters/sql/database.js';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database.js';
import { createPostgresDatabase, postgresCluster } from './postgres.js';

/** A database svc-admin (and a server) can be pointed at, and how to open it from a test. */
export interface AdminTarget {
  name: 'sqlite' | 'postgres';
  /** The environment that selects it (DATA_DIR always; DATABASE_URL on PostgreSQL). */
  env(dataDir: string): Promise<Record<string, string>>;
  open(env: Record<string, string>): Promise<SqlDatabase>;
}

/** SQLite in DATA_DIR, and a fresh PostgreSQL database of the run's cluster when there is one. */
export const ADMIN_TARGETS: AdminTarget[] = [
  {
    name: 'sqlite',
    env: async (dataDir) => ({ DATA_DIR: dataDir }),
    open: (env) => openSqliteDatabase({ filename: join(env.DATA_DIR, 'svc.sqlite') }),
  },
  ...(postgresCluster
    ? [
        {
          name: 'postgres' as const,
          // No JWT_SECRET: svc-admin needs none (the server does, on PostgreSQL).
          env: async (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: await createPostgresDatabase() }),
          open: (env: Record<string, string>) => openPostgresDatabase({ connectionString: env.DATABASE_URL, poolMax: 1 }),
        },
      ]
    : []),
];
