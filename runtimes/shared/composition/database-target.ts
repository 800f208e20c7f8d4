import { postgresSchemaExists, redactedConnectionString } from '../../../adapters/postgres/postgres-probe.js';
import { sqliteDatabaseExists } from '../../../adapters/sqlite/sqlite-probe.js';
import type { Config } from '../settings/config.js';

/** Which database a configuration selects, said without opening (or creating) it. */
export interface DatabaseTarget {
  /** For people: `SQLite file /srv/data/svc.sqlite`, `PostgreSQL postgres://svc:***@db/svc`. */
  label: string;
  /** Whether it already holds data; a file `openDatabase` would create does not. */
  exists(): Promise<boolean>;
  /** False for a database in memory: nothing outlives the process, so nothing needs an init. */
  persistent: boolean;
}

/** The database `openDatabase(config)` opens (same rules: DATABASE_URL, else DATA_DIR). */
export function databaseTarget(config: Config): DatabaseTarget {
  const url = config.databaseUrl;
  if (config.database.dialect === 'postgres') {
    return {
      label: `PostgreSQL ${redactedConnectionString(url!)}`,
      exists: () => postgresSchemaExists(url!, config.database.connectTimeoutMs),
      persistent: true,
    };
  }
  const filename = sqliteFilenameOf(config);
  if (filename === ':memory:') return { label: 'SQLite in memory', exists: async () => false, persistent: false };
  return { label: `SQLite file ${filename}`, exists: async () => sqliteDatabaseExists(filename), persistent: true };
}

/** The SQLite file a configuration selects: `sqlite:PATH`, else `svc.sqlite` in DATA_DIR. */
export function sqliteFilenameOf(config: Config): string {
  // loadConfig accepts only postgres URLs, `sqlite:PATH` or nothing.
  const url = config.databaseUrl;
  return url === undefined ? config.sqliteFile : url.slice('sqlite:'.length);
}
