import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import type { OperatorResearchStore } from '../../core/attestation/ports.js';
import type { ResearchOrderStore } from '../../core/attestation/research-orders/ports.js';
import { deliveredOrder, orderView, type OrderStatus, type ResearchOrder } from '../../core/attestation/research-orders/research-order.model.js';
import { researchOrderUpdated } from '../../core/attestation/research-orders/research-order-events.js';
import { envelopeOf, newEventFactory, type OutboxEvent } from '../../core/events/event.model.js';
import type { EventOutbox, SubscriptionStore } from '../../core/events/ports.js';
import { isDomainError } from '../../core/shared/errors.js';
import { MemoryOperatorResearchStore } from '../../adapters/memory/memory-operator-research.store.js';
import { MemoryResearchOrderStore } from '../../adapters/memory/memory-research-order.store.js';
import { MemoryEventOutbox, MemorySubscriptionStore } from '../../adapters/memory/memory-webhook.stores.js';
import type { ApiKeyStore } from '../../core/attestation/ports.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { RESEARCH_ORDERS } from '../../runtimes/shared/composition/research-orders.tokens.js';
import { WEBHOOKS } from '../../runtimes/shared/composition/webhooks.tokens.js';
import { aBatch, anOrder } from '../fixtures/research-order-mother.js';
import { contractSuite, overDatabases, type Adapter } from '../support/contract-suite.js';
import { aSubscription, at, hexId } from '../fixtures/webhook-mother.js';

interface Stores {
  orders: ResearchOrderStore;
  research: OperatorResearchStore;
  subs: SubscriptionStore;
  outbox: EventOutbox;
}

const KEYS = ['key_a', 'key_b'];

const ADAPTERS: Adapter<Stores>[] = [
  {
    name: 'memory',
    make: async () => {
      const subs = new MemorySubscriptionStore();
      const outbox = new MemoryEventOutbox(subs);
      const orders = new MemoryResearchOrderStore(outbox);
      return { orders, research: new MemoryOperatorResearchStore(orders), subs, outbox };
    },
  },
  ...overDatabases(async ({ resolve }) => {
    const { keys, ...stores } = resolve<Stores & { keys: ApiKeyStore }>({
      keys: ATTESTATION.ApiKeyStore,
      orders: RESEARCH_ORDERS.ResearchOrderStore,
      research: ATTESTATION.OperatorResearchStore,
      subs: WEBHOOKS.SubscriptionStore,
      outbox: WEBHOOKS.EventOutbox,
    });
    // Orders refer to their key's row.
    for (const key_id of KEYS) await keys.insert({ key_id, key_hash: `h_${key_id}`, label: key_id, per_minute: 60, created_at: '2026-01-01T00:00:00.000Z', revoked_at: null });
    return stores;
  }),
];

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return isDomainError(err) ? err.code : `other: ${String(err)}`;
  }
}

const events = newEventFactory(randomUUID, () => new Date('2026-11-20T09:00:00.000Z'));
const updated = (order: ResearchOrder, previous: OrderStatus | null): OutboxEvent => researchOrderUpdated(events, order, previous);
const moved = (order: ResearchOrder, status: OrderStatus, at: string): ResearchOrder => ({ ...order, status, updated_at: at, [`${status}_at`]: at });

const text = (max: number) => fc.string({ unit: 'grapheme', minLength: 1, maxLength: max }).filter((s) => !s.includes('\u0000'));

contractSuite('research order store contract', ADAPTERS, (adapter) => {
  let orders: ResearchOrderStore;
  let research: OperatorResearchStore;
  /** The outbox through its port: every event written since the last call, as the payloads a key_a or key_b subscriber is sent. */
  let written: () => Promise<string[]>;
  beforeEach(async () => {
    const stores = await adapter.make();
    ({ orders, research } = stores);
    for (const id of KEYS) await stores.subs.insert(aSubscription({ owner: { kind: 'key', id }, events: ['research_order.updated'], createdAt: -1_000_000 }));
    let claims = 0;
    written = async () => {
      await stores.outbox.fanOut(at(1e9), 100, () => hexId('dlv'));
      const due = await stores.outbox.claimDue({ owner: `reader-${(claims += 1)}`, now: at(1e9), until: at(2e9) }, 100, { perSubscription: 16, perOwner: 100 });
      return due.map((d) => d.payload).sort();
    };
  });

  it('stores an order and reads back exactly what was written, whatever its text (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(text(300), text(300), fc.option(text(100), { nil: null }), fc.option(text(200), { nil: null }), fc.option(text(2000), { nil: null }), async (artist, title, ref, client_reference, note) => {
        const order = anOrder({ subject: { artist, title, ref }, client_reference, note, idempotency_key: `idem ${artist.length}-${Math.random()}`, request_fingerprint: JSON.stringify([artist, title]) });
        await orders.insert(order);
        expect(await orders.find(order.order_id)).toEqual(order);
      }),
      { numRuns: 25 },
    );
    expect(await orders.find('ro_0000000000000000nope')).toBeNull();
  });

  it('a taken order id or a key\'s reused Idempotency-Key is a CONFLICT and stores nothing; another key may reuse it', async () => {
    const first = anOrder({ idempotency_key: 'lot-44', request_fingerprint: 'f1' });
    await orders.insert(first);
    expect(await codeOf(orders.insert({ ...anOrder(), order_id: first.order_id }))).toBe('CONFLICT');
    const again = anOrder({ idempotency_key: 'lot-44', request_fingerprint: 'f2' });
    expect(await codeOf(orders.insert(again))).toBe('CONFLICT');
    expect(await orders.find(again.order_id)).toBeNull();
    expect(await orders.findByIdempotencyKey('key_a', 'lot-44')).toEqual(first);
    const otherKey = anOrder({ key_id: 'key_b', idempotency_key: 'lot-44' });
    await orders.insert(otherKey);
    expect(await orders.findByIdempotencyKey('key_b', 'lot-44')).toEqual(otherKey);
    expect(await orders.findByIdempotencyKey('key_a', 'lot-45')).toBeNull();
    // Orders without an Idempotency-Key never collide with each other.
    await orders.insert(anOrder());
    await orders.insert(anOrder());
  });

  it('lists newest first, per key and status, page after page without gaps or repeats', async () => {
    const placed: ResearchOrder[] = [];
    for (let i = 0; i < 7; i++) {
      const o = anOrder({ key_id: i % 3 === 0 ? 'key_b' : 'key_a', created_at: `2026-11-0${1 + (i % 4)}T10:00:00.000Z`, status: i % 2 === 0 ? 'requested' : 'accepted' });
      placed.push(o);
      await orders.insert(o);
    }
    const expected = placed
      .filter((o) => o.key_id === 'key_a')
      .sort((a, b) => (a.created_at === b.created_at ? (a.order_id < b.order_id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1));
    const seen: ResearchOrder[] = [];
    let before: { created_at: string; order_id: string } | undefined;
    for (;;) {
      const page = await orders.list({ key_id: 'key_a', before, limit: 2 });
      seen.push(...page);
      if (page.length < 2) break;
      const last = page[page.length - 1];
      before = { created_at: last.created_at, order_id: last.order_id };
    }
    expect(seen).toEqual(expected);
    expect((await orders.list({ key_id: 'key_a', status: 'accepted', limit: 50 })).every((o) => o.status === 'accepted' && o.key_id === 'key_a')).toBe(true);
    expect((await orders.list({ limit: 50 })).length).toBe(7);
    expect((await orders.list({ status: 'requested', limit: 50 })).map((o) => o.order_id).sort()).toEqual(placed.filter((o) => o.status === 'requested').map((o) => o.order_id).sort());
  });

  it('updates by compare and set on the status: of two movers holding one status, one wins', async () => {
    const o = anOrder();
    await orders.insert(o);
    const accepted = { ...o, status: 'accepted' as const, accepted_at: '2026-11-02T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z' };
    const cancelled = { ...o, status: 'cancelled' as const, cancelled_at: '2026-11-02T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z' };
    const results = await Promise.all([orders.update(accepted, 'requested'), orders.update(cancelled, 'requested')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const stored = await orders.find(o.order_id);
    expect(stored).toEqual(results[0] ? accepted : cancelled);
    expect(await orders.update({ ...o, order_id: 'ro_0000000000000nope' }, 'requested')).toBe(false);
  });

  it('delivers an accepted order in the import\'s transaction, naming the import and the corpus revision', async () => {
    const o = anOrder({ status: 'accepted', accepted_at: '2026-11-02T00:00:00.000Z' });
    await orders.insert(o);
    const b = aBatch(0);
    b.delivers = { order_id: o.order_id, delivered_at: '2026-11-20T09:00:00.000Z', import_id: b.import.import_id, corpus_revision: 'abc123def456.1' };
    await research.apply(b);
    expect(await research.revision()).toBe(1);
    expect(await orders.find(o.order_id)).toEqual({
      ...o,
      status: 'delivered',
      delivered_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-20T09:00:00.000Z',
      import_id: b.import.import_id,
      corpus_revision: 'abc123def456.1',
    });
    expect(await orders.delivered({ from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', key_id: 'key_a' })).toEqual([await orders.find(o.order_id)]);
    expect(await orders.delivered({ from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', key_id: 'key_b' })).toEqual([]);
    expect(await orders.delivered({ from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' })).toEqual([]);
  });

  it('an import delivering an order that is not accepted applies nothing and leaves the order as it was', async () => {
    for (const status of ['requested', 'declined', 'cancelled', 'delivered'] as const) {
      const o = anOrder({ status });
      await orders.insert(o);
      const revision = await research.revision();
      const b = aBatch(revision);
      b.delivers = { order_id: o.order_id, delivered_at: '2026-11-20T09:00:00.000Z', import_id: b.import.import_id, corpus_revision: `abc123def456.${revision + 1}` };
      expect(await codeOf(research.apply(b))).toBe('CONFLICT');
      expect(await research.revision()).toBe(revision);
      expect((await research.load()).claims.some((c) => c.import_id === b.import.import_id)).toBe(false);
      expect(await orders.find(o.order_id)).toEqual(o);
    }
    const missing = aBatch(0);
    missing.delivers = { order_id: 'ro_0000000000000nope', delivered_at: '2026-11-20T09:00:00.000Z', import_id: missing.import.import_id, corpus_revision: 'x.1' };
    expect(await codeOf(research.apply(missing))).toBe('CONFLICT');
    expect(await research.revision()).toBe(0);
  });

  it('each change writes its one research_order.updated in its transaction: placed, accepted, declined, cancelled, delivered', async () => {
    const expected: OutboxEvent[] = [];
    const placed = anOrder();
    const placedEvent = updated(placed, null);
    await orders.insert(placed, [placedEvent]);
    expected.push(placedEvent);
    expect(await written()).toEqual([placedEvent.payload]);

    const accepted = moved(placed, 'accepted', '2026-11-20T09:01:00.000Z');
    const acceptedEvent = updated(accepted, 'requested');
    expect(await orders.update(accepted, 'requested', [acceptedEvent])).toBe(true);
    expect(await written()).toEqual([acceptedEvent.payload]);

    const b = aBatch(0);
    const delivery = { order_id: placed.order_id, delivered_at: '2026-11-20T09:02:00.000Z', import_id: b.import.import_id, corpus_revision: 'abc123def456.1' };
    const deliveredEvent = updated(deliveredOrder(accepted, delivery), 'accepted');
    b.delivers = { ...delivery, events: [deliveredEvent] };
    await research.apply(b);
    expect(await written()).toEqual([deliveredEvent.payload]);

    const toDecline = anOrder({ key_id: 'key_b', status: 'accepted' });
    const toCancel = anOrder();
    await orders.insert(toDecline);
    await orders.insert(toCancel);
    expect(await written()).toEqual([]);
    const declined = { ...moved(toDecline, 'declined', '2026-11-20T09:03:00.000Z'), decline_reason: 'No sources at hand.' };
    const cancelled = moved(toCancel, 'cancelled', '2026-11-20T09:04:00.000Z');
    const declinedEvent = updated(declined, 'accepted');
    const cancelledEvent = updated(cancelled, 'requested');
    expect(await orders.update(declined, 'accepted', [declinedEvent])).toBe(true);
    expect(await orders.update(cancelled, 'requested', [cancelledEvent])).toBe(true);
    expect(await written()).toEqual([declinedEvent.payload, cancelledEvent.payload].sort());

    // Each payload carries the owner's key, the status left and the order as the change stored it.
    const delivered = (await orders.find(placed.order_id)) as ResearchOrder;
    expect(delivered).toEqual(deliveredOrder(accepted, delivery));
    const shown = async (o: ResearchOrder) => orderView((await orders.find(o.order_id)) as ResearchOrder);
    expect([placedEvent, acceptedEvent, deliveredEvent, declinedEvent, cancelledEvent].map((e) => envelopeOf(e).data)).toEqual([
      { key_id: 'key_a', previous_status: null, order: orderView(placed) },
      { key_id: 'key_a', previous_status: 'requested', order: orderView(accepted) },
      { key_id: 'key_a', previous_status: 'accepted', order: orderView(delivered) },
      { key_id: 'key_b', previous_status: 'accepted', order: await shown(declined) },
      { key_id: 'key_a', previous_status: 'requested', order: await shown(cancelled) },
    ]);
    expect(orderView(delivered)).toMatchObject({ status: 'delivered', delivery: { import_id: b.import.import_id, corpus_revision: 'abc123def456.1' } });
  });

  it('a refused change writes no event: a taken id or Idempotency-Key, a lost compare and set, an illegal move, a missing order', async () => {
    const o = anOrder({ idempotency_key: 'lot-9', request_fingerprint: 'f' });
    await orders.insert(o);
    expect(await codeOf(orders.insert({ ...anOrder(), order_id: o.order_id }, [updated(o, null)]))).toBe('CONFLICT');
    const twin = anOrder({ idempotency_key: 'lot-9', request_fingerprint: 'f' });
    expect(await codeOf(orders.insert(twin, [updated(twin, null)]))).toBe('CONFLICT');
    expect(await written()).toEqual([]);

    // Two movers holding `requested`: one wins, and only its event is written.
    const accepted = moved(o, 'accepted', '2026-11-20T09:01:00.000Z');
    const cancelled = moved(o, 'cancelled', '2026-11-20T09:01:00.000Z');
    const acceptedEvent = updated(accepted, 'requested');
    const cancelledEvent = updated(cancelled, 'requested');
    const results = await Promise.all([orders.update(accepted, 'requested', [acceptedEvent]), orders.update(cancelled, 'requested', [cancelledEvent])]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await written()).toEqual([results[0] ? acceptedEvent.payload : cancelledEvent.payload]);

    // The loser tries again from the status it read: still refused, still no event.
    expect(await orders.update(results[0] ? cancelled : accepted, 'requested', [updated(o, 'requested')])).toBe(false);
    expect(await orders.update({ ...o, order_id: 'ro_0000000000000nope' }, 'requested', [updated(o, 'requested')])).toBe(false);
    expect(await written()).toEqual([]);
  });

  it('an import that delivers nothing writes no event: the order is not accepted, or the import itself is refused after the order moved', async () => {
    for (const status of ['requested', 'declined', 'cancelled', 'delivered'] as const) {
      const o = anOrder({ status });
      await orders.insert(o);
      const b = aBatch(await research.revision());
      const delivery = { order_id: o.order_id, delivered_at: '2026-11-20T09:00:00.000Z', import_id: b.import.import_id, corpus_revision: 'abc123def456.1' };
      b.delivers = { ...delivery, events: [updated(deliveredOrder(o, delivery), status)] };
      expect(await codeOf(research.apply(b))).toBe('CONFLICT');
    }
    expect(await written()).toEqual([]);

    // An accepted order, but the import reuses an applied import's id: the order's move and its
    // event roll back with the import.
    const first = aBatch(0);
    await research.apply(first);
    const o = anOrder({ status: 'accepted' });
    await orders.insert(o);
    const b = aBatch(1);
    b.import.import_id = first.import.import_id;
    b.claims = b.claims.map((c) => ({ ...c, import_id: first.import.import_id }));
    const delivery = { order_id: o.order_id, delivered_at: '2026-11-20T09:00:00.000Z', import_id: b.import.import_id, corpus_revision: 'abc123def456.2' };
    b.delivers = { ...delivery, events: [updated(deliveredOrder(o, delivery), 'accepted')] };
    expect(await codeOf(research.apply(b))).toBe('CONFLICT');
    expect(await orders.find(o.order_id)).toEqual(o);
    expect(await written()).toEqual([]);
  });
});
