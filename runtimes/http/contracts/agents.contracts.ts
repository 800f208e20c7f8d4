import {
  AgentListSchema,
  AgentParamsSchema,
  AgentSchema,
  AgentSettingsSchema,
} from '../../shared/schemas/knowledge.schemas.js';
import { IfMatchHeadersSchema } from '../../shared/schemas/conditional.schemas.js';
import { PageQuerySchema } from '../../shared/schemas/page.schemas.js';
import { contract } from '../route-contract.js';
import { AGENTS_LIMITS, problem, TOKEN_TENANT_ERRORS, TOKEN_TENANT_WRITE_ERRORS } from './shared.js';

const common = TOKEN_TENANT_ERRORS;
const writeCommon = TOKEN_TENANT_WRITE_ERRORS;
const ETAG = { ETag: 'The configuration\'s version tag, for If-Match.' };

export const listAgents = contract({
  method: 'get',
  path: '/api/v1/ai-agents',
  operationId: 'listAgents',
  summary: "List the token tenant's AI agents",
  description: 'One page of the tenant\'s agents in agent_id order; pass `next_cursor` back as `cursor` for the next page. Any member of the tenant may read.',
  tag: 'AI agents',
  security: 'bearer',
  limits: AGENTS_LIMITS,
  query: PageQuerySchema,
  responses: { 200: { description: 'One page of agents (agent_id order).', schema: AgentListSchema }, 400: problem('Invalid limit or cursor.'), ...common },
});

export const createAgent = contract({
  method: 'post',
  path: '/api/v1/ai-agents',
  operationId: 'createAgent',
  summary: 'Create an AI agent (admin)',
  description: 'Creates an agent at version 1 from a full configuration; answers its URL in `Location` and its version tag in `ETag`. Admin role only.',
  tag: 'AI agents',
  security: 'bearer',
  limits: AGENTS_LIMITS,
  body: AgentSettingsSchema,
  responses: { 201: { description: 'The agent, version 1.', schema: AgentSchema, headers: { ...ETAG, Location: "The agent's URL." } }, ...writeCommon },
});

export const getAgent = contract({
  method: 'get',
  path: '/api/v1/ai-agents/{agent_id}',
  operationId: 'getAgent',
  summary: "Read an agent's configuration",
  description: 'The agent\'s current configuration and version; keep the `ETag` to send as `If-Match` on the next update.',
  tag: 'AI agents',
  security: 'bearer',
  limits: AGENTS_LIMITS,
  params: AgentParamsSchema,
  responses: { 200: { description: 'The configuration.', schema: AgentSchema, headers: ETAG }, ...common, 404: problem("No such agent (or another tenant's).") },
});

export const replaceAgent = contract({
  method: 'put',
  path: '/api/v1/ai-agents/{agent_id}',
  operationId: 'replaceAgent',
  summary: "Replace an agent's configuration (admin)",
  description:
    'Whole replacement: every writable field present and valid; agent_id, tenant_id, version and updated_at are ignored. ' +
    'Conditional: send If-Match with the ETag read (required: without it, 428). When another write came first, 412 and ' +
    'nothing changes; of two concurrent PUTs with the same ETag exactly one succeeds.',
  tag: 'AI agents',
  security: 'bearer',
  limits: AGENTS_LIMITS,
  params: AgentParamsSchema,
  headers: IfMatchHeadersSchema,
  body: AgentSettingsSchema,
  responses: {
    200: { description: 'The new configuration, version + 1.', schema: AgentSchema, headers: ETAG },
    ...writeCommon,
    404: problem("No such agent (or another tenant's)."),
    412: problem('If-Match is not the current ETag (another write came first): read again, then retry.'),
    428: problem('No If-Match: a replacement must name the version it replaces.'),
  },
});

export const listAgentVersions = contract({
  method: 'get',
  path: '/api/v1/ai-agents/{agent_id}/versions',
  operationId: 'listAgentVersions',
  summary: 'Earlier configurations of an agent (audit and rollback)',
  description: 'Newest first; the current configuration is not among them.',
  tag: 'AI agents',
  security: 'bearer',
  limits: AGENTS_LIMITS,
  params: AgentParamsSchema,
  query: PageQuerySchema,
  responses: {
    200: { description: 'One page of earlier configurations.', schema: AgentListSchema },
    400: problem('Invalid limit or cursor.'),
    ...common,
    404: problem("No such agent (or another tenant's)."),
  },
});

/** This area's operations in the order the router tries them; `API_CONTRACTS` places the area. */
export const ROUTES = [listAgents, createAgent, getAgent, replaceAgent, listAgentVersions] as const;
