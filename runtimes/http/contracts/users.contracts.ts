import { TenantUserListSchema } from '../../shared/schemas/auth.schemas.js';
import { TenantParamsSchema } from '../../shared/schemas/calls.schemas.js';
import { PageQuerySchema } from '../../shared/schemas/page.schemas.js';
import { contract } from '../route-contract.js';
import { problem, TENANT_LIMITS } from './shared.js';

export const listTenantUsers = contract({
  method: 'get',
  path: '/api/v1/tenants/{tenant_id}/users',
  operationId: 'listTenantUsers',
  summary: 'List the tenant\'s users (read-only)',
  description:
    'Every user of the tenant, oldest first (created_at, then user_id), cursor-paginated: id, email, role and whether an ' +
    'operator disabled it. Members may read it. Users are created, disabled and deleted by operators (svc-admin users ...).',
  tag: 'Users',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: TenantParamsSchema,
  query: PageQuerySchema,
  responses: {
    200: { description: 'One page of users.', schema: TenantUserListSchema },
    400: problem('Invalid limit or cursor; `errors` names each.'),
    401: problem('Missing, malformed, expired or forged access token.'),
    403: problem('Another tenant\'s path.'),
    429: problem('The tenant\'s budget of calls and knowledge requests is spent; see `Retry-After`.'),
  },
});

/** The users area's operations, in router order. */
export const ROUTES = [listTenantUsers] as const;
