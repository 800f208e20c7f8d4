import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import { loadConfig } from '../../runtimes/shared/settings/config.js';
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
  /**
   * What the HTTP service needs besides `env` on this database: on PostgreSQL a JWT_SECRET (it
   * refuses to start there without one, ADR 0011); nothing on SQLite, where it generates its
   * own into DATA_DIR.
   */
  serverEnv: Record<string, string>;
}

const open = (env: Record<string, string>) => openDatabase(loadConfig({ DB_POOL_MAX: '4', ...env }));

/** SQLite, and PostgreSQL (the throwaway cluster test/global-setup.ts starts) when it is installed. */
export const TEST_DATABASES: TestDatabase[] = [
  {
    name: 'sqlite',
    env: async (dataDir?: string): Promise<Record<string, string>> => {
      if (dataDir === undefined) return { DATABASE_URL: 'sqlite::memory:' };
      // Created and migrated, as the PostgreSQL entry copies a migrated template: svc-admin
      // creates a database only when told to (--init), the server on its first start.
      const env = { DATA_DIR: dataDir };
      await (await open(env)).close();
      return env;
    },
    open,
    serverEnv: {},
  },
  ...(postgresCluster
    ? [
        {
          name: 'postgres' as const,
          // No JWT_SECRET: neither svc-admin nor the stores need one (the HTTP server does, on PostgreSQL).
          env: async (dataDir?: string): Promise<Record<string, string>> => ({ ...(dataDir === undefined ? {} : { DATA_DIR: dataDir }), DATABASE_URL: await createPostgresDatabase() }),
          open,
          serverEnv: { JWT_SECRET: 'harness-on-postgres-secret-0123456789abcdef' },
        },
      ]
    : []),
];

/**
 * The database every HTTP harness of this run starts on (test/support/http-harness.ts): the
 * entry of TEST_DATABASES that SVC_TEST_DATABASE names (`npm run test:http-on-postgres` sets
 * `postgres`), SQLite otherwise or when the run has no PostgreSQL cluster.
 */
export const HARNESS_DATABASE: TestDatabase = TEST_DATABASES.find((d) => d.name === process.env.SVC_TEST_DATABASE) ?? TEST_DATABASES[0]!;
