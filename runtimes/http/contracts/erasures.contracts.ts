import { TenantParamsSchema } from '../../shared/schemas/calls.schemas.js';
import { ErasureListSchema, ErasureRecordSchema, ErasureRequestSchema } from '../../shared/schemas/erasure.schemas.js';
import { contract } from '../route-contract.js';
import { problem, TENANT_LIMITS } from './shared.js';

const common = {
  401: problem('Missing, malformed, expired or forged access token.'),
  403: problem('Another tenant\'s path, or a member (erasure is for admins).'),
  429: problem('The tenant\'s budget of calls and knowledge requests is spent; see `Retry-After`.'),
};

export const eraseCalls = contract({
  method: 'post',
  path: '/api/v1/tenants/{tenant_id}/erasures',
  operationId: 'eraseCalls',
  summary: 'Erase a caller\'s calls (admin)',
  description:
    'A data subject\'s erasure request: every call of `caller_number` in the tenant (or the calls named by `call_ids`) is ' +
    'deleted with its search index entries and the `call.created` events that carried it, in one transaction. One ' +
    '`calls.erased` event is emitted and an erasure record kept; neither holds the caller number, a call id or any text.',
  tag: 'Calls',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: TenantParamsSchema,
  body: ErasureRequestSchema,
  responses: {
    201: { description: 'The erasure record (`calls_erased` may be 0: nothing matched).', schema: ErasureRecordSchema },
    400: problem('Invalid body: neither or both of caller_number and call_ids, a bad call id, too many ids; `errors` names each.'),
    ...common,
    413: problem('Body over 1 MiB.'),
    415: problem('Body is not application/json.'),
  },
});

export const listErasures = contract({
  method: 'get',
  path: '/api/v1/tenants/{tenant_id}/erasures',
  operationId: 'listErasures',
  summary: 'The tenant\'s erasure records, newest first (admin; at most 100)',
  description: 'Every erasure of calls this tenant requested, newest first: who asked, when, how the calls were named (never what named them) and how many were erased. Admin role only.',
  tag: 'Calls',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: TenantParamsSchema,
  responses: {
    200: { description: 'The records.', schema: ErasureListSchema },
    ...common,
  },
});

/** This area's operations in the order the router tries them; `API_CONTRACTS` places the area. */
export const ROUTES = [eraseCalls, listErasures] as const;
