import { principalOf } from '../middleware/bearer-auth.js';
import * as calls from '../contracts/calls.contracts.js';
import type { HttpServices } from '../http-deps.js';
import type { HandlersOf } from '../route-contract.js';

export function callsHandlers(deps: Pick<HttpServices, 'callQueries' | 'callIngest'>): HandlersOf<typeof calls> {
  return {
    listCalls: async (ctx, { params, query }) => {
      ctx.body = await deps.callQueries.list(principalOf(ctx), params.tenant_id, query);
    },
    getCall: async (ctx, { params }) => {
      ctx.body = await deps.callQueries.get(principalOf(ctx), params.tenant_id, params.call_id);
    },
    recordCall: async (ctx, { params, body }) => {
      const call = await deps.callIngest.record(principalOf(ctx), params.tenant_id, body);
      ctx.status = 201;
      ctx.set('Location', `/api/v1/tenants/${encodeURIComponent(params.tenant_id)}/calls/${encodeURIComponent(call.call_id)}`);
      ctx.body = call;
    },
  };
}
