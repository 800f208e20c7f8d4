import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** The slice of better-sqlite3 this cache uses (declared here, not taken from the vendor types). */
export interface NativeSqlite {
  prepare(sql: string): SqliteStatement & { busy: boolean };
  close(): void;
}

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs more than running a
 * short indexed query. This wrapper keeps prepared statements by SQL text (Kysely's SQL is
 * parameterised, so the set of texts is small), up to `max`, oldest evicted first. A statement
 * still iterating (a streamed query) is never handed out twice: a fresh one is prepared.
 */
export function withStatementCache(native: NativeSqlite, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement & { busy: boolean }>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = native.prepare(sql);
      if (!cached) {
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
    close() {
      cache.clear();
      native.close();
    },
  };
}
