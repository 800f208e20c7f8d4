import type { SearchTerm } from '../calls/call.model.js';
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
   * still exists; false when it was deleted meanwhile.
   */
  markIndexed(tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string): Promise<boolean>;
  markFailed(tenantId: string, itemId: string, error: string): Promise<void>;
  /** The best chunks of the tenant for any of the terms, best first (BM25). */
  search(tenantId: string, terms: SearchTerm[], limit: number): Promise<SearchHit[]>;
}

export interface SyncRunStore {
  /**
   * Stores `run` (queued) unless the tenant has a queued or running run, atomically;
   * returns the run that is now active and whether it is the new one.
   */
  openOrGetActive(run: StoredSyncRun): Promise<{ run: StoredSyncRun; created: boolean }>;
  find(tenantId: string, syncId: string): Promise<StoredSyncRun | null>;
  update(run: StoredSyncRun): Promise<void>;
  /** Marks every queued or running run failed (after a crash); returns how many. */
  failUnfinished(finishedAt: string): Promise<number>;
}

/** Plain text of a document; throws (any error) when the content cannot be read. */
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
