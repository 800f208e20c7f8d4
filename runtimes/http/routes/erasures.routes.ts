import type { CallErasure } from '../../../core/calls/use-cases/call-erasure.js';
import * as erasures from '../contracts/erasures.contracts.js';
import { principalOf } from '../middleware/bearer-auth.js';
import type { HandlersOf } from '../route-contract.js';

export function erasuresHandlers(deps: { erasure: CallErasure }): HandlersOf<typeof erasures> {
  return {
    eraseCalls: async (ctx, { params, body }) => {
      ctx.status = 201;
      ctx.body = await deps.erasure.erase({ principal: principalOf(ctx) }, params.tenant_id, body);
    },
    listErasures: async (ctx, { params }) => {
      ctx.body = { data: await deps.erasure.records({ principal: principalOf(ctx) }, params.tenant_id) };
    },
  };
}
