import BetterSqlite3 from 'better-sqlite3';
import { addSqliteFunctions } from './sqlite-functions.js';

/** The WAL's size after a restart (ADR 0027): about a second of writes at the service's peak. */
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/** A SQLite file as each of the process's connections opens it (the main one and its workers). */
export interface SqliteFile {
  filename: string;
  /** Milliseconds a writer waits for a lock held by another connection or process before failing. */
  busyTimeoutMs: number;
  /**
   * The most bytes the file may grow to: SQLite's `max_page_count`, which is per connection, so
   * every connection of the file sets it. A write past it fails with SQLITE_FULL, the code SQLite
   * also answers when the disk is full (ENOSPC).
   */
  maxSizeBytes?: number;
}

/**
 * One connection with the service's settings: WAL journal, `synchronous = NORMAL`, foreign keys,
 * the busy timeout, the WAL's size limit, the service's own functions (sqlite-functions.ts). `checkpointedElsewhere`: SQLite's automatic checkpoint is off on this
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
  if (file.maxSizeBytes !== undefined) {
    const pageSize = native.pragma('page_size', { simple: true }) as number;
    native.pragma(`max_page_count = ${Math.max(1, Math.floor(file.maxSizeBytes / pageSize))}`);
  }
  // A WAL that a burst of writes grew is cut back to this size when the writers restart it
  // from its start (after a checkpoint copied it all), instead of keeping its largest size.
  native.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  addSqliteFunctions(native);
  return native;
}
