/** Inversify tokens of the knowledge and agents areas. */
export const KNOWLEDGE = {
  KnowledgeStore: Symbol.for('knowledge.KnowledgeStore'),
  SyncRunStore: Symbol.for('knowledge.SyncRunStore'),
  TextExtractor: Symbol.for('knowledge.TextExtractor'),
  ContentDigest: Symbol.for('knowledge.ContentDigest'),
  SyncWorker: Symbol.for('knowledge.SyncWorker'),
  KnowledgeSync: Symbol.for('knowledge.KnowledgeSync'),
  KnowledgeBase: Symbol.for('knowledge.KnowledgeBase'),
  AgentRepository: Symbol.for('agents.AgentRepository'),
  AgentConfigs: Symbol.for('agents.AgentConfigs'),
} as const;
