import { currentArchiveDictionary } from '../sql/archive-dictionary.js';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../sql/database.js';
import { readsOn, type SqlCapabilities, type SqlDatabase, type SqlDialectSchema, type Unavailability, unavailabilityCapabilities } from '../sql/sql-dialect.js';
import { migrateToLatest } from '../sql/migrations/index.js';
import { withUniqueViolations } from '../sql/unique-violation.js';
import * as callsSearch from './migrations/0002-tenancy-calls.pg-search.js';
import * as knowledgeSearch from './migrations/0004-knowledge-agents-workspace.pg-search.js';
import * as knowledgePostings from './migrations/0008-hardening.pg-knowledge-postings.js';
import { postgresArchiveWriter } from './postgres-archive-writer.js';
import { PostgresCallSearch } from './postgres-call-search.js';
import { PostgresKnowledgeIndex } from './postgres-knowledge-index.js';

/**
 * PostgreSQL's schema: the shared migrations' column types (every text column compares byte by
 * byte, `COLLATE "C"`, as SQLite's does), and its own steps (the calls' tsvector, the knowledge
 * postings of ADR 0019, which replaced the knowledge tsvector after 0008 and was recorded as
 * `0009-knowledge-postings` before ADR 0044).
 */
export const POSTGRES_SCHEMA: SqlDialectSchema = {
  dialect: 'pg',
  columnTypes: {
    text: sql`text collate "C"`,
    blob: 'bytea',
    serialKey: 'serial',
    serialKeyOptions: (c) => c.primaryKey(),
  },
  migrations: [
    { parent: '0002-tenancy-calls', name: 'search', formerly: '0002-tenancy-calls-search', migration: callsSearch },
    { parent: '0004-knowledge-agents-workspace', name: 'search', formerly: '0004-knowledge-search', migration: knowledgeSearch },
    { parent: '0008-hardening', name: 'knowledge-postings', formerly: '0009-knowledge-postings', migration: knowledgePostings },
  ],
};

/** One set per open database: the calls search keeps that database's word statistics, the knowledge index its vacuum count. */
export const postgresCapabilities = (): SqlCapabilities => ({
  isUniqueViolation: isPostgresUniqueViolation,
  ...unavailabilityCapabilities(postgresUnavailability),
  callSearch: new PostgresCallSearch(),
  knowledgeIndex: new PostgresKnowledgeIndex(),
  skipLocked: true,
  percentileCont: (column, fraction) => sql<number | null>`percentile_cont(${sql.lit(fraction)}) WITHIN GROUP (ORDER BY ${sql.ref(column)})`,
  orderedRead: { kind: 'order-by' },
  periodCounts: 'filtered',
  durationPercentiles: null,
});

export interface PostgresOptions {
  /** `postgres://user:password@host:port/database?…` */
  connectionString: string;
  /** Connections this process may hold. */
  poolMax?: number;
  /** `statement_timeout` of every connection: a statement running longer is cancelled. */
  statementTimeoutMs?: number;
  /** How long to wait for a connection (new, or free in the pool) before failing. */
  connectTimeoutMs?: number;
  applicationName?: string;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * `count(*)`, `sum()` and bigint columns arrive as strings from pg (they may exceed 2^53).
 * Every such value here is a count far below that, so they are read as numbers, like SQLite's.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * A pg client that never leaves a connection error unheard. The pool listens for errors only
 * on its idle clients: one checked out (a transaction between two statements, a query in
 * flight) whose backend is terminated (57P01, a restart, a failover) or whose socket drops
 * emits `error` with nobody listening, and Node ends the process on it. Here the error is
 * already the failing query's (pg rejects it with the same error) or the next one's (the
 * client is no longer queryable, and the pool discards it when it is released), so the
 * listener has nothing left to do.
 */
class ListenedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }
}

/**
 * Kysely over a pg connection pool, migrated to the latest schema. Migrations run under an
 * advisory lock (Kysely's PostgreSQL adapter takes one), so instances starting together on
 * one database migrate it once, and without the statement timeout requests have.
 */
export async function openPostgresDatabase(options: PostgresOptions): Promise<SqlDatabase> {
  const connection = {
    connectionString: options.connectionString,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    application_name: options.applicationName ?? 'svc-platform',
    types,
    Client: ListenedClient,
  };
  // Migrations run on a connection of their own without a statement timeout: building an
  // index on a large table may take longer than any request should.
  const migrator = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ ...connection, max: 1 }) }) });
  try {
    await migrateToLatest(migrator, POSTGRES_SCHEMA);
  } finally {
    await migrator.destroy();
  }
  const pool = new pg.Pool({
    ...connection,
    max: options.poolMax ?? 10,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    // A transaction left open by a crashed request must not hold its locks for ever.
    idle_in_transaction_session_timeout: Math.max(60_000, options.statementTimeoutMs ?? 10_000),
  });
  // An idle connection that drops (server restart, network) emits here; the pool replaces it.
  pool.on('error', () => {});
  // No JIT compilation: it starts above a plan cost (jit_above_cost), not a run time, and the
  // call analytics' reads of a year by day cross it (a VALUES list of 366 periods joined to
  // calls) to spend 6-11 ms compiling each statement that runs in 25-40 (ADR 0054). The query
  // is queued before any other of the new connection.
  pool.on('connect', (client) => void client.query('SET jit = off').catch(() => {}));
  const capabilities = postgresCapabilities();
  const db = new Kysely<Database>({ dialect: withUniqueViolations(new PostgresDialect({ pool }), capabilities.isUniqueViolation, capabilities.isTransient) });
  const archiveWriter = postgresArchiveWriter(db, await currentArchiveDictionary(db));
  return {
    db,
    capabilities,
    archiveWriter,
    reads: readsOn(db, true),
    async ping() {
      await pool.query('select 1');
      return `ok (postgres; pool ${pool.totalCount - pool.idleCount}/${pool.options.max} busy, ${pool.waitingCount} waiting)`;
    },
    poolUse: () => ({ max: pool.options.max, busy: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await archiveWriter.close();
      await db.destroy();
    },
  };
}

/** SQLSTATE 23505: a unique or primary-key constraint (not 23503 foreign key, 23502 not null, 23514 check). */
export const isPostgresUniqueViolation = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === '23505';

/**
 * SQLSTATEs a retry may cure (ADR 0026), by what they mean:
 * - busy: statement timeout or cancel (57014), serialization failure and deadlock (40001,
 *   40P01), lock not available (55P03), too many connections (53300), a configuration limit (53400);
 * - unreachable: the server shutting down, crashed or starting (57P01–57P03), idle timeouts that
 *   end the session (25P03, 57P05), every connection exception (class 08);
 * - storage: disk full (53100), out of memory (53200), other insufficient resources (class 53),
 *   an I/O or system error (58030, 58000).
 */
const BUSY_SQLSTATES = new Set(['57014', '40001', '40P01', '55P03', '53300', '53400']);
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '25P03']);
const STORAGE_FAILED_SQLSTATES = new Set(['58000', '58030']);
const UNREACHABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * pg's own messages for a connection it lost or could not get, which carry no code: the socket
 * closed ("Connection terminated unexpectedly"), a client whose connection died asked again (a
 * rollback after the failure: "...is not queryable"), the pool's or the socket's timeouts.
 */
const UNREACHABLE_MESSAGE = /Connection terminated|is not queryable|timeout exceeded when trying to connect|connection timeout|Query read timeout/i;

/** What a PostgreSQL or connection error means for the client (see the sets above); null when a retry would not help. */
export function postgresUnavailability(err: unknown): Unavailability | null {
  if (err === null || typeof err !== 'object') return null;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (BUSY_SQLSTATES.has(code)) return 'busy';
    if (UNREACHABLE_SQLSTATES.has(code) || code.startsWith('08') || UNREACHABLE_NODE_CODES.has(code)) return 'unreachable';
    if (code === '53100' || code === 'ENOSPC') return 'storage-full';
    if (STORAGE_FAILED_SQLSTATES.has(code) || code.startsWith('53')) return 'storage-failed';
  }
  return typeof message === 'string' && UNREACHABLE_MESSAGE.test(message) ? 'unreachable' : null;
}

/** A PostgreSQL or connection error worth a retry: one `postgresUnavailability` names. */
export const isTransientPostgresError = (err: unknown): boolean => postgresUnavailability(err) !== null;
