import type { Context } from 'koa';
import { etagOf } from '../../../core/agents/agent.model.js';
import type * as contracts from '../contracts/agents.contracts.js';
import { principalOf } from '../middleware/bearer-auth.js';
import type { HttpServices } from '../http-deps.js';
import type { HandlersOf } from '../route-contract.js';

const sendAgent = (ctx: Context, agent: { agent_id: string; version: number }) => {
  ctx.set('ETag', etagOf(agent));
  ctx.body = agent;
};

export function agentsHandlers(deps: Pick<HttpServices, 'agents'>): HandlersOf<typeof contracts> {
  const { agents } = deps;
  return {
    listAgents: async (ctx, { query }) => {
      ctx.body = await agents.list(principalOf(ctx), query);
    },
    createAgent: async (ctx, { body }) => {
      const agent = await agents.create(principalOf(ctx), body);
      ctx.status = 201;
      ctx.set('Location', `/api/v1/ai-agents/${agent.agent_id}`);
      sendAgent(ctx, agent);
    },
    getAgent: async (ctx, { params }) => {
      sendAgent(ctx, await agents.get(principalOf(ctx), params.agent_id));
    },
    replaceAgent: async (ctx, { params, body }) => {
      const ifMatch = ctx.get('If-Match');
      sendAgent(ctx, await agents.replace(principalOf(ctx), params.agent_id, body, ifMatch === '' ? undefined : ifMatch));
    },
    listAgentVersions: async (ctx, { params, query }) => {
      ctx.body = await agents.versions(principalOf(ctx), params.agent_id, query);
    },
  };
}
