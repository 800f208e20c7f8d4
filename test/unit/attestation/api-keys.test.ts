import { describe, expect, it } from 'vitest';
import { requireProduction } from '../../../core/attestation/caller.js';
import { ApiKeys, parseMonth } from '../../../core/attestation/use-cases/api-keys.js';
import type { ApiKeyRecord, ApiKeyStore } from '../../../core/attestation/ports.js';
import { MemoryApiKeyStore } from '../../../adapters/memory/memory-api-key.store.js';
import { LruApiKeyStore } from '../../../adapters/cache/lru-api-key.store.js';

/** ApiKeys as the runtimes bind it: over the store behind the one-second cache. */
function setup(cache: { maxEntries?: number } = {}) {
  let now = Date.parse('2026-11-21T10:00:00.000Z');
  let n = 0;
  const store = new MemoryApiKeyStore();
  let lookups = 0;
  const counting: ApiKeyStore = {
    insert: (r: ApiKeyRecord) => store.insert(r),
    findByHash: (h: string) => (lookups++, store.findByHash(h)),
    find: (id: string) => store.find(id),
    list: () => store.list(),
    revoke: (id: string, at: string) => store.revoke(id, at),
    setPlan: (id, plan) => store.setPlan(id, plan),
  };
  const keys = new ApiKeys(
    new LruApiKeyStore(counting, { ...cache, now: () => now }),
    { hash: (k) => `h(${k})` },
    { uuid: () => `uuid-${++n}`, secret: () => `s${++n}` },
    { now: () => new Date(now) },
  );
  return { keys, store, advance: (ms: number) => (now += ms), lookups: () => lookups };
}

describe('ApiKeys', () => {
  it('creates keys with a default budget and validates label and per_minute', async () => {
    const { keys } = setup();
    expect(await keys.create('  Acme  ')).toMatchObject({ label: 'Acme', per_minute: 600 });
    await expect(keys.create('  ')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(keys.create('x', 0)).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(keys.create('x', 1.5)).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('carries a plan: production by default, a pilot with a real end day, a custom price list that is valid', async () => {
    const { keys, store } = setup();
    const plain = await keys.create('a');
    expect(plain.plan).toEqual({ plan: 'production' });
    expect((await store.find(plain.key_id))?.plan).toEqual({ plan: 'production' });
    const pilot = await keys.create('b', undefined, { plan: 'pilot', until: '2027-02-28' });
    expect((await store.find(pilot.key_id))?.plan).toEqual({ plan: 'pilot', until: '2027-02-28' });
    for (const until of ['2027-02-29', '2027-2-1', 'soon']) {
      await expect(keys.create('c', undefined, { plan: 'pilot', until })).rejects.toMatchObject({ code: 'VALIDATION' });
    }
    const bad = { verify_bands: [{ up_to: 10, unit_cents: 5 }], research_tiers: { standard: { price_cents: 100, description: 's' } } };
    await expect(keys.create('d', undefined, { plan: 'custom', price_list: bad })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await keys.setPlan(pilot.key_id, { plan: 'production' })).toEqual({ key_id: pilot.key_id, plan: { plan: 'production' } });
    expect((await store.find(pilot.key_id))?.plan).toEqual({ plan: 'production' });
    await expect(keys.setPlan('key_nope', { plan: 'production' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('no key is the sandbox; empty, over-long, unknown and revoked keys are 401', async () => {
    const { keys } = setup();
    expect(await keys.authenticate(undefined)).toEqual({ tier: 'sandbox' });
    for (const bad of ['', 'x'.repeat(201), 'svk_unknown']) {
      await expect(keys.authenticate(bad)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    const created = await keys.create('a', 7);
    expect(await keys.authenticate(created.key)).toEqual({ tier: 'production', key_id: created.key_id, per_minute: 7 });
    await keys.revoke(created.key_id);
    await expect(keys.authenticate(created.key)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(keys.revoke('key_nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('remembers a valid key for one second; a revocation elsewhere is seen after that', async () => {
    const { keys, store, advance, lookups } = setup();
    const created = await keys.create('a');
    await keys.authenticate(created.key);
    await keys.authenticate(created.key);
    expect(lookups()).toBe(1);
    await store.revoke(created.key_id, 'x'); // another process revokes it
    advance(999);
    expect((await keys.authenticate(created.key)).tier).toBe('production');
    advance(2);
    await expect(keys.authenticate(created.key)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('a revocation or plan change through this instance is seen at once; unknown keys are not remembered', async () => {
    const { keys, lookups } = setup();
    const a = await keys.create('a');
    const b = await keys.create('b');
    await keys.authenticate(a.key);
    await keys.authenticate(b.key);
    await keys.setPlan(b.key_id, { plan: 'pilot', until: '2027-01-31' });
    await keys.authenticate(b.key);
    expect(lookups()).toBe(3);
    await keys.revoke(a.key_id);
    await expect(keys.authenticate(a.key)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(keys.authenticate(a.key)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(keys.authenticate('svk_unknown')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(keys.authenticate('svk_unknown')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(lookups()).toBe(7);
  });

  it('gives a remembered key as a frozen copy: neither a caller nor the store can change what the next lookup gets', async () => {
    const store = new MemoryApiKeyStore();
    const record: ApiKeyRecord = { key_id: 'k1', label: 'a', per_minute: 60, key_hash: 'h1', created_at: '2026-11-26T00:00:00.000Z', revoked_at: null, plan: { plan: 'pilot', until: '2027-01-31' } };
    await store.insert(record);
    const cache = new LruApiKeyStore(store);
    const first = await cache.findByHash('h1'); // from the store: the store's own record
    const again = (await cache.findByHash('h1'))!; // remembered
    expect(again).toEqual(first);
    expect(Object.isFrozen(again) && Object.isFrozen(again.plan)).toBe(true);
    expect(() => {
      (again as { per_minute: number }).per_minute = 1;
    }).toThrow(TypeError);
    expect(() => {
      (again.plan as { until: string }).until = '2099-01-01';
    }).toThrow(TypeError);
    first!.per_minute = 2; // the store's object, changed by its caller
    expect(await cache.findByHash('h1')).toMatchObject({ per_minute: 60, plan: { plan: 'pilot', until: '2027-01-31' } });
  });

  it('remembers at most maxEntries keys, dropping the least recently used one (not the whole cache)', async () => {
    const { keys, lookups } = setup({ maxEntries: 3 });
    const created = [await keys.create('a'), await keys.create('b'), await keys.create('c'), await keys.create('d')];
    for (const k of created.slice(0, 3)) await keys.authenticate(k.key);
    await keys.authenticate(created[0]!.key); // a is now the most recent: b is the least
    expect(lookups()).toBe(3);
    await keys.authenticate(created[3]!.key); // d pushes b out
    expect(lookups()).toBe(4);
    for (const k of [created[0]!, created[2]!, created[3]!]) await keys.authenticate(k.key);
    expect(lookups()).toBe(4);
    await keys.authenticate(created[1]!.key);
    expect(lookups()).toBe(5);
  });
});

describe('usage helpers', () => {
  it('needs a production caller', () => {
    expect(() => requireProduction({ tier: 'sandbox' })).toThrow(/production API key/);
  });
  it('defaults to the current UTC month and refuses malformed months', () => {
    expect(parseMonth(undefined, new Date('2026-02-28T23:59:59Z'))).toBe('2026-02');
    for (const bad of ['2026-13', '2026-1', '26-01', '2026-00', '2026-01-01']) expect(() => parseMonth(bad, new Date())).toThrow();
  });
});
