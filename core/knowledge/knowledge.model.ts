/** The knowledge base of a tenant: documents, their chunks in a search index, sync runs. */
export const KNOWLEDGE_CONTENT_TYPES = ['text/plain', 'text/markdown', 'text/html', 'text/csv', 'application/json', 'application/pdf'] as const;
export type KnowledgeContentType = (typeof KNOWLEDGE_CONTENT_TYPES)[number];
export const isKnowledgeContentType = (v: unknown): v is KnowledgeContentType =>
  typeof v === 'string' && (KNOWLEDGE_CONTENT_TYPES as readonly string[]).includes(v);

export const KNOWLEDGE_MAX_BYTES = 10 * 1024 * 1024;
export const KNOWLEDGE_TITLE_MAX = 300;
export const ITEM_ID_PATTERN = /^kb_[0-9a-f]{32}$/;
export const SYNC_ID_PATTERN = /^sync_[0-9a-f]{32}$/;
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 50;

export type ItemStatus = 'pending' | 'indexed' | 'failed';

export interface KnowledgeItem {
  item_id: string;
  title: string;
  content_type: KnowledgeContentType;
  size_bytes: number;
  sha256: string;
  status: ItemStatus;
  error: string | null;
  created_at: string;
  indexed_at: string | null;
}

/** An item with its tenant and its bytes, as stored. */
export interface KnowledgeDocument extends KnowledgeItem {
  tenant_id: string;
  content: Uint8Array;
}

export interface KnowledgePosition {
  created_at: string;
  item_id: string;
}

export type SyncStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export const ACTIVE_SYNC_STATUSES: readonly SyncStatus[] = ['queued', 'running'];

export interface SyncRun {
  sync_id: string;
  status: SyncStatus;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  documents_indexed: number;
  documents_failed: number;
  chunks: number;
}

export interface StoredSyncRun extends SyncRun {
  tenant_id: string;
}

export interface Chunk {
  chunk_index: number;
  text: string;
}

export interface SearchHit {
  item_id: string;
  title: string;
  chunk_index: number;
  text: string;
  /** Higher is better (BM25, sign flipped where the engine returns lower-is-better). */
  score: number;
}

export const toItem = (d: KnowledgeDocument): KnowledgeItem => ({
  item_id: d.item_id,
  title: d.title,
  content_type: d.content_type,
  size_bytes: d.size_bytes,
  sha256: d.sha256,
  status: d.status,
  error: d.error,
  created_at: d.created_at,
  indexed_at: d.indexed_at,
});

/** List order: newest first, then item_id descending. */
export const compareItems = (a: KnowledgePosition, b: KnowledgePosition): number =>
  a.created_at === b.created_at ? (a.item_id < b.item_id ? 1 : a.item_id > b.item_id ? -1 : 0) : a.created_at < b.created_at ? 1 : -1;
