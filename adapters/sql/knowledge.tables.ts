import type { Generated } from 'kysely';

/** Tables of the knowledge base and its sync runs (migrations 0004, 0005), as Kysely sees them. */
export interface KnowledgeTables {
  knowledge_items: KnowledgeItemsTable;
  knowledge_chunks: KnowledgeChunksTable;
  knowledge_sync_runs: KnowledgeSyncRunsTable;
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
