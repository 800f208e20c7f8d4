import { orderView } from '../../../core/attestation/research-orders/research-order.model.js';
import type { ResearchOrders } from '../../../core/attestation/research-orders/research-orders.js';
import type { Invoicing } from '../../../core/billing/use-cases/invoicing.js';
import { requireProduction } from '../../../core/attestation/caller.js';
import { ProblemSchema } from '../../shared/problem.schemas.js';
import {
  MonthParamsSchema,
  OrderListQuerySchema,
  OrderHeadersSchema,
  OrderListSchema,
  OrderParamsSchema,
  OrderRequestSchema,
  OrderSchema,
  StatementSchema,
} from '../../shared/research-orders.schemas.js';
import { defineRoute, type ResponseSpec, type RouteSpec } from '../route-spec.js';
import type { z } from 'zod';
import { callerOf } from './attestation.routes.js';

export interface ResearchOrderRouteDeps {
  orders: ResearchOrders;
  invoicing: Invoicing;
}

const problem = (description: string): ResponseSpec => ({ description, schema: ProblemSchema });

const keyed = {
  401: problem('No key (the sandbox cannot order or be invoiced), or an unknown or revoked key.'),
  429: problem('Rate limited; see `Retry-After`.'),
};

type OrderParams = z.infer<typeof OrderParamsSchema>;

/** Research orders and monthly statements of a production key (docs/decisions/0015, 0016). */
export function researchOrderRoutes(deps: ResearchOrderRouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/verify/research-orders',
      operationId: 'placeResearchOrder',
      summary: 'Order operator research on a work',
      description:
        'For a subject the oracle answered `unavailable` (name its `request_id`) or any other. The order is priced by its tier, excluding VAT. ' +
        'Send an `Idempotency-Key` header (1 to 255 visible ASCII characters) to retry safely: the same key and body answer the same order ' +
        '(with `Idempotent-Replayed: true`); the same key with another body is a 409. Delivered claims join the corpus (`verified_by: operator`).',
      tag: 'Research orders',
      security: 'apiKey',
      rateLimited: true,
      headers: OrderHeadersSchema,
      body: OrderRequestSchema,
      responses: {
        201: { description: 'The order, `requested`.', schema: OrderSchema, headers: { Location: "The order's URL.", 'Idempotent-Replayed': '`true` when an earlier request with this Idempotency-Key placed the order.' } },
        400: problem('Invalid body, unknown tier, unknown request_id or bad Idempotency-Key; `errors` names each field.'),
        ...keyed,
        409: problem('The Idempotency-Key was used with another body.'),
        413: problem('Body over 1 MiB.'),
        415: problem('Body is not application/json.'),
      },
      handler: async (ctx, { body }) => {
        const idempotencyKey = ctx.headers['idempotency-key'] === undefined ? undefined : ctx.get('Idempotency-Key');
        const placed = await deps.orders.place(callerOf(ctx), body, idempotencyKey);
        ctx.status = 201;
        ctx.set('Location', `/api/v1/verify/research-orders/${placed.order.order_id}`);
        if (placed.replayed) ctx.set('Idempotent-Replayed', 'true');
        ctx.body = orderView(placed.order);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/verify/research-orders',
      operationId: 'listResearchOrders',
      summary: "The key's research orders",
      description: 'Newest first; filter by `status`; cursor paginated (`next_cursor`).',
      tag: 'Research orders',
      security: 'apiKey',
      rateLimited: true,
      query: OrderListQuerySchema,
      responses: { 200: { description: 'One page of orders.', schema: OrderListSchema }, 400: problem('Invalid status, limit or cursor.'), ...keyed },
      handler: async (ctx, { query }) => {
        const page = await deps.orders.list(callerOf(ctx), query);
        ctx.body = { data: page.data.map(orderView), next_cursor: page.next_cursor };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/verify/research-orders/{order_id}',
      operationId: 'getResearchOrder',
      summary: 'One research order',
      tag: 'Research orders',
      security: 'apiKey',
      rateLimited: true,
      params: OrderParamsSchema,
      responses: { 200: { description: 'The order.', schema: OrderSchema }, 400: problem('Invalid order id.'), ...keyed, 404: problem("No such order (or another key's).") },
      handler: async (ctx, { params }) => {
        ctx.body = orderView(await deps.orders.get(callerOf(ctx), params.order_id));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/verify/research-orders/{order_id}/cancel',
      operationId: 'cancelResearchOrder',
      summary: 'Cancel a research order',
      description: 'Only while it is `requested`: once the operator accepted it, it can no longer be cancelled (409).',
      tag: 'Research orders',
      security: 'apiKey',
      rateLimited: true,
      params: OrderParamsSchema,
      responses: {
        200: { description: 'The order, `cancelled`.', schema: OrderSchema },
        400: problem('Invalid order id.'),
        ...keyed,
        404: problem("No such order (or another key's)."),
        409: problem('The order is no longer `requested`.'),
      },
      handler: async (ctx, { params }) => {
        ctx.body = orderView(await deps.orders.cancel(callerOf(ctx), params.order_id));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/verify/invoices/{month}',
      operationId: 'getMonthlyStatement',
      summary: "The key's statement for a month",
      description:
        'Verify calls by band of the degressive scale with unit prices and amounts, the research orders delivered in the month, ' +
        'and the totals excluding VAT, in integer euro cents. `closed` turns true once the month is over (UTC).',
      tag: 'Research orders',
      security: 'apiKey',
      rateLimited: true,
      params: MonthParamsSchema,
      responses: { 200: { description: 'The statement.', schema: StatementSchema }, 400: problem('The month is not YYYY-MM.'), ...keyed },
      handler: async (ctx, { params }) => {
        const { key_id } = requireProduction(callerOf(ctx));
        ctx.body = await deps.invoicing.statement(key_id, params.month);
      },
    }),
  ];
}
