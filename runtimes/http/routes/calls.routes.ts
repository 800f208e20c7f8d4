import type { NewCallInput } from '../../../core/calls/new-call.js';
import type { CallIngest } from '../../../core/calls/use-cases/call-ingest.js';
import type { CallQueries } from '../../../core/calls/use-cases/call-queries.js';
import {
  CallDetailSchema,
  CallListQuerySchema,
  CallListSchema,
  CallParamsSchema,
  NewCallSchema,
  TenantParamsSchema,
} from '../../shared/calls.schemas.js';
import { ProblemSchema } from '../../shared/problem.schemas.js';
import { principalOf } from '../middleware/bearer-auth.js';
import { defineRoute, type ResponseSpec, type RouteSpec } from '../route-spec.js';

const problem = (description: string): ResponseSpec => ({ description, schema: ProblemSchema });

const common = {
  401: problem('Missing, malformed, expired or forged access token.'),
  403: problem('Another tenant\'s path, or a member attempting an admin\'s write.'),
  429: problem('The tenant\'s budget of calls and knowledge requests is spent; see `Retry-After`.'),
};

export function callsRoutes(deps: { queries: CallQueries; ingest: CallIngest }): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/tenants/{tenant_id}/calls',
      operationId: 'listCalls',
      summary: 'List calls',
      description:
        'Newest first (started_at descending, then call_id descending), cursor-paginated. Walking the pages while calls ' +
        'arrive returns no duplicates and skips nothing that existed when the walk began. Filters combine (AND).',
      tag: 'Calls',
      security: 'bearer',
      rateLimited: true,
      params: TenantParamsSchema,
      query: CallListQuerySchema,
      responses: {
        200: { description: 'One page of calls.', schema: CallListSchema },
        400: problem('Invalid parameter (limit, cursor, filter); `errors` names each.'),
        ...common,
      },
      handler: async (ctx, { params, query }) => {
        ctx.body = await deps.queries.list(principalOf(ctx), params.tenant_id, query);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/tenants/{tenant_id}/calls/{call_id}',
      operationId: 'getCall',
      summary: 'Read one call: transcript, summary and metadata',
      tag: 'Calls',
      security: 'bearer',
      rateLimited: true,
      params: CallParamsSchema,
      responses: {
        200: { description: 'The call.', schema: CallDetailSchema },
        ...common,
        404: problem('No such call in this tenant.'),
      },
      handler: async (ctx, { params }) => {
        ctx.body = await deps.queries.get(principalOf(ctx), params.tenant_id, params.call_id);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/tenants/{tenant_id}/calls',
      operationId: 'recordCall',
      summary: 'Record a finished call (admin)',
      description: 'As the telephony side does. duration_seconds is derived; call_id is generated when absent.',
      tag: 'Calls',
      security: 'bearer',
      rateLimited: true,
      params: TenantParamsSchema,
      body: NewCallSchema,
      responses: {
        201: { description: 'The stored call.', schema: CallDetailSchema, headers: { Location: 'The call\'s URL.' } },
        400: problem('Invalid body; `errors` names each bad field.'),
        ...common,
        409: problem('The tenant already has a call with this call_id.'),
        413: problem('Body over 1 MiB.'),
        415: problem('Body is not application/json.'),
      },
      handler: async (ctx, { params, body }) => {
        const call = await deps.ingest.record(principalOf(ctx), params.tenant_id, body);
        ctx.status = 201;
        ctx.set('Location', `/api/v1/tenants/${encodeURIComponent(params.tenant_id)}/calls/${encodeURIComponent(call.call_id)}`);
        ctx.body = call;
      },
    }),
  ];
}
