import BetterSqlite3 from 'better-sqlite3';

/** A SQLite file as each of the process's connections opens it (the main one and its workers). */
export interface SqliteFile {
  filename: string;
  /** Milliseconds a writer waits for a lock held by another connection or process before failing. */
  busyTimeoutMs: number;
}

/**
 * One connection with the service's settings: WAL journal, `synchronous = NORMAL`, foreign keys,
 * the busy timeout. `checkpointedElsewhere`: SQLite's automatic checkpoint is off on this
 * connection, because the checkpointer thread copies the WAL back (ADR 0025). `onEventLoop`:
 * the main thread's connection, whose busy timeout is 0 because a wait inside SQLite would
 * block the event loop; its driver waits for locks on timers instead (sqlite-driver.ts, ADR 0027).
 */
export function openSqliteConnection(file: SqliteFile, options: { checkpointedElsewhere: boolean; onEventLoop?: boolean }): BetterSqlite3.Database {
  const native = new BetterSqlite3(file.filename);
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  native.pragma(`busy_timeout = ${options.onEventLoop ? 0 : file.busyTimeoutMs}`);
  if (options.checkpointedElsewhere) native.pragma('wal_autocheckpoint = 0');
  return native;
}
