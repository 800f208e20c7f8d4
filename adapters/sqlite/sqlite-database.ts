import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, sql } from 'kysely';
import type { Database } from '../sql/database.js';
import { readsOn, type SqlCapabilities, type SqlDatabase, type SqlDialectSchema, type Unavailability, unavailabilityCapabilities } from '../sql/sql-dialect.js';
import { migrateToLatest } from '../sql/migrations/index.js';
import { withUniqueViolations } from '../sql/unique-violation.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import { currentArchiveDictionary } from '../sql/archive-dictionary.js';
import { kyselyArchiveWriter } from '../sql/archive-writer.js';
import { SqliteArchiveWriter } from './sqlite-archive-writer.js';
import { SqliteCheckpointer } from './sqlite-checkpointer.js';
import { SqliteReaders } from './sqlite-readers.js';
import { openSqliteConnection, type SqliteFile } from './sqlite-connection.js';
import { nonBlockingSqliteDialect } from './sqlite-driver.js';
import * as callsFts from './migrations/0002-tenancy-calls.sqlite-fts.js';
import * as knowledgeFts from './migrations/0004-knowledge-agents-workspace.sqlite-fts.js';
import * as combinations from './migrations/0017-call-stats-histograms.sqlite-combinations.js';
import { sqliteCallSearch } from './sqlite-call-search.js';
import { sqliteKnowledgeIndex } from './sqlite-knowledge-index.js';


/** SQLite's schema: the shared migrations' column types, and its own steps (the FTS5 indexes, the call analytics' index by channel, direction and status). */
export const SQLITE_SCHEMA: SqlDialectSchema = {
  dialect: 'sqlite',
  columnTypes: {
    text: 'text',
    blob: 'blob',
    serialKey: 'integer',
    serialKeyOptions: (c) => c.primaryKey().autoIncrement(),
  },
  migrations: [
    { parent: '0002-tenancy-calls', name: 'fts', formerly: '0002-tenancy-calls-fts', migration: callsFts },
    { parent: '0004-knowledge-agents-workspace', name: 'fts', formerly: '0004-knowledge-fts', migration: knowledgeFts },
    { parent: '0017-call-stats-histograms', name: 'combinations', migration: combinations },
  ],
};

/**
 * Reader threads of a file (ADR 0051): the call analytics' three reads of a request run on two
 * cores; more would hold more connections' caches for concurrent requests only.
 */
const READER_THREADS = 2;

export interface SqliteOptions {
  /** File path, or `:memory:`. */
  filename: string;
  /**
   * Milliseconds a writer waits for a lock held by another process (svc-admin) before failing
   * with SQLITE_BUSY: in the archive and checkpoint workers inside SQLite, on the main
   * connection on timers (the event loop keeps serving meanwhile).
   */
  busyTimeoutMs?: number;
  /** The most bytes the file may grow to (`max_page_count` on every connection); a write past it fails with SQLITE_FULL, as on a full disk. */
  maxSizeBytes?: number;
  /** A file's WAL is checkpointed from a worker thread this often (ADR 0025); 1,000 ms by default. */
  checkpointIntervalMs?: number;
}

const codeOf = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;

/**
 * What a SQLite (or file system) error means for the client (ADR 0026), by result code, the
 * extended codes included (SQLITE_IOERR_WRITE is an SQLITE_IOERR):
 * - busy: a writer waited the busy timeout for another process's lock (SQLITE_BUSY, SQLITE_LOCKED);
 * - storage-full: the disk is full or the database reached its size limit (SQLITE_FULL, which
 *   SQLite also answers when a write fails with ENOSPC; ENOSPC and EDQUOT from Node's own writes);
 * - storage-failed: an I/O error, a file made read-only, out of memory, a file it cannot open.
 * Null otherwise (a constraint, a corrupt file, a bug): a retry would not help.
 */
export function sqliteUnavailability(err: unknown): Unavailability | null {
  const code = codeOf(err);
  if (typeof code !== 'string') return null;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'storage-full';
  if (/^SQLITE_(IOERR|READONLY|NOMEM|CANTOPEN)/.test(code) || code === 'EIO' || code === 'EROFS') return 'storage-failed';
  return null;
}

/** A SQLite error worth a retry: one `sqliteUnavailability` names. */
export const isTransientSqliteError = (err: unknown): boolean => sqliteUnavailability(err) !== null;

/** better-sqlite3's extended result codes of a UNIQUE or PRIMARY KEY constraint (not NOT NULL, CHECK or FOREIGN KEY). */
export const isSqliteUniqueViolation = (err: unknown): boolean => codeOf(err) === 'SQLITE_CONSTRAINT_UNIQUE' || codeOf(err) === 'SQLITE_CONSTRAINT_PRIMARYKEY';

export const SQLITE_CAPABILITIES: SqlCapabilities = {
  isUniqueViolation: isSqliteUniqueViolation,
  ...unavailabilityCapabilities(sqliteUnavailability),
  callSearch: sqliteCallSearch,
  knowledgeIndex: sqliteKnowledgeIndex,
  skipLocked: false,
  percentileCont: (column, fraction) => sql<number | null>`percentile_cont(${sql.ref(column)}, ${sql.lit(fraction)})`,
  orderedRead: { kind: 'hint', indexedBy: (index) => sql`INDEXED BY ${sql.id(index)}` },
  periodCounts: 'combination-ranges',
  durationPercentiles: (list) => sql<string | null>`duration_percentiles(${list})`,
};

/** Kysely over better-sqlite3: WAL journal, foreign keys on, migrated to the latest schema. */
export async function openSqliteDatabase(options: SqliteOptions): Promise<SqlDatabase> {
  // A file's archive is written by a worker thread on its own connection (WAL lets the main
  // connection read meanwhile), and its WAL checkpointed by another, never inside a commit; a
  // database in memory exists on this connection only (ADR 0025).
  const onFile = options.filename !== ':memory:';
  if (onFile) mkdirSync(dirname(options.filename), { recursive: true });
  const file: SqliteFile = { filename: options.filename, busyTimeoutMs: options.busyTimeoutMs ?? 5000, maxSizeBytes: options.maxSizeBytes };
  // The event loop's connection never sleeps in SQLite's busy handler: its driver waits for
  // another process's write lock on timers, reads meanwhile (ADR 0027).
  const native = openSqliteConnection(file, { checkpointedElsewhere: onFile, onEventLoop: true });
  const dialect = nonBlockingSqliteDialect(withStatementCache(native), file.busyTimeoutMs);
  const db = new Kysely<Database>({ dialect: withUniqueViolations(dialect, SQLITE_CAPABILITIES.isUniqueViolation, SQLITE_CAPABILITIES.isTransient) });
  await migrateToLatest(db, SQLITE_SCHEMA);
  const checkpointer = onFile ? new SqliteCheckpointer(file, options.checkpointIntervalMs ?? 1000) : undefined;
  const dictionary = await currentArchiveDictionary(db);
  const archiveWriter = onFile ? new SqliteArchiveWriter(file, dictionary, isSqliteUniqueViolation) : kyselyArchiveWriter(db, dictionary);
  const readers = onFile ? new SqliteReaders(file, READER_THREADS) : undefined;
  return {
    db,
    capabilities: SQLITE_CAPABILITIES,
    archiveWriter,
    reads: readers ?? readsOn(db, false),
    async ping() {
      native.prepare('select 1').get();
      return 'ok (sqlite)';
    },
    // One synchronous connection: no statement runs while this is read.
    poolUse: () => ({ max: 1, busy: 0, idle: 1, waiting: 0 }),
    async close() {
      await archiveWriter.close();
      await readers?.close();
      await checkpointer?.close();
      await db.destroy();
    },
  };
}
