import * as erasures from '../contracts/erasures.contracts.js';
import { principalOf } from '../middleware/bearer-auth.js';
import type { HttpServices } from '../http-deps.js';
import type { HandlersOf } from '../route-contract.js';

export function erasuresHandlers(deps: Pick<HttpServices, 'callErasure'>): HandlersOf<typeof erasures> {
  return {
    eraseCalls: async (ctx, { params, body }) => {
      ctx.status = 201;
      ctx.body = await deps.callErasure.erase({ principal: principalOf(ctx) }, params.tenant_id, body);
    },
    listErasures: async (ctx, { params }) => {
      ctx.body = { data: await deps.callErasure.records({ principal: principalOf(ctx) }, params.tenant_id) };
    },
  };
}
