import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { MemoryCallRepository } from '../../adapters/memory/memory-call.repository.js';
import { MemoryTenantRepository } from '../../adapters/memory/memory-tenancy.repositories.js';
import { MemoryEventOutbox, MemorySubscriptionStore } from '../../adapters/memory/memory-webhook.stores.js';
import type { Principal } from '../../core/auth/auth.model.js';
import { type CallRecord, toSummary } from '../../core/calls/call.model.js';
import { MAX_ERASED_CALL_IDS } from '../../core/calls/erasure.model.js';
import type { CallRepository } from '../../core/calls/ports.js';
import { parseSearchQuery } from '../../core/shared/search-query.js';
import { CallErasure, OPERATOR_REQUESTER } from '../../core/calls/use-cases/call-erasure.js';
import { callCreated } from '../../core/calls/call-events.js';
import { newEventFactory } from '../../core/events/event.model.js';
import type { EventOutbox, SubscriptionStore } from '../../core/events/ports.js';
import { CALLS } from '../../runtimes/shared/composition/calls.tokens.js';
import { WEBHOOKS } from '../../runtimes/shared/composition/webhooks.tokens.js';
import { aCall } from '../fixtures/call-mother.js';
import { type Adapter, contractSuite, overDatabases } from '../support/contract-suite.js';
import { aSubscription } from '../fixtures/webhook-mother.js';

/**
 * Issue 30: a caller's calls erased on request (every call of a number, or calls by id), with
 * their search entries and the `call.created` events that carry them; one `calls.erased` event
 * and a record without personal data. Memory, SQLite and PostgreSQL.
 */
interface Ports {
  calls: CallRepository;
  erasure: CallErasure;
  subs: SubscriptionStore;
  outbox: EventOutbox;
  /** What the dialect's search index still holds for calls (rows), or null in memory. */
  indexEntries: (() => Promise<number>) | null;
}

const TENANTS = ['acme', 'globex'];
const events = newEventFactory(randomUUID, () => new Date());
const ADAPTERS: Adapter<Ports>[] = [
  {
    name: 'memory',
    make: async () => {
      const subs = new MemorySubscriptionStore();
      const outbox = new MemoryEventOutbox(subs);
      const calls = new MemoryCallRepository(outbox);
      const tenants = new MemoryTenantRepository();
      for (const t of TENANTS) await tenants.insert({ tenant_id: t, name: t, created_at: '2026-01-01T00:00:00.000Z' });
      const erasure = new CallErasure(calls, tenants, events, { uuid: randomUUID, secret: () => randomUUID() }, { now: () => new Date() });
      return { calls, erasure, subs, outbox, indexEntries: null };
    },
  },
  ...overDatabases(({ name, database, resolve }) => {
    const indexEntries =
      name === 'sqlite'
        ? async () => Number((await sql<{ n: number }>`SELECT (SELECT count(*) FROM calls_fts) + (SELECT count(*) FROM calls_search_keys) AS n`.execute(database.db)).rows[0].n) / 2
        : async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM calls WHERE search IS NOT NULL`.execute(database.db)).rows[0].n);
    return { ...resolve<Omit<Ports, 'indexEntries'>>({ calls: CALLS.CallRepository, erasure: CALLS.CallErasure, subs: WEBHOOKS.SubscriptionStore, outbox: WEBHOOKS.EventOutbox }), indexEntries };
  }, { tenants: TENANTS }),
];

const SUBJECT = '+33 6 12 34 56 78';
const admin: Principal = { user_id: 'usr_admin', tenant_id: 'acme', role: 'admin' };
const FAR = '2099-01-01T00:00:00.000Z';

contractSuite('call erasure contract', ADAPTERS, (adapter) => {
  let ports: Ports;
  let subjectCalls: CallRecord[];
  let others: CallRecord[];
  let elsewhere: CallRecord;
  beforeEach(async () => {
    ports = await adapter.make();
    await ports.subs.insert(aSubscription({ owner: { kind: 'tenant', id: 'acme' } }));
    subjectCalls = [1, 2, 3].map(() => aCall({ caller: SUBJECT, summary: 'Heliotrope parcel for Mrs Quimby', transcript: [{ speaker: 'customer', text: 'My name is Quimby, zanzibar street', offset_ms: 0 }] }));
    others = [aCall({ caller: '+33 6 00 00 00 01', summary: 'Heliotrope delivery question' }), aCall({ caller: `${SUBJECT}9`, summary: 'Another caller' })];
    elsewhere = aCall({ tenant_id: 'globex', caller: SUBJECT, summary: 'Heliotrope at globex, Quimby' });
    for (const call of [...subjectCalls, ...others, elsewhere]) {
      const { tenant_id, ...detail } = call;
      await ports.calls.insert(call, [callCreated(events, tenant_id, toSummary(detail))]);
    }
  });

  const ids = (rows: { call_id: string }[]) => rows.map((r) => r.call_id).sort();
  const listed = async (tenant: string, q?: string) => ids(await ports.calls.list(tenant, { terms: q ? parseSearchQuery(q) : [] }, null, 100));
  /** The envelopes the tenant's subscription would receive now. */
  const delivered = async () => {
    await ports.outbox.fanOut(FAR, 1000, () => `dlv_${randomUUID().replace(/-/g, '')}`);
    return (await ports.outbox.claimDue({ owner: 'test', now: FAR, until: '2099-01-01T00:01:00.000Z' }, 1000, { perSubscription: 16, perOwner: 1000 })).map((d) => JSON.parse(d.payload));
  };

  it('erases every call of a caller number in the tenant, its search entries and its call.created events; one calls.erased event, a record without personal data', async () => {
    const before = ports.indexEntries ? await ports.indexEntries() : null;
    const record = await ports.erasure.erase({ principal: admin }, 'acme', { caller_number: `  ${SUBJECT} ` });
    expect(record).toEqual({ erasure_id: expect.stringMatching(/^era_[0-9a-f]{32}$/), tenant_id: 'acme', requested_by: 'usr_admin', requested_at: expect.any(String), selector: 'caller_number', calls_erased: 3 });
    expect(JSON.stringify(record)).not.toMatch(/33 6|Quimby|call_/);
    expect(await listed('acme')).toEqual(ids(others));
    for (const call of subjectCalls) expect(await ports.calls.find('acme', call.call_id)).toBeNull();
    // Not findable by any search of its text; the kept calls still are.
    for (const q of ['quimby', 'zanzibar', 'parcel', 'heliotrope parcel', 'quim*']) expect(await listed('acme', q), q).toEqual([]);
    expect(await listed('acme', 'heliotrope')).toEqual([others[0]!.call_id]);
    // Another tenant's calls of the same number are not this tenant's to erase.
    expect(await listed('globex', 'quimby')).toEqual([elsewhere.call_id]);
    if (ports.indexEntries) expect(await ports.indexEntries()).toBe(before! - 3);

    const envelopes = await delivered();
    expect(envelopes.map((e) => e.type).sort()).toEqual(['call.created', 'call.created', 'calls.erased']);
    expect(envelopes.filter((e) => e.type === 'call.created').map((e) => e.data.call.call_id).sort()).toEqual(ids(others));
    const erased = envelopes.find((e) => e.type === 'calls.erased');
    expect(erased.data).toEqual(record);
    expect(await ports.erasure.records({ principal: admin }, 'acme')).toEqual([record]);
  });

  it('erases calls by id, in the tenant only; unknown and repeated ids count nothing; the operator is named svc-admin', async () => {
    const [first, second] = subjectCalls;
    const record = await ports.erasure.erase({ operator: true }, 'acme', { call_ids: [first!.call_id, first!.call_id, 'call_unknown', elsewhere.call_id] });
    expect(record).toMatchObject({ selector: 'call_ids', calls_erased: 1, requested_by: OPERATOR_REQUESTER });
    expect(await ports.calls.find('acme', first!.call_id)).toBeNull();
    expect(await ports.calls.find('acme', second!.call_id)).not.toBeNull();
    expect(await ports.calls.find('globex', elsewhere.call_id)).not.toBeNull();
    // Nothing matches: still a record (the request was met), of zero calls.
    const none = await ports.erasure.erase({ operator: true }, 'acme', { caller_number: '+1 555 0100' });
    expect(none.calls_erased).toBe(0);
    expect((await ports.erasure.records({ operator: true }, 'acme')).map((r) => r.calls_erased).sort()).toEqual([0, 1]);
  });

  it('refuses bad selectors, members, other tenants and unknown tenants, erasing nothing', async () => {
    const attempts: [Parameters<CallErasure['erase']>, string][] = [
      [[{ principal: admin }, 'acme', { caller_number: '   ' }], 'VALIDATION'],
      [[{ principal: admin }, 'acme', { caller_number: 'x'.repeat(201) }], 'VALIDATION'],
      [[{ principal: admin }, 'acme', { call_ids: [] }], 'VALIDATION'],
      [[{ principal: admin }, 'acme', { call_ids: Array.from({ length: MAX_ERASED_CALL_IDS + 1 }, (_, i) => `c${i}`) }], 'VALIDATION'],
      [[{ principal: admin }, 'acme', { call_ids: ['ok', 'not ok'] }], 'VALIDATION'],
      [[{ principal: { ...admin, role: 'member' } }, 'acme', { caller_number: SUBJECT }], 'FORBIDDEN'],
      [[{ principal: admin }, 'globex', { caller_number: SUBJECT }], 'FORBIDDEN'],
      [[{ operator: true }, 'initech', { caller_number: SUBJECT }], 'NOT_FOUND'],
    ];
    for (const [args, code] of attempts) await expect(ports.erasure.erase(...args), JSON.stringify(args[2]).slice(0, 60)).rejects.toMatchObject({ code });
    expect(await listed('acme')).toEqual(ids([...subjectCalls, ...others]));
    expect(await ports.erasure.records({ operator: true }, 'acme')).toEqual([]);
  });
});
