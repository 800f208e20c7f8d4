import type { CallErasure } from '../../../core/calls/use-cases/call-erasure.js';
import * as erasures from '../contracts/erasures.contracts.js';
import { principalOf } from '../middleware/bearer-auth.js';
import { implement, type Route } from '../route-contract.js';

export function erasuresRoutes(deps: { erasure: CallErasure }): Route[] {
  return [
    implement(erasures.eraseCalls, async (ctx, { params, body }) => {
      ctx.status = 201;
      ctx.body = await deps.erasure.erase({ principal: principalOf(ctx) }, params.tenant_id, body);
    }),
    implement(erasures.listErasures, async (ctx, { params }) => {
      ctx.body = { data: await deps.erasure.records({ principal: principalOf(ctx) }, params.tenant_id) };
    }),
  ];
}
