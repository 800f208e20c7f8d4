import type { LRUCache } from 'lru-cache';
import type { KeyPlan } from '../../core/billing/billing.model.js';
import type { ApiKeyRecord, ApiKeyStore } from '../../core/attestation/ports.js';
import { type LruOptions, lruWithTtl } from './lru-options.js';

/** How long a key found valid is trusted without asking the store again (ADR 0002). */
export const KEY_CACHE_TTL_MS = 1000;
/** Keys remembered at most; past it the least recently used one goes. */
export const KEY_CACHE_MAX_ENTRIES = 10_000;

export type ApiKeyCacheOptions = LruOptions;

/**
 * An `ApiKeyStore` that remembers the valid keys it found by hash for `ttlMs`, so a busy key
 * costs one store lookup per second, not one per request. Unknown and revoked keys are not
 * remembered. A revocation or plan change made through this store takes effect at once; one
 * made by another process (svc-admin, another instance) within `ttlMs`.
 */
export class LruApiKeyStore implements ApiKeyStore {
  private readonly valid: LRUCache<string, ApiKeyRecord>;

  constructor(
    private readonly store: ApiKeyStore,
    options: ApiKeyCacheOptions = {},
  ) {
    this.valid = lruWithTtl(options, { ttlMs: KEY_CACHE_TTL_MS, maxEntries: KEY_CACHE_MAX_ENTRIES });
  }

  /**
   * A remembered key is returned as it is kept: a frozen copy made once, when it was found, so
   * that no caller can change what the next one is given (a copy per request cost a keyed verify
   * about 6 µs of the event loop).
   */
  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const cached = this.valid.get(keyHash);
    if (cached) return cached;
    const record = await this.store.findByHash(keyHash);
    if (record && record.revoked_at === null) this.valid.set(keyHash, deepFrozen(structuredClone(record)));
    else this.valid.delete(keyHash);
    return record;
  }

  insert(record: ApiKeyRecord): Promise<void> {
    return this.store.insert(record);
  }

  find(keyId: string): Promise<ApiKeyRecord | null> {
    return this.store.find(keyId);
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.store.list();
  }

  async revoke(keyId: string, at: string): Promise<boolean> {
    const found = await this.store.revoke(keyId, at);
    this.forget(keyId);
    return found;
  }

  async setPlan(keyId: string, plan: KeyPlan): Promise<boolean> {
    const found = await this.store.setPlan(keyId, plan);
    this.forget(keyId);
    return found;
  }

  private forget(keyId: string): void {
    for (const [hash, record] of this.valid.entries()) {
      if (record.key_id === keyId) this.valid.delete(hash);
    }
  }
}

/** `value` with every object in it frozen. */
function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}
