import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import type { ApiKeyStore, VerificationLedger } from '../../core/attestation/ports.js';
import { LruApiKeyStore } from '../../adapters/cache/lru-api-key.store.js';
import { MemoryApiKeyStore } from '../../adapters/memory/memory-api-key.store.js';
import { MemoryVerificationLedger } from '../../adapters/memory/memory-verification.ledger.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { boundAdapters, contractSuite, type Adapter } from '../support/contract-suite.js';
import { aTrace } from '../fixtures/verification-trace-mother.js';

interface Ports {
  keys: ApiKeyStore;
  ledger: VerificationLedger;
}

const ADAPTERS: Adapter<Ports>[] = [
  { name: 'memory', make: async () => ({ keys: new MemoryApiKeyStore(), ledger: new MemoryVerificationLedger() }) },
  // The key cache the runtimes put in front of the store is an ApiKeyStore like any other.
  { name: 'memory-lru-cached', make: async () => ({ keys: new LruApiKeyStore(new MemoryApiKeyStore()), ledger: new MemoryVerificationLedger() }) },
  // On SQL, the key store as bound: the cache in front of the SQL store.
  ...boundAdapters<Ports>({ keys: ATTESTATION.ApiKeyStore, ledger: ATTESTATION.VerificationLedger }),
  // A SQLite file, as `npm start` opens it: its archive is written by a worker thread (ADR 0025).
  ...boundAdapters<Ports>({ keys: ATTESTATION.ApiKeyStore, ledger: ATTESTATION.VerificationLedger }, { onDisk: true }),
];

contractSuite('attestation ports contract', ADAPTERS, (adapter) => {
  let keys: ApiKeyStore;
  let ledger: VerificationLedger;
  beforeEach(async () => {
    ({ keys, ledger } = await adapter.make());
  });

  it('stores a key and finds it by hash only', async () => {
    await keys.insert({ key_id: 'key_1', key_hash: 'h1', label: 'L', per_minute: 600, created_at: '2026-11-01T00:00:00.000Z', revoked_at: null });
    expect(await keys.findByHash('h1')).toEqual({
      key_id: 'key_1', key_hash: 'h1', label: 'L', per_minute: 600, created_at: '2026-11-01T00:00:00.000Z', revoked_at: null, plan: { plan: 'production' },
    });
    expect(await keys.findByHash('h2')).toBeNull();
  });

  it('refuses a second key with the same hash and keeps the first', async () => {
    const rec = { key_id: 'key_1', key_hash: 'h1', label: 'L', per_minute: 600, created_at: 'x', revoked_at: null };
    await keys.insert(rec);
    await expect(keys.insert({ ...rec, key_id: 'key_2' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await keys.findByHash('h1'))?.key_id).toBe('key_1');
  });

  it('revokes once, keeps the first revocation time, and reports unknown keys', async () => {
    await keys.insert({ key_id: 'key_1', key_hash: 'h1', label: 'L', per_minute: 5, created_at: 'x', revoked_at: null });
    expect(await keys.revoke('key_1', '2026-11-02T00:00:00.000Z')).toBe(true);
    expect(await keys.revoke('key_1', '2026-11-09T00:00:00.000Z')).toBe(true);
    expect((await keys.findByHash('h1'))?.revoked_at).toBe('2026-11-02T00:00:00.000Z');
    expect(await keys.revoke('key_nope', 'x')).toBe(false);
  });

  it('archives a trace and reads back exactly what was stored', async () => {
    const t = aTrace();
    await ledger.record(t);
    expect(await ledger.find(t.request_id)).toEqual(t);
    const sandbox = aTrace({ tier: 'sandbox', key_id: null });
    await ledger.record(sandbox);
    expect(await ledger.find(sandbox.request_id)).toEqual(sandbox);
    expect(await ledger.find(crypto.randomUUID())).toBeNull();
  });

  it('meters every recorded call per key and month, sandbox apart', async () => {
    await ledger.record(aTrace());
    await ledger.record(aTrace());
    await ledger.record(aTrace({ served_at: '2026-12-01T00:00:00.000Z' }));
    await ledger.record(aTrace({ key_id: 'key_b' }));
    await ledger.record(aTrace({ tier: 'sandbox', key_id: null }));
    expect(await ledger.servedCalls('key_a', '2026-11')).toBe(2);
    expect(await ledger.servedCalls('key_a', '2026-12')).toBe(1);
    expect(await ledger.servedCalls('key_b', '2026-11')).toBe(1);
    expect(await ledger.servedCalls('key_c', '2026-11')).toBe(0);
  });

  it('refuses a duplicate request_id and neither archives nor meters it twice', async () => {
    const t = aTrace();
    await ledger.record(t);
    await expect(ledger.record({ ...t, request: { subject_artist: 'X', subject_title: 'Y' } })).rejects.toMatchObject({ code: 'CONFLICT' });
    // Grouped with others in one commit, the duplicate fails alone.
    const others = [aTrace(), aTrace()];
    const results = await Promise.allSettled([ledger.record(others[0]), ledger.record({ ...t }), ledger.record(others[1])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await ledger.servedCalls('key_a', '2026-11')).toBe(3);
    expect((await ledger.find(t.request_id))?.request.subject_artist).toBe('Turner');
  });

  it('records a group all or nothing: each archived and metered, or none when one request_id is taken', async () => {
    const group = [aTrace(), aTrace(), aTrace({ key_id: 'key_b' })];
    await ledger.recordAll(group.map((trace) => ({ trace })));
    for (const t of group) expect(await ledger.find(t.request_id)).toEqual(t);
    expect(await ledger.servedCalls('key_a', '2026-11')).toBe(2);
    expect(await ledger.servedCalls('key_b', '2026-11')).toBe(1);
    // One taken request_id: nothing of the group is written, alone or grouped with other records.
    const fresh = [aTrace(), aTrace()];
    await expect(ledger.recordAll([{ trace: fresh[0]! }, { trace: { ...group[1]! } }, { trace: fresh[1]! }])).rejects.toMatchObject({ code: 'CONFLICT' });
    const single = aTrace();
    const settled = await Promise.allSettled([ledger.record(single), ledger.recordAll([{ trace: fresh[0]! }, { trace: { ...group[0]! } }])]);
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    for (const t of fresh) expect(await ledger.find(t.request_id)).toBeNull();
    expect(await ledger.find(single.request_id)).toEqual(single);
    expect(await ledger.servedCalls('key_a', '2026-11')).toBe(3);
    await ledger.recordAll([]);
  });

  it('reads several traces together, exactly as find reads each; ids archived under none are absent', async () => {
    const traces = Array.from({ length: 7 }, (_, i) => aTrace(i % 2 === 0 ? {} : { tier: 'sandbox', key_id: null }));
    await ledger.recordAll(traces.map((trace) => ({ trace })));
    const missing = crypto.randomUUID();
    const found = await ledger.findAll([traces[3]!.request_id, missing, ...traces.map((t) => t.request_id), traces[0]!.request_id]);
    expect(found.size).toBe(7);
    for (const t of traces) expect(found.get(t.request_id)).toEqual(await ledger.find(t.request_id));
    expect(found.has(missing)).toBe(false);
    expect((await ledger.findAll([])).size).toBe(0);
  });

  it('round-trips any subject text (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), fc.string({ maxLength: 300 }), async (artist, title) => {
        const t = aTrace({ request: { subject_artist: artist, subject_title: title } });
        await ledger.record(t);
        expect((await ledger.find(t.request_id))?.request).toEqual({ subject_artist: artist, subject_title: title });
      }),
      { numRuns: 50 },
    );
  });

  it('lists a key\'s billed requests of a month in served order, page after page, exactly what it meters', async () => {
    const at = (day: number, ms: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.${String(ms).padStart(3, '0')}Z`;
    const mine = [
      aTrace({ served_at: at(3, 5) }),
      aTrace({ served_at: at(1, 0) }),
      aTrace({ served_at: at(3, 5) }),
      aTrace({ served_at: '2026-11-30T23:59:59.999Z' }),
      aTrace({ served_at: '2026-11-01T00:00:00.000Z' }),
    ];
    for (const t of mine) await ledger.record(t);
    await ledger.record(aTrace({ served_at: '2026-10-31T23:59:59.999Z' }));
    await ledger.record(aTrace({ served_at: '2026-12-01T00:00:00.000Z' }));
    await ledger.record(aTrace({ key_id: 'key_b', served_at: at(2, 0) }));
    await ledger.record(aTrace({ tier: 'sandbox', key_id: null, served_at: at(2, 0) }));
    const november = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
    const expected = [...mine]
      .sort((a, b) => (a.served_at === b.served_at ? (a.request_id < b.request_id ? -1 : 1) : a.served_at < b.served_at ? -1 : 1))
      .map((t) => ({ request_id: t.request_id, served_at: t.served_at, verdict: 'unavailable', subject: { artist: 'Turner', title: 'Snow Storm' } }));
    expect(await ledger.billed('key_a', november, null, 100)).toEqual(expected);
    const walked = [];
    let after = null;
    for (;;) {
      const page = await ledger.billed('key_a', november, after, 2);
      walked.push(...page);
      if (page.length < 2) break;
      after = page[page.length - 1];
    }
    expect(walked).toEqual(expected);
    expect(walked).toHaveLength(await ledger.servedCalls('key_a', '2026-11'));
    expect(await ledger.billed('key_c', november, null, 100)).toEqual([]);
  });

  it('counts concurrent records exactly once each', async () => {
    await Promise.all(Array.from({ length: 50 }, () => ledger.record(aTrace())));
    expect(await ledger.servedCalls('key_a', '2026-11')).toBe(50);
  });
});
