import type { InProcessSyncWorker } from '../../../adapters/node/in-process-sync-worker.js';
import type { ContentDigest, KnowledgeStore, SyncRunStore, TextExtractor } from '../../../core/knowledge/ports.js';
import type { KnowledgeBase } from '../../../core/knowledge/use-cases/knowledge-base.js';
import type { KnowledgeSync } from '../../../core/knowledge/use-cases/knowledge-sync.js';
import { token } from './token.js';

/** Tokens of the knowledge area. */
export const KNOWLEDGE = {
  KnowledgeStore: token<KnowledgeStore>('knowledge.KnowledgeStore'),
  SyncRunStore: token<SyncRunStore>('knowledge.SyncRunStore'),
  TextExtractor: token<TextExtractor>('knowledge.TextExtractor'),
  ContentDigest: token<ContentDigest>('knowledge.ContentDigest'),
  SyncWorker: token<InProcessSyncWorker>('knowledge.SyncWorker'),
  KnowledgeSync: token<KnowledgeSync>('knowledge.KnowledgeSync'),
  KnowledgeBase: token<KnowledgeBase>('knowledge.KnowledgeBase'),
} as const;
