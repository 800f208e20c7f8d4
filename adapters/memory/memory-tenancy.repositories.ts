import { conflict } from '../../core/shared/errors.js';
import type { TenantRepository, UserPosition, UserRepository } from '../../core/tenancy/ports.js';
import type { Tenant, User } from '../../core/tenancy/tenancy.model.js';

/** In-memory fake; passes the same contract suite as the SQL repository. */
export class MemoryTenantRepository implements TenantRepository {
  private readonly byId = new Map<string, Tenant>();

  async insert(tenant: Tenant): Promise<void> {
    if (this.byId.has(tenant.tenant_id)) throw conflict(`Tenant ${tenant.tenant_id} already exists.`);
    this.byId.set(tenant.tenant_id, { ...tenant });
  }

  async find(tenantId: string): Promise<Tenant | null> {
    const t = this.byId.get(tenantId);
    return t ? { ...t } : null;
  }

  async count(): Promise<number> {
    return this.byId.size;
  }
}

/** In-memory fake; passes the same contract suite as the SQL repository. */
export class MemoryUserRepository implements UserRepository {
  private readonly byEmail = new Map<string, User>();

  async insert(user: User): Promise<void> {
    if (this.byEmail.has(user.email)) throw conflict(`A user with email ${user.email} already exists.`);
    this.byEmail.set(user.email, { ...user, disabled_at: user.disabled_at ?? null });
  }

  async findByEmail(email: string): Promise<User | null> {
    const u = this.byEmail.get(email);
    return u ? { ...u } : null;
  }

  async findById(userId: string): Promise<User | null> {
    const u = [...this.byEmail.values()].find((v) => v.user_id === userId);
    return u ? { ...u } : null;
  }

  async setDisabled(userId: string, disabledAt: string | null): Promise<boolean> {
    const u = [...this.byEmail.values()].find((v) => v.user_id === userId);
    if (u) u.disabled_at = disabledAt;
    return u !== undefined;
  }

  async delete(userId: string): Promise<boolean> {
    const u = [...this.byEmail.values()].find((v) => v.user_id === userId);
    return u !== undefined && this.byEmail.delete(u.email);
  }

  async listByTenant(tenantId: string, after: UserPosition | null, limit: number): Promise<User[]> {
    const key = (u: UserPosition) => [u.created_at, u.user_id] as const;
    const before = (a: UserPosition, b: UserPosition) => {
      const [ka, kb] = [key(a), key(b)];
      return ka[0] !== kb[0] ? ka[0] < kb[0] : ka[1] < kb[1];
    };
    return [...this.byEmail.values()]
      .filter((u) => u.tenant_id === tenantId && (after === null || before(after, u)))
      .sort((a, b) => (before(a, b) ? -1 : 1))
      .slice(0, limit)
      .map((u) => ({ ...u }));
  }
}
