import type { SearchTerm } from '../shared/search-query.js';
import type { OutboxEvent } from '../events/event.model.js';
import type { Chunk, KnowledgeContentType, KnowledgeDocument, KnowledgePosition, SearchHit, StoredSyncRun } from './knowledge.model.js';

/**
 * Documents, their chunks and the full-text index over the chunks, in one store so that
 * "mark indexed" and "store chunks" (and "delete" and "unindex") are one transaction.
 */
export interface KnowledgeStore {
  insert(doc: KnowledgeDocument): Promise<void>;
  /** Without content. */
  find(tenantId: string, itemId: string): Promise<KnowledgeDocument | null>;
  /** Items (content left empty) in list order strictly after `after`. */
  list(tenantId: string, after: KnowledgePosition | null, limit: number): Promise<KnowledgeDocument[]>;
  /** Removes the item and its chunks from the index at once; false when there was none. */
  delete(tenantId: string, itemId: string): Promise<boolean>;
  /** Ids of the tenant's pending items, oldest first. */
  pendingIds(tenantId: string): Promise<string[]>;
  /** One item with its content (null when deleted meanwhile). */
  load(tenantId: string, itemId: string): Promise<KnowledgeDocument | null>;
  /**
   * Replaces the item's chunks and marks it indexed, in one transaction, only while it
   * still exists; false when it was deleted meanwhile. `events` enter the outbox in the same
   * transaction, only when the item was marked.
   */
  markIndexed(tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string, events?: readonly OutboxEvent[]): Promise<boolean>;
  /** Marks the item failed with `error`, and writes `events` into the outbox in the same transaction. */
  markFailed(tenantId: string, itemId: string, error: string, events?: readonly OutboxEvent[]): Promise<void>;
  /** The best chunks of the tenant for any of the terms, best first (BM25). */
  search(tenantId: string, terms: SearchTerm[], limit: number): Promise<SearchHit[]>;
}

/**
 * A runner's hold on a sync run: only `owner` may write the run until `until` (ISO instants,
 * compared as text). Several processes may share the store; the lease makes each run execute
 * once, and lets another process take over a run whose owner died.
 */
export interface SyncLease {
  /** Unique per process (and per runner within it). */
  owner: string;
  now: string;
  until: string;
}

export interface SyncRunStore {
  /**
   * Stores `run` (queued) unless the tenant has a queued or running run, atomically, also
   * against concurrent callers in other processes; returns the run that is now active and
   * whether it is the new one.
   */
  openOrGetActive(run: StoredSyncRun): Promise<{ run: StoredSyncRun; created: boolean }>;
  find(tenantId: string, syncId: string): Promise<StoredSyncRun | null>;
  /**
   * Takes the run, in one conditional write, when it is queued, or running under a lease that
   * expired before `lease.now` (or has none): it becomes running (started_at kept if set) under
   * `lease`. Null when another owner holds it or it is finished.
   */
  claim(tenantId: string, syncId: string, lease: SyncLease): Promise<StoredSyncRun | null>;
  /**
   * Writes the run's progress or final state and renews the lease to `lease.until`, only while
   * the run is running under `lease.owner`; false when the lease was lost (nothing written).
   * `events` enter the outbox in the same transaction, only when the run was written.
   */
  update(run: StoredSyncRun, lease: SyncLease, events?: readonly OutboxEvent[]): Promise<boolean>;
  /** Extends the lease to `lease.until` while the run is running under `lease.owner` (a heartbeat); false otherwise. */
  renew(tenantId: string, syncId: string, lease: SyncLease): Promise<boolean>;
  /** Runs `claim` would take at `now`: queued ones and running ones whose lease expired, oldest requested first. */
  claimable(now: string, limit: number): Promise<{ tenant_id: string; sync_id: string }[]>;
}

/**
 * The plain text of a document, for every accepted type (the only place a format is read: PDF
 * parsed, HTML reduced to its visible text with block elements as paragraph breaks, the other
 * types decoded as UTF-8), ready for chunking. Rejects (any error, its message the readable
 * reason) when the content cannot be read or yields more text than the adapter's bound.
 */
export interface TextExtractor {
  extract(contentType: KnowledgeContentType, content: Uint8Array): Promise<string>;
}

export interface ContentDigest {
  /** Lower-case hex SHA-256. */
  sha256(content: Uint8Array): string;
}

/** Runs sync runs in the background (an in-process queue, or a job system). */
export interface SyncScheduler {
  schedule(tenantId: string, syncId: string): void;
}

/**
 * What sync runs report for the operators' dashboard, recorded by `KnowledgeSync` as it works
 * (a metrics adapter keeps the histograms). Recording never fails and never waits.
 */
export interface SyncMetrics {
  /** A run this runner claimed ended: finished (`succeeded`, `failed`) or taken over (`lost`), after `seconds`. */
  runEnded(outcome: 'succeeded' | 'failed' | 'lost', seconds: number): void;
  /** One document's text extraction, read or refused (unreadable, over a bound, no text), after `seconds`. */
  extracted(contentType: KnowledgeContentType, outcome: 'succeeded' | 'failed', seconds: number): void;
}
