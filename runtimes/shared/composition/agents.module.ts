import type { Container } from 'inversify';
import { AgentConfigs } from '../../../core/agents/use-cases/agent-configs.js';
import { SqlAgentRepository } from '../../../adapters/sql/sql-agent.repository.js';
import { AGENTS } from './agents.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { provide } from './token.js';
import { WEBHOOKS } from './webhooks.tokens.js';

/** The SQL store of agent configurations and their versions. */
export function bindAgentsSql(container: Container): void {
  provide(container, AGENTS.AgentRepository, [PLATFORM.SqlDatabase], (d) => new SqlAgentRepository(d.db));
}

/** Agent configurations; needs the tenant repository and the event factory bound. */
export function bindAgentsServices(container: Container): void {
  provide(
    container,
    AGENTS.AgentConfigs,
    [AGENTS.AgentRepository, TENANCY.TenantRepository, PLATFORM.CursorSealer, PLATFORM.Clock, PLATFORM.IdGenerator, WEBHOOKS.EventFactory],
    (agents, tenants, sealer, clock, ids, events) => new AgentConfigs(agents, tenants, sealer, clock, ids, events),
  );
}
