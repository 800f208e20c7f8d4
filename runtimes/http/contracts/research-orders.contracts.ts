import {
  MonthParamsSchema,
  OrderListQuerySchema,
  OrderHeadersSchema,
  OrderListSchema,
  OrderParamsSchema,
  OrderRequestSchema,
  OrderSchema,
  StatementSchema,
} from '../../shared/schemas/research-orders.schemas.js';
import { contract } from '../route-contract.js';
import { problem, VERIFY_LIMITS } from './shared.js';

const keyed = {
  401: problem('No key (the sandbox cannot order or be invoiced), or an unknown or revoked key.'),
  429: problem('Rate limited; see `Retry-After`.'),
};

/** Research orders and monthly statements of a production key (docs/decisions/0015, 0016). */
export const placeResearchOrder = contract({
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
  limits: VERIFY_LIMITS,
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
});

export const listResearchOrders = contract({
  method: 'get',
  path: '/api/v1/verify/research-orders',
  operationId: 'listResearchOrders',
  summary: "The key's research orders",
  description: 'Newest first; filter by `status`; cursor paginated (`next_cursor`).',
  tag: 'Research orders',
  security: 'apiKey',
  limits: VERIFY_LIMITS,
  query: OrderListQuerySchema,
  responses: { 200: { description: 'One page of orders.', schema: OrderListSchema }, 400: problem('Invalid status, limit or cursor.'), ...keyed },
});

export const getResearchOrder = contract({
  method: 'get',
  path: '/api/v1/verify/research-orders/{order_id}',
  operationId: 'getResearchOrder',
  summary: 'One research order',
  description: 'One operator research order of this key: its subject, tier, price fixed when placed, client reference, status and the dates it changed.',
  tag: 'Research orders',
  security: 'apiKey',
  limits: VERIFY_LIMITS,
  params: OrderParamsSchema,
  responses: { 200: { description: 'The order.', schema: OrderSchema }, 400: problem('Invalid order id.'), ...keyed, 404: problem("No such order (or another key's).") },
});

export const cancelResearchOrder = contract({
  method: 'post',
  path: '/api/v1/verify/research-orders/{order_id}/cancel',
  operationId: 'cancelResearchOrder',
  summary: 'Cancel a research order',
  description: 'Only while it is `requested`: once the operator accepted it, it can no longer be cancelled (409).',
  tag: 'Research orders',
  security: 'apiKey',
  limits: VERIFY_LIMITS,
  params: OrderParamsSchema,
  responses: {
    200: { description: 'The order, `cancelled`.', schema: OrderSchema },
    400: problem('Invalid order id.'),
    ...keyed,
    404: problem("No such order (or another key's)."),
    409: problem('The order is no longer `requested`.'),
  },
});

export const getMonthlyStatement = contract({
  method: 'get',
  path: '/api/v1/verify/invoices/{month}',
  operationId: 'getMonthlyStatement',
  summary: "The key's statement for a month",
  description:
    'Verify calls by band of the degressive scale with unit prices and amounts, the research orders delivered in the month, ' +
    'and the totals excluding VAT, in integer euro cents. `closed` turns true once the month is over (UTC).',
  tag: 'Research orders',
  security: 'apiKey',
  limits: VERIFY_LIMITS,
  params: MonthParamsSchema,
  responses: { 200: { description: 'The statement.', schema: StatementSchema }, 400: problem('The month is not YYYY-MM.'), ...keyed },
});

/** This area's operations in the order the router tries them; `API_CONTRACTS` places the area. */
export const ROUTES = [placeResearchOrder, listResearchOrders, getResearchOrder, cancelResearchOrder, getMonthlyStatement] as const;
