import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** What a backup or a restored database holds, as checked after it was written. */
export interface SqliteFileCheck {
  file: string;
  bytes: number;
  /** `ok`, or SQLite's first complaints (PRAGMA integrity_check). */
  integrity: string;
  /** Rows of every table the file holds, by name, read from its own schema (sqlite_master). */
  tables: Record<string, number>;
}

export interface SqliteBackupReport extends SqliteFileCheck {
  source: string;
  pages: number;
  duration_ms: number;
}

/** A refusal the operator can fix (exit 2): a file that exists, a directory in use, not a backup. */
export class SqliteBackupRefusal extends Error {}

/** The table that marks a database as this service's (every dialect's migrations write it). */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * A consistent copy of a live SQLite database, taken with SQLite's online backup API on a
 * connection of its own: the server's connections keep reading and writing meanwhile (WAL).
 * Every page is copied in one backup step, i.e. under one read transaction, so the copy is the
 * database as of one commit and the copy never restarts because a writer committed between
 * steps. The copy is written beside `dest`, switched to a rollback journal (one self-contained
 * file, no -wal), checked, and only then renamed to `dest`. Refuses a `dest` that exists.
 */
export async function backupSqliteFile(source: string, dest: string, now: () => number = Date.now): Promise<SqliteBackupReport> {
  if (!existsSync(source) || statSync(source).size === 0) throw new SqliteBackupRefusal(`no SQLite database at ${source}`);
  if (existsSync(dest)) throw new SqliteBackupRefusal(`${dest} exists; a backup never overwrites a file (choose a new name)`);
  if (!existsSync(dirname(dest))) throw new SqliteBackupRefusal(`the directory ${dirname(dest)} does not exist`);
  const partial = join(dirname(dest), `.${basename(dest)}.partial`);
  rmSync(partial, { force: true });
  const started = now();
  const connection = new BetterSqlite3(source, { fileMustExist: true });
  let pages: number;
  try {
    // A reader waits for no one under WAL; the timeout covers a checkpoint's brief exclusive moments.
    connection.pragma('busy_timeout = 10000');
    if (!hasTable(connection, MIGRATION_TABLE)) throw new SqliteBackupRefusal(`${source} is not this service's database (no ${MIGRATION_TABLE} table)`);
    // better-sqlite3 asks for 0 pages first (the totals), then as many as the callback answers.
    const progress = await connection.backup(partial, { progress: () => 0x7fffffff });
    pages = progress.totalPages;
  } finally {
    connection.close();
  }
  try {
    const copy = new BetterSqlite3(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const check = checkSqliteFile(partial);
    if (check.integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${check.integrity}`);
    renameSync(partial, dest);
    return { source, pages, duration_ms: now() - started, ...check, file: dest };
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Puts a backup in place as the database at `target`, which must not exist yet (nor its -wal):
 * when `target` is the database of a data directory (`emptyDirectory`), that directory must be
 * empty or absent. The backup is checked first, copied beside the target, checked again and
 * renamed into place, so a failed restore leaves no half database behind. Never opens the
 * target through the service's migrations: the restored file is the backup's schema, as taken.
 */
export function restoreSqliteFile(backup: string, target: string, options: { emptyDirectory?: string } = {}): SqliteFileCheck & { backup: string } {
  if (!existsSync(backup) || !statSync(backup).isFile()) throw new SqliteBackupRefusal(`no backup file at ${backup}`);
  const directory = options.emptyDirectory;
  if (directory !== undefined && existsSync(directory)) {
    const present = readdirSync(directory);
    if (present.length > 0) throw new SqliteBackupRefusal(`the data directory ${directory} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}); restore only into an empty or new directory`);
  }
  for (const file of [target, `${target}-wal`, `${target}-journal`]) {
    if (existsSync(file)) throw new SqliteBackupRefusal(`${file} exists; restore only where no database is (move it away first)`);
  }
  let source: SqliteFileCheck;
  try {
    source = checkSqliteFile(backup, { readonly: true });
  } catch (err) {
    throw new SqliteBackupRefusal(`${backup} is not a readable SQLite database: ${(err as Error).message}`);
  }
  if (source.integrity !== 'ok') throw new SqliteBackupRefusal(`${backup} failed its integrity check: ${source.integrity}`);
  if (!(MIGRATION_TABLE in source.tables)) throw new SqliteBackupRefusal(`${backup} is not a backup of this service's database (no ${MIGRATION_TABLE} table)`);
  mkdirSync(dirname(target), { recursive: true });
  const partial = join(dirname(target), `.${basename(target)}.restoring`);
  rmSync(partial, { force: true });
  try {
    // The backup is a closed, self-contained file (rollback journal, no -wal): its bytes are the database.
    copyFileSync(backup, partial);
    const restored = checkSqliteFile(partial);
    if (restored.integrity !== 'ok') throw new Error(`the restored copy failed its integrity check: ${restored.integrity}`);
    // A hard link fails where the target appeared meanwhile: never replace a database.
    linkSync(partial, target);
    return { backup, ...restored, file: target };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Integrity and row counts of a SQLite file, read from its own schema (no table is assumed). */
export function checkSqliteFile(file: string, options: { readonly?: boolean } = {}): SqliteFileCheck {
  const connection = new BetterSqlite3(file, { fileMustExist: true, readonly: options.readonly === true });
  try {
    const complaints = connection.pragma('integrity_check(20)') as { integrity_check: string }[];
    const integrity = complaints.map((row) => row.integrity_check).join('; ');
    const names = connection
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names) tables[name] = connection.prepare(`select count(*) from "${name.replaceAll('"', '""')}"`).pluck().get() as number;
    return { file, bytes: statSync(file).size, integrity, tables };
  } finally {
    connection.close();
  }
}

const hasTable = (connection: BetterSqlite3.Database, name: string): boolean =>
  connection.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(name) !== undefined;
