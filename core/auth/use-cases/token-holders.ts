import type { UserRepository } from '../../tenancy/ports.js';
import { type Principal, type TokenHolder, TokenRefused } from '../auth.model.js';
import type { TokenHolderLookup } from '../ports.js';

/**
 * How long a looked-up user may be trusted before the store is asked again (ADR 0014): the
 * remembering lookup the runtimes compose (adapters/cache/lru-token-holder.lookup.ts) uses it.
 */
export const USER_CHECK_TTL_MS = 2000;

/** The lookup straight from the user store (no memory): what the remembering one wraps. */
export function tokenHoldersOf(users: UserRepository): TokenHolderLookup {
  return {
    async holderOf(userId: string): Promise<TokenHolder | null> {
      const user = await users.findById(userId);
      return user ? { tenant_id: user.tenant_id, role: user.role, disabled: user.disabled_at != null } : null;
    },
  };
}

/**
 * A signed token speaks for its user only while that user exists, is enabled, and still has
 * the tenant and role the token names. With a lookup that remembers users for
 * `USER_CHECK_TTL_MS`, a busy user costs one store read per interval, and a user disabled or
 * deleted (by svc-admin, by another instance) loses access within it.
 */
export class TokenHolders {
  constructor(private readonly holders: TokenHolderLookup) {}

  /** Throws a TokenRefused (401) when the principal's user may not act any more. */
  async check(principal: Principal): Promise<void> {
    const holder = await this.holders.holderOf(principal.user_id);
    if (holder === null) throw new TokenRefused('user_unknown', 'The access token\'s user no longer exists.');
    if (holder.disabled) throw new TokenRefused('user_disabled', 'The access token\'s user is disabled.');
    if (holder.tenant_id !== principal.tenant_id || holder.role !== principal.role) {
      throw new TokenRefused('user_changed', 'The access token no longer matches its user\'s tenant or role; log in again.');
    }
  }
}
