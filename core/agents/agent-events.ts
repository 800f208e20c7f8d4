import { type EventFactory, type OutboxEvent, tenantOwner } from '../events/event.model.js';
import type { Agent } from './agent.model.js';

/**
 * The agents area's event: its payload, added to the one map by event type (`EventPayloads`,
 * core/events/event.model.ts), and the function that builds it.
 */
declare module '../events/event.model.js' {
  interface EventPayloads {
    /** `version` is the new one. */
    'agent.updated': Pick<Agent, 'tenant_id' | 'agent_id' | 'name' | 'version' | 'updated_at'>;
  }
}

export const agentUpdated = (events: EventFactory, agent: Agent): OutboxEvent =>
  events.event(tenantOwner(agent.tenant_id), 'agent.updated', {
    tenant_id: agent.tenant_id,
    agent_id: agent.agent_id,
    name: agent.name,
    version: agent.version,
    updated_at: agent.updated_at,
  });
