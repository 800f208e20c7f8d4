import type { Expression, Generated, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { ArchiveWriter } from './archive-writer.js';
import type { SearchTerm } from '../../core/shared/search-query.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import type { Chunk, SearchHit } from '../../core/knowledge/knowledge.model.js';
import type { OperatorResearchTables } from './operator-research.tables.js';
import type { ResearchOrderTables } from './research-order.tables.js';
import type { StewardshipTables } from './stewardship.tables.js';
import type { WebhookTables } from './webhook.tables.js';

/** Tables as Kysely sees them. Shared by every SQL dialect adapter. */
export interface Database extends OperatorResearchTables, ResearchOrderTables, WebhookTables, StewardshipTables {
  api_keys: ApiKeysTable;
  verification_archive: VerificationArchiveTable;
  archive_dictionaries: ArchiveDictionariesTable;
  verification_usage: VerificationUsageTable;
  tenants: TenantsTable;
  users: UsersTable;
  calls: CallsTable;
  knowledge_items: KnowledgeItemsTable;
  knowledge_chunks: KnowledgeChunksTable;
  knowledge_sync_runs: KnowledgeSyncRunsTable;
  agents: AgentsTable;
  agent_versions: AgentVersionsTable;
  workspaces: WorkspacesTable;
}

export interface KnowledgeItemsTable {
  tenant_id: string;
  item_id: string;
  title: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  status: string;
  error: string | null;
  created_at: string;
  indexed_at: string | null;
  content: Uint8Array;
}

export interface KnowledgeChunksTable {
  /** The full-text index's rowid. */
  chunk_seq: Generated<number>;
  tenant_id: string;
  item_id: string;
  chunk_index: number;
  text: string;
}

export interface KnowledgeSyncRunsTable {
  sync_id: string;
  tenant_id: string;
  status: string;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  documents_indexed: number;
  documents_failed: number;
  chunks: number;
  /** The runner holding the run (unique per process); null until first claimed. */
  lease_owner: string | null;
  /** ISO instant; once past, another runner may take the running run over. */
  lease_expires_at: string | null;
}

export interface AgentsTable {
  agent_id: string;
  tenant_id: string;
  version: number;
  updated_at: string;
  /** The writable settings (AgentSettings) as JSON. */
  settings_json: string;
}

export type AgentVersionsTable = AgentsTable;

export interface WorkspacesTable {
  tenant_id: string;
  name: string;
  timezone: string;
  locale: string;
  retention_days: number;
}

export interface ApiKeysTable {
  key_id: string;
  key_hash: string;
  label: string;
  per_minute: number;
  created_at: string;
  revoked_at: string | null;
  /** `production`, `pilot` (free until `plan_until`, a day) or `custom` (`price_list_json`). */
  plan: string;
  plan_until: string | null;
  price_list_json: string | null;
}

/** A served verification, compact (migration 0010, adapters/sql/archive-codec.ts). */
export interface VerificationArchiveTable {
  request_id: string;
  served_at: string;
  tier: string;
  key_id: string | null;
  /** What the listing of billed requests shows, in plain columns. */
  verdict: string;
  subject_artist: string;
  subject_title: string;
  /** The `archive_dictionaries` row `body` was deflated against. */
  dictionary_id: number;
  /** The request's and the response's JSON texts as served, deflated. */
  body: Uint8Array;
}

/** Text every archived response repeats, stored once: the preset dictionaries of `body`. */
export interface ArchiveDictionariesTable {
  dictionary_id: Generated<number>;
  sha256: string;
  content: Uint8Array;
}

export interface VerificationUsageTable {
  /** `sandbox` for the keyless tier, else the production key id. */
  meter_id: string;
  month: string;
  served_calls: number;
}

export interface TenantsTable {
  tenant_id: string;
  name: string;
  created_at: string;
}

export interface UsersTable {
  user_id: string;
  tenant_id: string;
  /** Normalised (lower case); unique across tenants. */
  email: string;
  role: string;
  password_hash: string;
  created_at: string;
  /** ISO instant the user was disabled at; null while enabled. */
  disabled_at: string | null;
}

export interface CallsTable {
  /** Row number: the key the text index refers to. */
  seq: Generated<number>;
  tenant_id: string;
  call_id: string;
  agent_id: string | null;
  channel: string;
  direction: string;
  status: string;
  caller: string;
  /** Normalised ISO instant (`…T…​.mmmZ`): sorts as text in time order. */
  started_at: string;
  ended_at: string;
  duration_seconds: number;
  summary: string | null;
  transcript_json: string;
  metadata_json: string;
}

/** The text of a stored call, handed to the dialect's full-text index. */
export interface CallText {
  seq: number;
  started_at: string;
  summary: string;
  transcript: string;
}

/** The list item's columns, as every call query selects them. */
export const CALL_SUMMARY_COLUMNS = [
  'call_id',
  'agent_id',
  'channel',
  'direction',
  'status',
  'caller',
  'started_at',
  'ended_at',
  'duration_seconds',
  'summary',
] as const;
export type CallSummaryRow = Pick<CallsTable, (typeof CALL_SUMMARY_COLUMNS)[number]>;

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
 * it (SQLite: FTS5; PostgreSQL: BM25 over posting lists, ADR 0019). `SqlKnowledgeStore` holds
 * the documents and composes the dialect's index, as `SqlCallRepository` composes `callSearch`.
 */
export interface SqlKnowledgeIndex {
  /**
   * Marks the item indexed and replaces its chunks and their index entries, with `events` into
   * the outbox, as one atomic change and only while the item exists; false when it does not.
   */
  markIndexed(db: Kysely<Database>, tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string, events: readonly OutboxEvent[]): Promise<boolean>;
  /** Removes the item's chunks and their index entries, inside the caller's transaction (the item's delete). */
  unindex(trx: Kysely<Database>, tenantId: string, itemId: string): Promise<void>;
  /** Once every item of the tenant is unindexed: removes what the index keeps per tenant (a tenant's offboarding). */
  forgetTenant(trx: Kysely<Database>, tenantId: string): Promise<void>;
  /** The tenant's best chunks for any of the terms, best first (BM25). */
  search(db: Kysely<Database>, tenantId: string, terms: SearchTerm[], limit: number): Promise<SearchHit[]>;
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
   * `SELECT … FOR UPDATE SKIP LOCKED`: concurrent claimers (the webhook dispatchers of several
   * instances) pass over each other's rows instead of waiting on them. Without it (SQLite, one
   * writer at a time) the conditional UPDATE alone keeps each row to one claimer.
   */
  skipLocked: boolean;
  /**
   * The aggregate "continuous percentile `fraction` of the number column `column`" (linear
   * interpolation, null over no rows): PostgreSQL's ordered-set `percentile_cont(f) WITHIN
   * GROUP (ORDER BY c)`, SQLite's `percentile_cont(c, f)` (its percentile extension).
   */
  percentileCont(column: string, fraction: number): RawBuilder<number | null>;
}

/** An open, migrated database of either dialect, as the composition root holds it. */
export interface SqlDatabase {
  db: Kysely<Database>;
  capabilities: SqlCapabilities;
  /** Writes the verification archive and its meter (on `db`, or on a worker thread's connection). */
  archiveWriter: ArchiveWriter;
  /** Cheap round trip for readiness checks; resolves to a short description. */
  ping(): Promise<string>;
  /** Connections of the pool now (SQLite: its one connection, never busy between statements). */
  poolUse(): { max: number; busy: number; idle: number; waiting: number };
  close(): Promise<void>;
}
