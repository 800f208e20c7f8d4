import type { Clock } from '../../shared/ports.js';
import type { UserRepository } from '../../tenancy/ports.js';
import type { Role } from '../../tenancy/tenancy.model.js';
import { type Principal, TokenRefused } from '../auth.model.js';

/** How long a looked-up user is trusted before the store is asked again (ADR 0014). */
export const USER_CHECK_TTL_MS = 2000;

interface Holder {
  tenant_id: string;
  role: Role;
  disabled: boolean;
}

/**
 * A signed token speaks for its user only while that user exists, is enabled, and still has
 * the tenant and role the token names. Lookups are remembered for `ttlMs`, so a busy user
 * costs one store read per interval, and a user disabled or deleted (by svc-admin, by another
 * instance) loses access within `ttlMs`.
 */
export class TokenHolders {
  private readonly cache = new Map<string, { holder: Holder | null; until: number }>();

  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly ttlMs: number = USER_CHECK_TTL_MS,
  ) {}

  /** Throws a TokenRefused (401) when the principal's user may not act any more. */
  async check(principal: Principal): Promise<void> {
    const holder = await this.lookup(principal.user_id);
    if (holder === null) throw new TokenRefused('user_unknown', 'The access token\'s user no longer exists.');
    if (holder.disabled) throw new TokenRefused('user_disabled', 'The access token\'s user is disabled.');
    if (holder.tenant_id !== principal.tenant_id || holder.role !== principal.role) {
      throw new TokenRefused('user_changed', 'The access token no longer matches its user\'s tenant or role; log in again.');
    }
  }

  private async lookup(userId: string): Promise<Holder | null> {
    const now = this.clock.now().getTime();
    const cached = this.cache.get(userId);
    if (cached && cached.until > now) return cached.holder;
    const user = await this.users.findById(userId);
    const holder = user ? { tenant_id: user.tenant_id, role: user.role, disabled: user.disabled_at != null } : null;
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(userId, { holder, until: now + this.ttlMs });
    return holder;
  }
}
