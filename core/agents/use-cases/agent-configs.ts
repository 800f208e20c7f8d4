import { authorize, type Principal } from '../../auth/auth.model.js';
import type { CursorSealer } from '../../shared/ports.js';
import { DomainError, notFound, validationError } from '../../shared/errors.js';
import { type Page, type PageRequest, pageOf } from '../../shared/keyset-cursor.js';
import type { Clock, IdGenerator } from '../../shared/ports.js';
import type { TenantRepository } from '../../tenancy/ports.js';
import { type Agent, AGENT_ID_PATTERN, type AgentSettings, checkAgentSettings, defaultAgentSettings, etagOf, ifMatchHolds } from '../agent.model.js';
import type { EventFactory } from '../../events/event.model.js';
import { agentUpdated } from '../agent-events.js';
import type { AgentRepository } from '../ports.js';

const WRITABLE = ['name', 'language', 'voice', 'greeting', 'instructions', 'llm', 'knowledge_base', 'escalation', 'business_hours'] as const;

/** Only the writable fields: read-only ones sent by a client are ignored. */
const settingsOf = (s: AgentSettings): AgentSettings => Object.fromEntries(WRITABLE.map((k) => [k, s[k]])) as unknown as AgentSettings;

/** The AI agents of the principal's tenant (the token's tenant: these paths carry none). */
export class AgentConfigs {
  constructor(
    private readonly agents: AgentRepository,
    private readonly tenants: TenantRepository,
    private readonly sealer: CursorSealer,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    /** When given, a replacement emits `agent.updated` (written with it). */
    private readonly events?: EventFactory,
  ) {}

  async list(principal: Principal, query: PageRequest): Promise<Page<Agent>> {
    authorize(principal, principal.tenant_id, 'read');
    const keyset = { context: JSON.stringify(['agents', principal.tenant_id]), shape: ['string'] as const, positionOf: (a: Agent) => [a.agent_id] as [string] };
    return pageOf(this.sealer, keyset, query, (after, limit) => this.agents.list(principal.tenant_id, after?.[0] ?? null, limit));
  }

  async get(principal: Principal, agentId: string): Promise<Agent> {
    authorize(principal, principal.tenant_id, 'read');
    return this.existing(principal.tenant_id, agentId);
  }

  async create(principal: Principal, settings: AgentSettings): Promise<Agent> {
    authorize(principal, principal.tenant_id, 'write');
    return this.insert(principal.tenant_id, settings);
  }

  /** Operator path (svc-admin agent create): default settings with this name. */
  async createDefault(tenantId: string, name: string, overrides: Partial<Pick<AgentSettings, 'language' | 'greeting'>> = {}): Promise<Agent> {
    if (!(await this.tenants.find(tenantId))) throw notFound(`No tenant ${tenantId}.`);
    return this.insert(tenantId, { ...defaultAgentSettings(name.trim()), ...overrides });
  }

  /**
   * Whole replacement, conditional: `ifMatch` must be the current ETag (else 412 and nothing
   * changes); without one, 428, since a blind replacement would undo a change its writer has
   * not seen (ADR 0034).
   */
  async replace(principal: Principal, agentId: string, settings: AgentSettings, ifMatch: string | undefined): Promise<Agent> {
    authorize(principal, principal.tenant_id, 'write');
    const next = this.checked(settings);
    const current = await this.existing(principal.tenant_id, agentId);
    if (ifMatch === undefined) {
      throw new DomainError('PRECONDITION_REQUIRED', `Send If-Match with the ETag you read (the current one is ${etagOf(current)}): a replacement without it could undo a change you have not seen.`);
    }
    const stale = () => new DomainError('PRECONDITION_FAILED', `If-Match does not match the agent's current ETag ${etagOf(current)}; read it again.`);
    if (!ifMatchHolds(ifMatch, etagOf(current))) throw stale();
    const replaced: Agent = { ...current, ...next, version: current.version + 1, updated_at: this.clock.now().toISOString() };
    // Another replacement of the same version came first: this one's If-Match is stale now.
    if (!(await this.agents.replace(replaced, current.version, this.events ? [agentUpdated(this.events, replaced)] : []))) throw stale();
    return replaced;
  }

  async versions(principal: Principal, agentId: string, query: PageRequest): Promise<Page<Agent>> {
    authorize(principal, principal.tenant_id, 'read');
    await this.existing(principal.tenant_id, agentId);
    const keyset = { context: JSON.stringify(['agent-versions', principal.tenant_id, agentId]), shape: ['number'] as const, positionOf: (a: Agent) => [a.version] as [number] };
    return pageOf(this.sealer, keyset, query, (before, limit) => this.agents.versions(principal.tenant_id, agentId, before?.[0] ?? null, limit));
  }

  private async existing(tenantId: string, agentId: string): Promise<Agent> {
    const agent = AGENT_ID_PATTERN.test(agentId) ? await this.agents.find(tenantId, agentId) : null;
    if (!agent) throw notFound(`No agent ${agentId}.`);
    return agent;
  }

  private checked(settings: AgentSettings): AgentSettings {
    const s = settingsOf(settings);
    const errors = checkAgentSettings(s);
    if (errors.length > 0) throw validationError('The agent configuration is invalid.', errors);
    return s;
  }

  private async insert(tenantId: string, settings: AgentSettings): Promise<Agent> {
    const agent: Agent = {
      agent_id: `agt_${this.ids.uuid().replace(/-/g, '')}`,
      tenant_id: tenantId,
      ...this.checked(settings),
      version: 1,
      updated_at: this.clock.now().toISOString(),
    };
    await this.agents.insert(agent);
    return agent;
  }
}
