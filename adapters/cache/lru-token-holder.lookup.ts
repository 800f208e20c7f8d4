import type { LRUCache } from 'lru-cache';
import type { TokenHolder } from '../../core/auth/auth.model.js';
import type { TokenHolderLookup } from '../../core/auth/ports.js';
import { USER_CHECK_TTL_MS } from '../../core/auth/use-cases/token-holders.js';
import { type LruOptions, lruWithTtl } from './lru-options.js';

/** Users remembered at most; past it the least recently used one goes (not the whole cache). */
export const TOKEN_HOLDER_CACHE_MAX_ENTRIES = 10_000;


/**
 * A `TokenHolderLookup` that remembers what it found (an unknown user included) for `ttlMs`
 * (ADR 0014): the bearer check of a busy user reads the store once per interval.
 */
export class LruTokenHolderLookup implements TokenHolderLookup {
  private readonly remembered: LRUCache<string, { holder: TokenHolder | null }>;

  constructor(
    private readonly lookup: TokenHolderLookup,
    options: LruOptions = {},
  ) {
    this.remembered = lruWithTtl(options, { ttlMs: USER_CHECK_TTL_MS, maxEntries: TOKEN_HOLDER_CACHE_MAX_ENTRIES });
  }

  async holderOf(userId: string): Promise<TokenHolder | null> {
    const cached = this.remembered.get(userId);
    if (cached) return cached.holder;
    const holder = await this.lookup.holderOf(userId);
    this.remembered.set(userId, { holder });
    return holder;
  }
}
