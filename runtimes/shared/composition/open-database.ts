import { openPostgresDatabase } from '../../../adapters/postgres/postgres-database.js';
import type { SqlDatabase } from '../../../adapters/sql/database.js';
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database.js';
import type { Config } from '../config.js';

/**
 * The embedded default is SQLite in DATA_DIR; DATABASE_URL selects another database:
 * `sqlite:PATH`, or `postgres://…` / `postgresql://…` (several instances may share it).
 */
export async function openDatabase(config: Config): Promise<SqlDatabase> {
  const url = config.databaseUrl;
  if (url === undefined || url === '') {
    return openSqliteDatabase({ filename: config.sqliteFile, busyTimeoutMs: config.database.statementTimeoutMs });
  }
  if (url.startsWith('sqlite:')) {
    return openSqliteDatabase({ filename: url.slice('sqlite:'.length), busyTimeoutMs: config.database.statementTimeoutMs });
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return openPostgresDatabase({
      connectionString: url,
      poolMax: config.database.poolMax,
      statementTimeoutMs: config.database.statementTimeoutMs,
      connectTimeoutMs: config.database.connectTimeoutMs,
      applicationName: config.database.applicationName,
    });
  }
  throw new Error(`DATABASE_URL scheme not supported: ${url.split(':')[0]} (use postgres://…, sqlite:PATH, or leave it unset for SQLite in DATA_DIR).`);
}
