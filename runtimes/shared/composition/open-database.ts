import { openPostgresDatabase } from '../../../adapters/postgres/postgres-database.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database.js';
import type { Config } from '../settings/config.js';
import { sqliteFilenameOf } from './database-target.js';

/**
 * The embedded default is SQLite in DATA_DIR; DATABASE_URL selects another database:
 * `sqlite:PATH`, or `postgres://…` / `postgresql://…` (several instances may share it).
 */
export async function openDatabase(config: Config): Promise<SqlDatabase> {
  const url = config.databaseUrl;
  if (config.database.dialect === 'postgres') {
    return openPostgresDatabase({
      connectionString: url!,
      poolMax: config.database.poolMax,
      statementTimeoutMs: config.database.statementTimeoutMs,
      connectTimeoutMs: config.database.connectTimeoutMs,
      applicationName: config.database.applicationName,
    });
  }
  return openSqliteDatabase({ filename: sqliteFilenameOf(config), busyTimeoutMs: config.database.statementTimeoutMs, maxSizeBytes: config.database.sqliteMaxSizeBytes || undefined });
}
