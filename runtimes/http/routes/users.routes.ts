import type { TenantUsers } from '../../../core/tenancy/use-cases/tenant-users.js';
import * as users from '../contracts/users.contracts.js';
import { principalOf } from '../middleware/bearer-auth.js';
import { implement, type Route } from '../route-contract.js';

export function usersRoutes(deps: { users: TenantUsers }): Route[] {
  return [
    implement(users.listTenantUsers, async (ctx, { params, query }) => {
      ctx.body = await deps.users.list(principalOf(ctx), params.tenant_id, query);
    }),
  ];
}
