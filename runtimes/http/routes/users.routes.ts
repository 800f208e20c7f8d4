import * as users from '../contracts/users.contracts.js';
import type { HttpServices } from '../http-deps.js';
import { principalOf } from '../middleware/bearer-auth.js';
import type { HandlersOf } from '../route-contract.js';

export function usersHandlers(deps: Pick<HttpServices, 'tenantUsers'>): HandlersOf<typeof users> {
  return {
    listTenantUsers: async (ctx, { params, query }) => {
      ctx.body = await deps.tenantUsers.list(principalOf(ctx), params.tenant_id, query);
    },
  };
}
