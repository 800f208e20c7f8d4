import type { OutboxEvent } from '../events/event.model.js';
import type { Agent } from './agent.model.js';

export interface AgentRepository {
  insert(agent: Agent): Promise<void>;
  find(tenantId: string, agentId: string): Promise<Agent | null>;
  /** Ordered by agent_id ascending, strictly after `after`. */
  list(tenantId: string, after: string | null, limit: number): Promise<Agent[]>;
  /**
   * Compare-and-set: stores `next` (version = expectedVersion + 1) only while the stored
   * version is `expectedVersion`, and archives the replaced configuration, in one
   * transaction, with `events` into the outbox. False when another write came first (no events).
   */
  replace(next: Agent, expectedVersion: number, events?: readonly OutboxEvent[]): Promise<boolean>;
  /** Earlier configurations, newest first, strictly older than `beforeVersion`. */
  versions(tenantId: string, agentId: string, beforeVersion: number | null, limit: number): Promise<Agent[]>;
}
