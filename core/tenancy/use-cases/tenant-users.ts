import { authorize, type Principal } from '../../auth/auth.model.js';
import { type Page, type PageRequest, mapPage, pageOf } from '../../shared/keyset-cursor.js';
import type { CursorSealer } from '../../shared/ports.js';
import type { UserRepository } from '../ports.js';
import type { User, UserView } from '../tenancy.model.js';

const SHAPE = ['string', 'string'] as const;

/**
 * The tenant's users as its members may see them (issue 27: the console's read-only list): no
 * password hash. Oldest first, keyset-paginated; creating, disabling and deleting users stay
 * operator commands (svc-admin).
 */
export class TenantUsers {
  constructor(
    private readonly users: UserRepository,
    private readonly sealer: CursorSealer,
  ) {}

  async list(principal: Principal, tenantId: string, page: PageRequest): Promise<Page<UserView>> {
    authorize(principal, tenantId, 'read');
    const keyset = { context: JSON.stringify(['users', tenantId]), shape: SHAPE, positionOf: (u: User) => [u.created_at, u.user_id] as [string, string] };
    const users = await pageOf(this.sealer, keyset, page, (after, limit) => this.users.listByTenant(tenantId, after && { created_at: after[0], user_id: after[1] }, limit));
    return mapPage(users, ({ password_hash: _hash, ...view }) => ({ ...view, disabled_at: view.disabled_at ?? null }));
  }
}
