import { openSqliteDatabase, type SqlDatabase } from '../../../adapters/sqlite/sqlite-database.js';
import type { Config } from '../config.js';

/** The embedded default is SQLite in DATA_DIR; DATABASE_URL selects another database. */
export async function openDatabase(config: Config): Promise<SqlDatabase> {
  if (config.databaseUrl === undefined || config.databaseUrl === '') {
    return openSqliteDatabase({ filename: config.sqliteFile });
  }
  if (config.databaseUrl.startsWith('sqlite:')) {
    return openSqliteDatabase({ filename: config.databaseUrl.slice('sqlite:'.length) });
  }
  throw new Error(`DATABASE_URL scheme not supported yet: ${config.databaseUrl.split(':')[0]} (use sqlite:PATH or leave it unset).`);
}
