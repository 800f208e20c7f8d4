import type { CallIngest } from '../../../core/calls/use-cases/call-ingest.js';
import type { CallQueries } from '../../../core/calls/use-cases/call-queries.js';
import type { CallStatistics } from '../../../core/calls/use-cases/call-statistics.js';
import { principalOf } from '../middleware/bearer-auth.js';
import * as calls from '../contracts/calls.contracts.js';
import { implement, type Route } from '../route-contract.js';

export function callsRoutes(deps: { queries: CallQueries; statistics: CallStatistics; ingest: CallIngest }): Route[] {
  return [
    implement(calls.listCalls, async (ctx, { params, query }) => {
      ctx.body = await deps.queries.list(principalOf(ctx), params.tenant_id, query);
    }),
    implement(calls.callStats, async (ctx, { params, query }) => {
      ctx.body = await deps.statistics.stats(principalOf(ctx), params.tenant_id, query);
    }),
    implement(calls.getCall, async (ctx, { params }) => {
      ctx.body = await deps.queries.get(principalOf(ctx), params.tenant_id, params.call_id);
    }),
    implement(calls.recordCall, async (ctx, { params, body }) => {
      const call = await deps.ingest.record(principalOf(ctx), params.tenant_id, body);
      ctx.status = 201;
      ctx.set('Location', `/api/v1/tenants/${encodeURIComponent(params.tenant_id)}/calls/${encodeURIComponent(call.call_id)}`);
      ctx.body = call;
    }),
  ];
}
