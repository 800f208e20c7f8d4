import { orderView } from '../../../core/attestation/research-orders/research-order.model.js';
import { requireProduction } from '../../../core/attestation/caller.js';
import * as researchOrders from '../contracts/research-orders.contracts.js';
import { callerOf } from '../middleware/api-key.js';
import type { HttpServices } from '../http-deps.js';
import type { HandlersOf } from '../route-contract.js';

export type ResearchOrderRouteDeps = Pick<HttpServices, 'researchOrders' | 'invoicing'>;

/** Research orders and monthly statements of a production key (docs/decisions/0015, 0016). */
export function researchOrderHandlers(deps: ResearchOrderRouteDeps): HandlersOf<typeof researchOrders> {
  return {
    placeResearchOrder: async (ctx, { body }) => {
      const idempotencyKey = ctx.headers['idempotency-key'] === undefined ? undefined : ctx.get('Idempotency-Key');
      const placed = await deps.researchOrders.place(callerOf(ctx), body, idempotencyKey);
      ctx.status = 201;
      ctx.set('Location', `/api/v1/verify/research-orders/${placed.order.order_id}`);
      if (placed.replayed) ctx.set('Idempotent-Replayed', 'true');
      ctx.body = orderView(placed.order);
    },
    listResearchOrders: async (ctx, { query }) => {
      const page = await deps.researchOrders.list(callerOf(ctx), query);
      ctx.body = { data: page.data.map(orderView), next_cursor: page.next_cursor };
    },
    getResearchOrder: async (ctx, { params }) => {
      ctx.body = orderView(await deps.researchOrders.get(callerOf(ctx), params.order_id));
    },
    cancelResearchOrder: async (ctx, { params }) => {
      ctx.body = orderView(await deps.researchOrders.cancel(callerOf(ctx), params.order_id));
    },
    getMonthlyStatement: async (ctx, { params }) => {
      const { key_id } = requireProduction(callerOf(ctx));
      ctx.body = await deps.invoicing.statement(key_id, params.month);
    },
  };
}
