import type { SqlDatabase } from '../../adapters/sql/database.js';
import { loadConfig } from '../../runtimes/shared/config.js';
import { openDatabase } from '../../runtimes/shared/composition/open-database.js';
import { createPostgresDatabase, postgresCluster } from './postgres.js';

/**
 * A database of the run, as a service (or svc-admin) is pointed at one: by its environment.
 * The one list that contract suites, admin tests and instance tests run over.
 */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /**
   * The environment of a new, empty database: on SQLite, the file in `dataDir` (which every
   * process given that DATA_DIR shares) or, without one, a database in memory; on PostgreSQL, a
   * fresh copy of the run's migrated template (and DATA_DIR when given).
   */
  env(dataDir?: string): Promise<Record<string, string>>;
  /** Opens the database `env` selects the way the runtimes open theirs (`openDatabase`). */
  open(env: Record<string, string>): Promise<SqlDatabase>;
}

const open = (env: Record<string, string>) => openDatabase(loadConfig({ DB_POOL_MAX: '4', ...env }));

/** SQLite, and PostgreSQL (the throwaway cluster test/global-setup.ts starts) when it is installed. */
export const TEST_DATABASES: TestDatabase[] = [
  {
    name: 'sqlite',
    env: async (dataDir?: string): Promise<Record<string, string>> => (dataDir === undefined ? { DATABASE_URL: 'sqlite::memory:' } : { DATA_DIR: dataDir }),
    open,
  },
  ...(postgresCluster
    ? [
        {
          name: 'postgres' as const,
          // No JWT_SECRET: neither svc-admin nor the stores need one (the HTTP server does, on PostgreSQL).
          env: async (dataDir?: string): Promise<Record<string, string>> => ({ ...(dataDir === undefined ? {} : { DATA_DIR: dataDir }), DATABASE_URL: await createPostgresDatabase() }),
          open,
        },
      ]
    : []),
];
