import { currentArchiveDictionary } from '../sql/archive-dictionary.js';
import { kyselyArchiveWriter } from '../sql/archive-writer.js';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database, SqlCapabilities, SqlDatabase } from '../sql/database.js';
import { migrateToLatest } from '../sql/migrations/index.js';
import { withUniqueViolations } from '../sql/unique-violation.js';
import * as m0002search from './migrations/0002-tenancy-calls-search.js';
import * as m0004search from './migrations/0004-knowledge-search.js';
import * as m0009postings from './migrations/0009-knowledge-postings.js';
import { PostgresCallSearch } from './postgres-call-search.js';
import { PostgresKnowledgeIndex } from './postgres-knowledge.store.js';

/** PostgreSQL's own migration steps, run with the shared ones (named to sort right after them). */
export const POSTGRES_MIGRATIONS = { '0002-tenancy-calls-search': m0002search, '0004-knowledge-search': m0004search, '0009-knowledge-postings': m0009postings };

/** One set per open database: the calls search keeps that database's word statistics, the knowledge index its vacuum count. */
export const postgresCapabilities = (): SqlCapabilities => ({
  isUniqueViolation: isPostgresUniqueViolation,
  isTransient: isTransientPostgresError,
  callSearch: new PostgresCallSearch(),
  knowledgeIndex: new PostgresKnowledgeIndex(),
  skipLocked: true,
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
  };
  // Migrations run on a connection of their own without a statement timeout: building an
  // index on a large table may take longer than any request should.
  const migrator = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ ...connection, max: 1 }) }) });
  try {
    await migrateToLatest(migrator, POSTGRES_MIGRATIONS);
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
  const capabilities = postgresCapabilities();
  const db = new Kysely<Database>({ dialect: withUniqueViolations(new PostgresDialect({ pool }), capabilities.isUniqueViolation) });
  const archiveWriter = kyselyArchiveWriter(db, await currentArchiveDictionary(db));
  return {
    db,
    capabilities,
    archiveWriter,
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
 * SQLSTATEs a retry may cure: statement timeout or cancel (57014), the server shutting down or
 * starting (57P01–57P03), too many connections (53300), lost connections (class 08),
 * serialization failure and deadlock (40001, 40P01), lock not available (55P03).
 */
const TRANSIENT_SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '53300', '40001', '40P01', '55P03']);
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** A PostgreSQL or connection error worth a retry (see TRANSIENT_SQLSTATES); pg's pool and client messages too. */
export function isTransientPostgresError(err: unknown): boolean {
  if (err === null || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || TRANSIENT_NODE_CODES.has(code))) return true;
  return typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated|connection timeout/i.test(message);
}
