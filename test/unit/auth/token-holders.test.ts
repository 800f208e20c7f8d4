import { describe, expect, it } from 'vitest';
import { principalFromClaims, TokenRefused } from '../../../core/auth/auth.model.js';
import { tokenHoldersOf, TokenHolders, USER_CHECK_TTL_MS } from '../../../core/auth/use-cases/token-holders.js';
import { LruTokenHolderLookup } from '../../../adapters/cache/lru-token-holder.lookup.js';
import { MemoryUserRepository } from '../../../adapters/memory/memory-tenancy.repositories.js';

/** Issue 14, defect 10: a signed token speaks for its user only while the user may act. */
class ControlledClock {
  ms = Date.parse('2026-11-03T10:00:00.000Z');
  now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

const user = { user_id: 'usr_1', tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' as const, password_hash: 'h', created_at: 'x' };
const principal = { user_id: 'usr_1', tenant_id: 'acme', role: 'admin' as const };

async function refusal(check: Promise<void>): Promise<string | null> {
  try {
    await check;
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(TokenRefused);
    expect(err).toMatchObject({ code: 'UNAUTHENTICATED' });
    return (err as TokenRefused).reason;
  }
}

describe('TokenHolders', () => {
  it('refuses a disabled or deleted user, at most USER_CHECK_TTL_MS after the change', async () => {
    const users = new MemoryUserRepository();
    await users.insert(user);
    const clock = new ControlledClock();
    const holders = new TokenHolders(new LruTokenHolderLookup(tokenHoldersOf(users), { now: () => clock.ms }));
    expect(await refusal(holders.check(principal))).toBeNull();

    await users.setDisabled('usr_1', clock.now().toISOString());
    clock.advance(USER_CHECK_TTL_MS);
    expect(await refusal(holders.check(principal)), 'still remembered, USER_CHECK_TTL_MS included').toBeNull();
    clock.advance(1);
    expect(await refusal(holders.check(principal))).toBe('user_disabled');

    await users.setDisabled('usr_1', null);
    clock.advance(USER_CHECK_TTL_MS + 1);
    expect(await refusal(holders.check(principal))).toBeNull();

    await users.delete('usr_1');
    clock.advance(USER_CHECK_TTL_MS + 1);
    expect(await refusal(holders.check(principal))).toBe('user_unknown');
  });

  it('refuses a token naming another tenant or role than its user has', async () => {
    const users = new MemoryUserRepository();
    await users.insert(user);
    const holders = new TokenHolders(tokenHoldersOf(users));
    expect(await refusal(holders.check({ ...principal, tenant_id: 'globex' }))).toBe('user_changed');
    expect(await refusal(holders.check({ ...principal, role: 'member' }))).toBe('user_changed');
    expect(await refusal(holders.check({ ...principal, user_id: 'usr_404' }))).toBe('user_unknown');
  });
});

describe('principalFromClaims and the token lifetime', () => {
  const now = new Date('2026-11-03T10:00:00.000Z');
  const iat = now.getTime() / 1000 - 10;
  const claims = (lifetime: number) => ({ sub: 'usr_1', tenant_id: 'acme', role: 'member', iat, exp: iat + lifetime });

  it('accepts a lifetime up to the one the login issues and refuses a longer one', () => {
    expect(principalFromClaims(claims(3600), now, 3600)).toMatchObject({ user_id: 'usr_1' });
    expect(() => principalFromClaims(claims(3601), now, 3600)).toThrow(expect.objectContaining({ reason: 'token_lifetime', code: 'UNAUTHENTICATED' }));
    expect(() => principalFromClaims(claims(10 * 365 * 86400), now, 3600)).toThrow(expect.objectContaining({ reason: 'token_lifetime' }));
  });

  it('remembers users least recently used first, never dropping the whole memory at once', async () => {
    const reads: string[] = [];
    const lookup = { holderOf: async (id: string) => (reads.push(id), { tenant_id: 'acme', role: 'admin' as const, disabled: false }) };
    const clock = new ControlledClock();
    const remembered = new LruTokenHolderLookup(lookup, { maxEntries: 2, now: () => clock.ms });
    for (const id of ['a', 'b', 'a', 'c', 'a', 'b']) await remembered.holderOf(id);
    // 'c' pushes out 'b' (least recently used), not 'a'; 'b' is read again.
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });
});
