import type { Agent } from '../../core/agents/agent.model.js';
import type { AgentRepository } from '../../core/agents/ports.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import { conflict } from '../../core/shared/errors.js';
import { MemoryEventOutbox } from './memory-webhook.stores.js';

const copy = (a: Agent): Agent => structuredClone(a);

/** In-memory fake; passes the same contract suite as the SQL repository. */
export class MemoryAgentRepository implements AgentRepository {
  private readonly agents = new Map<string, Agent>();
  private readonly history = new Map<string, Agent[]>();

  constructor(private readonly outbox = new MemoryEventOutbox()) {}

  async insert(agent: Agent) {
    if (this.agents.has(agent.agent_id)) throw conflict(`Agent ${agent.agent_id} exists already.`);
    this.agents.set(agent.agent_id, copy(agent));
  }
  async find(tenantId: string, agentId: string) {
    const a = this.agents.get(agentId);
    return a && a.tenant_id === tenantId ? copy(a) : null;
  }
  async list(tenantId: string, after: string | null, limit: number) {
    return [...this.agents.values()]
      .filter((a) => a.tenant_id === tenantId && (after === null || a.agent_id > after))
      .sort((a, b) => (a.agent_id < b.agent_id ? -1 : 1))
      .slice(0, limit)
      .map(copy);
  }
  async replace(next: Agent, expectedVersion: number, events?: readonly OutboxEvent[]) {
    const current = this.agents.get(next.agent_id);
    if (!current || current.tenant_id !== next.tenant_id || current.version !== expectedVersion) return false;
    this.history.set(next.agent_id, [...(this.history.get(next.agent_id) ?? []), current]);
    this.agents.set(next.agent_id, copy(next));
    this.outbox.add(events);
    return true;
  }
  async versions(tenantId: string, agentId: string, beforeVersion: number | null, limit: number) {
    return (this.history.get(agentId) ?? [])
      .filter((a) => a.tenant_id === tenantId && (beforeVersion === null || a.version < beforeVersion))
      .sort((a, b) => b.version - a.version)
      .slice(0, limit)
      .map(copy);
  }
}
