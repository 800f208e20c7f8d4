import {
  CallDetailSchema,
  CallListQuerySchema,
  CallListSchema,
  CallParamsSchema,
  CallStatsQuerySchema,
  CallStatsSchema,
  NewCallSchema,
  TenantParamsSchema,
} from '../../shared/schemas/calls.schemas.js';
import { contract } from '../route-contract.js';
import { problem, TENANT_LIMITS } from './shared.js';

const common = {
  401: problem('Missing, malformed, expired or forged access token.'),
  403: problem('Another tenant\'s path, or a member attempting an admin\'s write.'),
  429: problem('The tenant\'s budget of calls and knowledge requests is spent; see `Retry-After`.'),
};

export const listCalls = contract({
  method: 'get',
  path: '/api/v1/tenants/{tenant_id}/calls',
  operationId: 'listCalls',
  summary: 'List calls',
  description:
    'Newest first (started_at descending, then call_id descending), cursor-paginated. Walking the pages while calls ' +
    'arrive returns no duplicates and skips nothing that existed when the walk began. Filters combine (AND).',
  tag: 'Calls',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: TenantParamsSchema,
  query: CallListQuerySchema,
  responses: {
    200: { description: 'One page of calls.', schema: CallListSchema },
    400: problem('Invalid parameter (limit, cursor, filter); `errors` names each.'),
    ...common,
  },
});

export const callStats = contract({
  method: 'get',
  path: '/api/v1/tenants/{tenant_id}/calls/stats',
  operationId: 'getCallStats',
  summary: 'Call analytics: counts and durations per period and per agent',
  description:
    'Over the calls the list\'s filters keep (channel, direction, from/to, q): counts by channel, direction and status, ' +
    'durations (mean, median, 90th percentile) per period of the workspace\'s time zone (day, ISO week, month; daylight-saving ' +
    'days are 23 or 25 hours long), in total and per agent. Computed by the database, not by reading calls. Without `from` or ' +
    '`to`, the window runs from the first to the last matching call. Members may read it. The path segment `stats` is not a call id: ' +
    'a call recorded with call_id `stats` is listed but not read by id.',
  tag: 'Calls',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: TenantParamsSchema,
  query: CallStatsQuerySchema,
  responses: {
    200: { description: 'The figures; every period of the window is listed, with zeros where no call started.', schema: CallStatsSchema },
    400: problem('Invalid parameter (bucket, filter), `to` not after `from`, or a window of more periods than one request answers; `errors` names each.'),
    ...common,
  },
});

export const getCall = contract({
  method: 'get',
  path: '/api/v1/tenants/{tenant_id}/calls/{call_id}',
  operationId: 'getCall',
  summary: 'Read one call: transcript, summary and metadata',
  description: 'The call with its transcript as turns (speaker, text, time offset), its summary and its metadata. Another tenant\'s path is a 403; a call id this tenant does not have is a 404.',
  tag: 'Calls',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: CallParamsSchema,
  responses: {
    200: { description: 'The call.', schema: CallDetailSchema },
    ...common,
    404: problem('No such call in this tenant.'),
  },
});

export const recordCall = contract({
  method: 'post',
  path: '/api/v1/tenants/{tenant_id}/calls',
  operationId: 'recordCall',
  summary: 'Record a finished call (admin)',
  description: 'As the telephony side does. duration_seconds is derived; call_id is generated when absent.',
  tag: 'Calls',
  security: 'bearer',
  limits: TENANT_LIMITS,
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
});

/** This area's operations in the order the router tries them; `API_CONTRACTS` places the area. */
export const ROUTES = [listCalls, callStats, getCall, recordCall] as const;
