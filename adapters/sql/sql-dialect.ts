import type { ColumnDataType, ColumnDefinitionBuilder, CompiledQuery, Expression, Kysely, Migration, RawBuilder, SqlBool } from 'kysely';
import type { SearchTerm } from '../../core/shared/search-query.js';
import type { Chunk, SearchHit } from '../../core/knowledge/knowledge.model.js';
import type { ArchiveWriter } from './archive-writer.js';
import type { CallSummaryRow } from './calls.tables.js';
import type { Database } from './database.js';

/*
 * The dialect seam: everything a SQL database adapter (adapters/sqlite, adapters/postgres)
 * declares and the shared code (the stores and migrations of adapters/sql) composes, in one
 * place, as Kysely's own `Dialect` is one interface. Nothing above the adapters asks which
 * database runs (ADR 0044).
 */

/** The text of a stored call, handed to the dialect's full-text index. */
export interface CallText {
  seq: number;
  started_at: string;
  summary: string;
  transcript: string;
}

/** One page of a text search, as `SqlCallTextSearch.page` receives it. */
export interface CallSearchPage {
  terms: SearchTerm[];
  /** Every other condition of the list (tenant, filters, cursor), on table `calls`. */
  where: Expression<SqlBool>;
  /** Bounds on started_at the dialect may use to narrow its scan (already part of `where`). */
  startedFrom?: string;
  startedBefore?: string;
  after: { started_at: string; call_id: string } | null;
  limit: number;
}

/** Full-text search over calls, as each dialect does it (SQLite FTS5, PostgreSQL tsvector). */
export interface SqlCallTextSearch {
  /** Indexes freshly inserted calls, inside the caller's transaction. */
  index(db: Kysely<Database>, rows: CallText[]): Promise<void>;
  /** Calls whose transcript or summary has every term and that meet `where`, in list order. */
  page(db: Kysely<Database>, query: CallSearchPage): Promise<CallSummaryRow[]>;
  /** Reorganises the index after a bulk load, so that searches read one segment. */
  compact(db: Kysely<Database>): Promise<void>;
  /** Removes the index entries of calls about to be deleted, inside the caller's transaction. */
  unindex(db: Kysely<Database>, seqs: number[]): Promise<void>;
  /** A condition on table `calls`: the call's transcript or summary has every term (aggregates over a search). */
  matches(terms: SearchTerm[]): Expression<SqlBool>;
}

/**
 * The knowledge store's full-text index over the chunks of its documents, as each dialect keeps
 * it (SQLite: FTS5; PostgreSQL: BM25 over posting lists, ADR 0019). It only indexes:
 * `SqlKnowledgeStore` holds the documents, changes their status and writes the outbox, and
 * calls the index inside its own transactions, as `SqlCallRepository` composes `callSearch`.
 */
export interface SqlKnowledgeIndex {
  /** Replaces the item's chunks and their index entries, inside the caller's transaction (the item marked indexed). */
  replace(trx: Kysely<Database>, tenantId: string, itemId: string, chunks: Chunk[]): Promise<void>;
  /** Removes the item's chunks and their index entries, inside the caller's transaction (the item's delete). */
  unindex(trx: Kysely<Database>, tenantId: string, itemId: string): Promise<void>;
  /** Once every item of the tenant is unindexed: removes what the index keeps per tenant (a tenant's offboarding). */
  forgetTenant(trx: Kysely<Database>, tenantId: string): Promise<void>;
  /** The tenant's best chunks for any of the terms, best first (BM25). */
  search(db: Kysely<Database>, tenantId: string, terms: SearchTerm[], limit: number): Promise<SearchHit[]>;
  /**
   * After a `replace` committed, outside any transaction: the index's upkeep, if it has any
   * (PostgreSQL vacuums its postings after many writes). Never fails the change it follows.
   */
  settle(db: Kysely<Database>): Promise<void>;
}

/**
 * Why the database cannot serve a request now (ADR 0026). Each is answered 503 with
 * `Retry-After`; none is the client's fault, and the request's changes were rolled back.
 * - `busy`: a lock, a timeout, a serialization conflict, too many connections;
 * - `unreachable`: the connection was refused or lost (a restart, a failover, a terminated backend);
 * - `storage-full`: the disk or the database's size limit is full (SQLITE_FULL, ENOSPC, 53100);
 * - `storage-failed`: the storage failed (an I/O error, a read-only file, out of memory).
 */
export type Unavailability = 'busy' | 'unreachable' | 'storage-full' | 'storage-failed';

/** The dialect's classification made the two capabilities: `isTransient` is `unavailability` not null. */
export const unavailabilityCapabilities = (classify: (err: unknown) => Unavailability | null): Pick<SqlCapabilities, 'isTransient' | 'unavailability'> => ({
  isTransient: (err) => classify(err) !== null,
  unavailability: classify,
});

/**
 * What differs between SQL databases, declared by each dialect adapter and composed into the
 * shared stores: nothing above the adapters asks which database runs.
 */
export interface SqlCapabilities {
  /**
   * Whether an error of this database's driver is a unique or primary-key violation. Applied
   * once, to every query of the open database (`withUniqueViolations`): the shared stores see
   * a `UniqueViolation` and answer a domain `conflict`.
   */
  isUniqueViolation(err: unknown): boolean;
  /**
   * Whether an error of this database is transient (busy, timed out, unreachable, restarting,
   * out of space or failing storage): worth a retry by the client, a 503 rather than a 500.
   * Exactly the errors `unavailability` names.
   */
  isTransient(err: unknown): boolean;
  /** What a transient error means (the 503's problem document names it); null when it is not transient. */
  unavailability(err: unknown): Unavailability | null;
  callSearch: SqlCallTextSearch;
  /** The full-text index over knowledge chunks that `SqlKnowledgeStore` composes. */
  knowledgeIndex: SqlKnowledgeIndex;
  /**
   * The aggregate "continuous percentile `fraction` of the number column `column`" (linear
   * interpolation, null over no rows): PostgreSQL's ordered-set `percentile_cont(f) WITHIN
   * GROUP (ORDER BY c)`, SQLite's `percentile_cont(c, f)` (its percentile extension).
   */
  percentileCont(column: string, fraction: number): RawBuilder<number | null>;
  /**
   * How a read gets its rows in the order of an index that holds them so (ADR 0051). `hint`:
   * the planner cannot weigh that index (SQLite, without statistics), so the store names it
   * (`indexedBy`: what follows the table in `FROM`, `INDEXED BY`) where it judges the order
   * pays. `order-by`: the planner weighs an index's order against a sort by its statistics
   * (PostgreSQL), so the store asks for the order (`ORDER BY` in a subquery) and it chooses.
   */
  orderedRead: { kind: 'hint'; indexedBy(index: string): RawBuilder<unknown> } | { kind: 'order-by' };
  /**
   * How the call analytics count a period's calls by channel, direction and status (ADR 0057).
   * `combination-ranges`: each (period, channel × direction × status) is one range of an index
   * led by those columns, read in the order of a sorted VALUES list, so a count and a sum per
   * range give every count (SQLite: ~12 ms for a year of 100,000 calls against ~27 for the
   * filtered counts). `filtered`: `count(*) FILTER (WHERE …)` in the pass over each period
   * (PostgreSQL, whose planner scans the window per range: ~490 ms for the same year).
   */
  periodCounts: 'filtered' | 'combination-ranges';
  /**
   * The continuous p50 and p90 of a list of durations (`string_agg` of whole seconds), as text
   * `p50,p90`, computed by the database where the statement runs (ADR 0058): SQLite's connections
   * have the service's `duration_percentiles` (its reader threads then do the work). Null: the
   * database returns the list and the store computes them (PostgreSQL, whose lists the pool hands
   * to the event loop either way).
   */
  durationPercentiles: ((list: RawBuilder<string | null>) => RawBuilder<string | null>) | null;
  /**
   * `SELECT … FOR UPDATE SKIP LOCKED`: concurrent claimers (the webhook dispatchers of several
   * instances) pass over each other's rows instead of waiting on them. Without it (SQLite, one
   * writer at a time) the conditional UPDATE alone keeps each row to one claimer.
   */
  skipLocked: boolean;
}

/**
 * Read-only statements that may run away from the connection the writes use, several at once
 * where the database allows it (ADR 0051): on PostgreSQL, connections of the pool; on a SQLite
 * file, worker threads with read-only connections of their own (a long aggregate then holds
 * neither the event loop nor the main connection, and two run on two cores); in a SQLite
 * database in memory, its one connection. Each statement sees the database as of its own start.
 */
export interface SqlReads {
  /** Whether statements sent together run at once (worth splitting a long read into several). */
  readonly concurrent: boolean;
  /** The rows of a compiled read-only query (a statement that writes is refused). */
  all<R>(query: CompiledQuery<R>): Promise<R[]>;
}

/** `SqlReads` on a Kysely instance: its pool's connections (`concurrent`), or its one connection. */
export const readsOn = (db: Kysely<Database>, concurrent: boolean): SqlReads => ({
  concurrent,
  all: async <R>(query: CompiledQuery<R>) => (await db.executeQuery(query)).rows,
});

/** An open, migrated database of either dialect, as the composition root holds it. */
export interface SqlDatabase {
  db: Kysely<Database>;
  capabilities: SqlCapabilities;
  /** Long read-only statements (the call analytics), off the event loop where the database allows. */
  reads: SqlReads;
  /** Writes the verification archive and its meter (on `db`, or on a worker thread's connection). */
  archiveWriter: ArchiveWriter;
  /** Cheap round trip for readiness checks; resolves to a short description. */
  ping(): Promise<string>;
  /** Connections of the pool now (SQLite: its one connection, never busy between statements). */
  poolUse(): { max: number; busy: number; idle: number; waiting: number };
  close(): Promise<void>;
}

type DataTypeExpression = ColumnDataType | Expression<unknown>;

/**
 * Column types of the shared migrations, as each dialect spells them (a capability of its
 * schema, never a test of the Kysely adapter's class). On PostgreSQL every text column compares
 * byte by byte (`COLLATE "C"`), as SQLite's text does: list order and keyset cursors
 * (`(started_at, call_id) < (…)`) must not depend on the server's locale.
 */
export interface ColumnTypes {
  text: DataTypeExpression;
  blob: DataTypeExpression;
  /** An auto-numbered integer primary key: `integer … autoincrement` or `serial`. */
  serialKey: DataTypeExpression;
  serialKeyOptions(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

/**
 * A dialect's own schema step (a full-text index, a column only it has), completing one shared
 * migration: it runs straight after `parent`, under the name `<parent>.<dialect>-<name>`, which
 * sorts there whatever number the next shared migration takes. `formerly` is the name it was
 * recorded under before (databases migrated then are renamed on open, ADR 0044).
 */
export interface DialectMigration {
  parent: string;
  name: string;
  formerly?: string;
  migration: Migration;
}

/** What a dialect brings to the shared schema: its name in migration names, its column types, its own steps. */
export interface SqlDialectSchema {
  dialect: string;
  columnTypes: ColumnTypes;
  migrations: readonly DialectMigration[];
}
