import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database, SqlCapabilities } from '../sql/database.js';
import { migrateToLatest } from '../sql/migrations/index.js';

export interface SqliteOptions {
  /** File path, or `:memory:`. */
  filename: string;
  /** Milliseconds a writer waits for a lock held by another process (svc-admin) before failing. */
  busyTimeoutMs?: number;
}

export interface SqlDatabase {
  db: Kysely<Database>;
  capabilities: SqlCapabilities;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Kysely over better-sqlite3: WAL journal, foreign keys on, migrated to the latest schema. */
export async function openSqliteDatabase(options: SqliteOptions): Promise<SqlDatabase> {
  if (options.filename !== ':memory:') mkdirSync(dirname(options.filename), { recursive: true });
  const native = new BetterSqlite3(options.filename);
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  native.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
  await migrateToLatest(db);
  return {
    db,
    capabilities: { dialect: 'sqlite' },
    async ping() {
      native.prepare('select 1').get();
    },
    async close() {
      await db.destroy();
    },
  };
}
