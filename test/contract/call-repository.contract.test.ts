import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { compareCalls, type CallFilter, type CallRecord, toSummary } from '../../core/calls/call.model.js';
import type { CallRepository } from '../../core/calls/ports.js';
import { parseSearchQuery, searchTokens } from '../../core/shared/search-query.js';
import type { TenantRepository } from '../../core/tenancy/ports.js';
import { MemoryCallRepository } from '../../adapters/memory/memory-call.repository.js';
import { MemoryTenantRepository } from '../../adapters/memory/memory-tenancy.repositories.js';
import { CALLS } from '../../runtimes/shared/composition/calls.tokens.js';
import { TENANCY } from '../../runtimes/shared/composition/tenancy.tokens.js';
import { aCall, callsArbitrary } from '../fixtures/call-mother.js';
import { boundAdapters, contractSuite, type Adapter } from '../support/contract-suite.js';

/** Every adapter of CallRepository passes this suite. */
interface Ports {
  calls: CallRepository;
  tenants: TenantRepository;
}

const ADAPTERS: Adapter<Ports>[] = [
  { name: 'memory', make: async () => ({ calls: new MemoryCallRepository(), tenants: new MemoryTenantRepository() }) },
  ...boundAdapters<Ports>({ calls: CALLS.CallRepository, tenants: TENANCY.TenantRepository }),
];


const noFilter: CallFilter = { terms: [] };
const search = (q: string): CallFilter => ({ terms: parseSearchQuery(q) });
const ids = (rows: { call_id: string }[]) => rows.map((r) => r.call_id);
const detail = (c: CallRecord) => {
  const { tenant_id: _tenant, ...rest } = c;
  return rest;
};

/** The reference result: the calls that pass, in list order. */
function expected(calls: CallRecord[], tenantId: string, keep: (c: CallRecord) => boolean = () => true) {
  return calls.filter((c) => c.tenant_id === tenantId && keep(c)).sort(compareCalls).map(toSummary);
}

async function walk(repo: CallRepository, tenantId: string, filter: CallFilter, limit: number) {
  const out = [];
  let after = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = await repo.list(tenantId, filter, after, limit);
    out.push(...page);
    if (page.length < limit) return out;
    after = page[page.length - 1];
  }
  throw new Error('pagination does not end');
}

contractSuite('CallRepository contract', ADAPTERS, (adapter) => {
  let calls: CallRepository;
  beforeEach(async () => {
    const made = await adapter.make();
    calls = made.calls;
    for (const tenant_id of ['acme', 'globex']) await made.tenants.insert({ tenant_id, name: tenant_id, created_at: '2026-11-01T00:00:00.000Z' });
  });

  it('stores a call and reads back exactly the detail view, scoped by tenant', async () => {
    const call = aCall({ metadata: { language: 'fr', tags: ['a', 'b'], nested: { score: 0.5, ok: true, none: null } }, agent_id: null, summary: null });
    await calls.insert(call);
    expect(await calls.find('acme', call.call_id)).toEqual(detail(call));
    expect(await calls.find('globex', call.call_id)).toBeNull();
    expect(await calls.find('acme', 'call_nope')).toBeNull();
  });

  it('refuses a second call with the same call_id in a tenant (CONFLICT), allows it in another tenant', async () => {
    const call = aCall();
    await calls.insert(call);
    await expect(calls.insert({ ...call, summary: 'other' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await calls.find('acme', call.call_id))?.summary).toBe(call.summary);
    await calls.insert({ ...call, tenant_id: 'globex' });
    expect(await calls.find('globex', call.call_id)).toEqual(detail(call));
  });

  it('inserts a batch, skipping ids already stored or repeated in the batch, and reports their indexes', async () => {
    const existing = aCall();
    await calls.insert(existing);
    const a = aCall();
    const b = aCall();
    const skipped = await calls.insertMany([a, { ...existing, summary: 'dup' }, b, { ...a, summary: 'dup again' }, { ...a, tenant_id: 'globex' }]);
    expect(skipped).toEqual([1, 3]);
    expect((await calls.find('acme', a.call_id))?.summary).toBe(a.summary);
    expect((await calls.find('acme', existing.call_id))?.summary).toBe(existing.summary);
    expect(await calls.find('globex', a.call_id)).not.toBeNull();
    expect(await calls.insertMany([])).toEqual([]);
  });

  it('stores a batch whole or not at all', async () => {
    const batch = Array.from({ length: 450 }, () => aCall());
    batch[401] = aCall({ metadata: { unserialisable: 1n } as unknown as Record<string, unknown> });
    await expect(calls.insertMany(batch)).rejects.toThrow();
    expect(await calls.list('acme', noFilter, null, 10)).toEqual([]);
    expect(await calls.find('acme', batch[0].call_id)).toBeNull();
  });

  it('lists newest first, ties broken by call_id descending, and pages by keyset', async () => {
    const t = '2026-11-03T10:00:00.000Z';
    const batch = [aCall({ call_id: 'b', started_at: t }), aCall({ call_id: 'c', started_at: t }), aCall({ call_id: 'a', started_at: t }), aCall({ call_id: 'z', started_at: '2026-11-03T09:00:00.000Z' }), aCall({ call_id: 'y', started_at: '2026-11-03T11:00:00.000Z' })];
    await calls.insertMany(batch);
    expect(ids(await calls.list('acme', noFilter, null, 10))).toEqual(['y', 'c', 'b', 'a', 'z']);
    expect(ids(await calls.list('acme', noFilter, { started_at: t, call_id: 'c' }, 2))).toEqual(['b', 'a']);
    expect(ids(await calls.list('acme', noFilter, { started_at: t, call_id: 'a' }, 2))).toEqual(['z']);
    expect(await calls.list('globex', noFilter, null, 10)).toEqual([]);
  });

  it('filters by channel, direction and the started_at window (from inclusive, to exclusive)', async () => {
    const batch = [
      aCall({ call_id: 'v1', channel: 'voice', direction: 'inbound', started_at: '2026-11-03T10:00:00.000Z' }),
      aCall({ call_id: 'e1', channel: 'email', direction: 'outbound', started_at: '2026-11-03T11:00:00.000Z' }),
      aCall({ call_id: 'v2', channel: 'voice', direction: 'outbound', started_at: '2026-11-03T12:00:00.000Z' }),
    ];
    await calls.insertMany(batch);
    expect(ids(await calls.list('acme', { terms: [], channel: 'voice' }, null, 10))).toEqual(['v2', 'v1']);
    expect(ids(await calls.list('acme', { terms: [], direction: 'outbound' }, null, 10))).toEqual(['v2', 'e1']);
    expect(ids(await calls.list('acme', { terms: [], from: '2026-11-03T11:00:00.000Z', to: '2026-11-03T12:00:00.000Z' }, null, 10))).toEqual(['e1']);
    expect(ids(await calls.list('acme', { terms: [], channel: 'voice', direction: 'outbound', to: '2026-11-03T12:00:00.001Z' }, null, 10))).toEqual(['v2']);
  });

  describe('text search', () => {
    beforeEach(async () => {
      await calls.insertMany([
        aCall({ call_id: 'fr', summary: 'Réservation annulée par Élodie', transcript: [{ speaker: 'customer', text: 'Je voudrais annuler ma réservation au café.', offset_ms: 0 }] }),
        aCall({ call_id: 'en', summary: 'Refund for order BL-123456', transcript: [{ speaker: 'customer', text: 'I want a REFUND for my naïve order.', offset_ms: 0 }] }),
        aCall({ call_id: 'de', summary: null, transcript: [{ speaker: 'agent', text: 'Herr Müller, Ihre Lieferung kommt morgen.', offset_ms: 0 }] }),
        aCall({ call_id: 'other-tenant', tenant_id: 'globex', summary: 'Refund réservation', transcript: [] }),
      ]);
    });

    const hits = async (q: string, extra: Partial<CallFilter> = {}) => ids(await calls.list('acme', { ...search(q), ...extra }, null, 50)).sort();

    it('ignores case and accents, in both directions', async () => {
      expect(await hits('reservation')).toEqual(['fr']);
      expect(await hits('RÉSERVATION')).toEqual(['fr']);
      expect(await hits('elodie')).toEqual(['fr']);
      expect(await hits('Cafe')).toEqual(['fr']);
      expect(await hits('naive')).toEqual(['en']);
      expect(await hits('MULLER')).toEqual(['de']);
      expect(await hits('refund')).toEqual(['en']);
    });

    it('needs every word, each in the transcript or the summary', async () => {
      expect(await hits('refund order')).toEqual(['en']);
      expect(await hits('refund réservation')).toEqual([]);
      expect(await hits('annulée voudrais')).toEqual(['fr']); // one word from the summary, one from the transcript
      expect(await hits('bl 123456')).toEqual(['en']);
    });

    it('treats a trailing * as a prefix, and only a trailing one', async () => {
      expect(await hits('réserv*')).toEqual(['fr']);
      expect(await hits('lief*')).toEqual(['de']);
      expect(await hits('ref*')).toEqual(['en']);
      expect(await hits('reserv')).toEqual([]);
      expect(await hits('*efund')).toEqual([]); // a leading * is punctuation: the word is `efund`
    });

    it('finds nothing for unknown words, and never another tenant\'s calls', async () => {
      expect(await hits('xyzzy')).toEqual([]);
      expect(ids(await calls.list('globex', search('refund'), null, 10))).toEqual(['other-tenant']);
    });

    it('reads operator and SQL-like input as plain words, never as syntax', async () => {
      for (const q of ['" OR 1=1 --', "'; DROP TABLE calls; --", 'refund OR xyzzy', 'NOT refund', 'refund AND order', 'NEAR(refund order)', 'summary:refund', '{summary}: refund', '^refund', 'refund + order', '"refund', 'refund"*', '(refund)', '*', '***', '" "', '\u0000', '💥 refund']) {
        await expect(calls.list('acme', search(q), null, 10), q).resolves.toBeInstanceOf(Array);
      }
      expect(await hits('refund OR xyzzy')).toEqual([]); // OR is a word that must match
      expect(await hits('(refund)')).toEqual(['en']);
      expect(await hits('summary:refund')).toEqual([]);
      expect(await hits('💥 refund')).toEqual(['en']);
    });

    it('pages matches in order however far back they are among many newer calls', async () => {
      // 900 newer calls without the words; `ancient` only in the 25 oldest; `sparse` in every
      // 40th call, so matches straddle any window of newest calls an adapter looks at first;
      // `third` in every third, so `third sparse` meet less often than either word occurs.
      const many = Array.from({ length: 925 }, (_, i) =>
        aCall({
          call_id: `bulk-${String(i).padStart(4, '0')}`,
          started_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
          summary: [i < 25 ? 'ancient' : '', i % 40 === 0 ? 'sparse' : '', i % 3 === 0 ? 'third' : ''].join(' ').trim() || null,
          transcript: [{ speaker: 'agent', text: 'filler words only', offset_ms: 0 }],
        }),
      );
      await calls.insertMany(many);
      await calls.compact(); // word statistics, where an adapter plans by them
      const newestFirst = (keep: (i: number) => boolean) =>
        many.filter((_, i) => keep(i)).map((c) => c.call_id).reverse();
      // Common words together (in every call), and a common word with a rarer one.
      expect(ids(await walk(calls, 'acme', search('filler only'), 50))).toEqual(newestFirst(() => true));
      expect(ids(await walk(calls, 'acme', search('filler ancient'), 10))).toEqual(newestFirst((i) => i < 25));
      expect(ids(await walk(calls, 'acme', search('fill* wor*'), 100))).toEqual(newestFirst(() => true));
      expect(ids(await walk(calls, 'acme', search('ancient'), 10))).toEqual(newestFirst((i) => i < 25));
      expect(ids(await walk(calls, 'acme', search('sparse'), 7))).toEqual(newestFirst((i) => i % 40 === 0));
      expect(ids(await walk(calls, 'acme', search('ancient sparse'), 3))).toEqual(newestFirst((i) => i < 25 && i % 40 === 0));
      expect(ids(await walk(calls, 'acme', search('third sparse'), 3))).toEqual(newestFirst((i) => i % 3 === 0 && i % 40 === 0));
      expect(ids(await walk(calls, 'acme', search('filler third sparse'), 2))).toEqual(newestFirst((i) => i % 3 === 0 && i % 40 === 0));
    });

    it('combines text with the other filters and the cursor', async () => {
      await calls.insert(aCall({ call_id: 'en-email', channel: 'email', summary: 'Another refund' }));
      expect(await hits('refund', { channel: 'email' })).toEqual(['en-email']);
      const all = await calls.list('acme', search('refund'), null, 10);
      expect(ids(all)).toEqual(ids([...all].sort(compareCalls)));
      expect(ids(await calls.list('acme', search('refund'), all[0], 10))).toEqual(ids(all.slice(1)));
    });
  });

  it('pages through every call exactly once, in order, whatever the page size (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(callsArbitrary('acme', { maxLength: 30 }), fc.integer({ min: 1, max: 7 }), fc.constantFrom('', 'refund', 'réserv*', 'cafe order'), async (batch, limit, q) => {
        const { calls: repo, tenants } = await adapter.make();
        await tenants.insert({ tenant_id: 'acme', name: 'acme', created_at: '2026-11-01T00:00:00.000Z' });
        await repo.insertMany(batch);
        const filter = search(q);
        const walked = await walk(repo, 'acme', filter, limit);
        // The reference: fold as the index does, split into words, every term a word (or a word's prefix).
        const words = (c: CallRecord) => searchTokens(`${c.summary ?? ''} ${c.transcript.map((t) => t.text).join(' ')}`);
        const reference = expected(batch, 'acme', (c) =>
          filter.terms.every((t) => words(c).some((w) => (t.prefix ? w.startsWith(t.text) : w === t.text))),
        );
        expect(ids(walked)).toEqual(ids(reference));
        expect(walked).toEqual(reference);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 40) },
    );
  });

  it('keeps a walk free of duplicates and gaps while calls arrive', async () => {
    const initial = Array.from({ length: 60 }, (_, i) => aCall({ call_id: `init-${String(i).padStart(3, '0')}`, started_at: new Date(Date.UTC(2026, 10, 3) + (i % 20) * 1000).toISOString() }));
    await calls.insertMany(initial);
    const seen: string[] = [];
    let after = null;
    let n = 0;
    for (;;) {
      const page = await calls.list('acme', noFilter, after, 7);
      seen.push(...ids(page));
      // New calls before, inside and after the walked range.
      await calls.insert(aCall({ call_id: `new-${n++}`, started_at: new Date(Date.UTC(2026, 10, 3) + ((n * 7) % 25) * 1000 - 2000).toISOString() }));
      if (page.length < 7) break;
      after = page[page.length - 1];
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const c of initial) expect(seen).toContain(c.call_id);
  });

  it('round-trips any transcript text and metadata (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 })), async (text, metadata) => {
        const call = aCall({ transcript: [{ speaker: 'customer', text, offset_ms: 5 }], metadata: JSON.parse(JSON.stringify(metadata)) });
        await calls.insert(call);
        expect(await calls.find('acme', call.call_id)).toEqual(detail(call));
      }),
      { numRuns: 40 },
    );
  });

  it('never fails on any query text (fast-check)', async () => {
    await calls.insertMany([aCall({ summary: 'refund' })]);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 30 }), async (a, b) => {
        await calls.list('acme', search(`${a} ${b}`.slice(0, 500)), null, 5);
      }),
      { numRuns: 150 },
    );
  });
});
