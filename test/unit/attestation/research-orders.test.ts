import { describe, expect, it } from 'vitest';
import { CorpusHolder } from '../../../core/attestation/operator-research/corpus-provider.js';
import { ORDER_EVENTS, ORDER_STATUSES, ORDER_TRANSITIONS, nextStatus, type OrderEvent, type OrderStatus, orderView, type ResearchOrder } from '../../../core/attestation/research-orders/research-order.model.js';
import { ResearchOrders } from '../../../core/attestation/research-orders/research-orders.js';
import { envelopeOf, newEventFactory } from '../../../core/events/event.model.js';
import { ImportOperatorResearch } from '../../../core/attestation/use-cases/operator-research.js';
import type { Caller } from '../../../core/attestation/ports.js';
import { MemoryApiKeyStore } from '../../../adapters/memory/memory-api-key.store.js';
import { MemoryOperatorResearchStore } from '../../../adapters/memory/memory-operator-research.store.js';
import { MemoryResearchOrderStore } from '../../../adapters/memory/memory-research-order.store.js';
import { MemoryVerificationLedger } from '../../../adapters/memory/memory-verification.ledger.js';
import { MemoryEventOutbox } from '../../../adapters/memory/memory-webhook.stores.js';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { loadPricing } from '../../../runtimes/shared/schemas/pricing.schemas.js';
import { WORKS, fixtureSnapshot } from '../../fixtures/attestation/fixture-corpus.js';
import { anOrder } from '../../fixtures/research-order-mother.js';

const NOW = new Date('2026-11-21T10:00:00Z');
const clock = { now: () => NOW };
let n = 0;
const ids = { uuid: () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`, secret: (bytes = 12) => `s${String((n += 1)).padStart(Math.ceil((bytes * 4) / 3) - 1, '0')}` };
const caller: Caller = { tier: 'production', key_id: 'key_a', per_minute: 60 };

function setup() {
  const holder = new CorpusHolder(fixtureSnapshot());
  const outbox = new MemoryEventOutbox();
  const store = new MemoryResearchOrderStore(outbox);
  const research = new MemoryOperatorResearchStore(store);
  const keys = new MemoryApiKeyStore();
  const ledger = new MemoryVerificationLedger();
  const events = newEventFactory(ids.uuid, clock.now);
  const orders = new ResearchOrders(store, keys, ledger, loadPricing(), new HmacCursorSealer('unit-test-secret-0123456789abcdef'), clock, ids, events);
  /** The research_order.updated events written so far, as a receiver gets them. */
  const changes = () => outbox.all().map(envelopeOf);
  const importer = new ImportOperatorResearch(holder, research, clock, ids);
  const line = { work_id: WORKS.norham.work_id, pillar: 'market', kind: 'sale', claim: 'Sold 1921.', source_ref: 'https://example.org/s', researcher: 'A. Dupont' };
  const deliver = (orderId: string) => orders.deliver(orderId, (d) => importer.execute([{ line: 1, value: { ...line, claim: `Sold 1921 (${orderId}).` } }], 'f.ndjson', { deliver: d }));
  return { store, research, orders, changes, deliver, holder };
}

const updated = (order: ResearchOrder, previous_status: OrderStatus | null) => ({
  type: 'research_order.updated',
  created_at: NOW.toISOString(),
  data: { key_id: order.key_id, previous_status, order: orderView(order) },
});

async function apply(orders: ResearchOrders, deliver: (id: string) => Promise<unknown>, event: OrderEvent, id: string) {
  if (event === 'accept') return orders.accept(id);
  if (event === 'decline') return orders.decline(id, 'No sources at hand.');
  if (event === 'cancel') return orders.cancel(caller, id);
  return deliver(id);
}

describe('the research order state table', () => {
  it('allows exactly: requested → accepted | declined | cancelled, accepted → declined | delivered; the rest are final', () => {
    const allowed = ORDER_STATUSES.flatMap((s) => ORDER_EVENTS.filter((e) => nextStatus(s, e) !== null).map((e) => `${s} -${e}-> ${nextStatus(s, e)}`));
    expect(allowed).toEqual([
      'requested -accept-> accepted',
      'requested -decline-> declined',
      'requested -cancel-> cancelled',
      'accepted -decline-> declined',
      'accepted -deliver-> delivered',
    ]);
  });

  for (const status of ORDER_STATUSES) {
    for (const event of ORDER_EVENTS) {
      const to = ORDER_TRANSITIONS[status][event];
      it(`${event} on a ${status} order: ${to ?? 'refused with CONFLICT, nothing changes'}`, async () => {
        const { store, research, orders, changes, deliver } = setup();
        const order = anOrder({ status });
        await store.insert(order);
        if (to === undefined) {
          await expect(apply(orders, deliver, event, order.order_id)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`is ${status}`) });
          expect(await store.find(order.order_id)).toEqual(order);
          expect(await research.revision()).toBe(0);
          expect(changes()).toEqual([]);
          return;
        }
        await apply(orders, deliver, event, order.order_id);
        const after = (await store.find(order.order_id)) as ResearchOrder;
        expect(after.status).toBe(to);
        expect(after.updated_at).toBe(NOW.toISOString());
        expect(changes()).toEqual([expect.objectContaining(updated(after, status))]);
        if (to === 'declined') expect(after).toMatchObject({ declined_at: NOW.toISOString(), decline_reason: 'No sources at hand.' });
        if (to === 'delivered') {
          expect(await research.revision()).toBe(1);
          expect(after.corpus_revision).toBe(`${fixtureSnapshot().build_id}.1`);
          expect(after.import_id).toBe((await research.imports())[0].import_id);
        }
      });
    }
  }
});

describe('ResearchOrders', () => {
  it('places an order at the tier price of the configuration, once per Idempotency-Key, and writes its event once', async () => {
    const { orders, changes } = setup();
    const first = await orders.place(caller, { subject_artist: 'Hoppner', subject_title: 'Lady Louisa', tier: 'extended' }, 'lot-44');
    expect(first).toMatchObject({ replayed: false, order: { status: 'requested', tier: 'extended', price_cents: 149_000, currency: 'EUR', subject: { artist: 'Hoppner', title: 'Lady Louisa', ref: null } } });
    const again = await orders.place(caller, { subject_artist: 'Hoppner', subject_title: 'Lady Louisa', tier: 'extended' }, 'lot-44');
    expect(again).toEqual({ order: first.order, replayed: true });
    await expect(orders.place(caller, { subject_artist: 'Hoppner', subject_title: 'Lady Louisa', tier: 'standard' }, 'lot-44')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(changes()).toEqual([expect.objectContaining(updated(first.order, null))]);
  });

  it('refuses the sandbox, unknown tiers, bad Idempotency-Keys and a missing subject', async () => {
    const { orders } = setup();
    await expect(orders.place({ tier: 'sandbox' }, { subject_artist: 'a', subject_title: 'b', tier: 'standard' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(orders.place(caller, { subject_artist: 'a', subject_title: 'b', tier: 'premium' })).rejects.toMatchObject({ code: 'VALIDATION', errors: [{ path: 'tier' }] });
    await expect(orders.place(caller, { subject_artist: 'a', subject_title: 'b', tier: 'toString' })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(orders.place(caller, { subject_artist: 'a', subject_title: 'b', tier: 'standard' }, 'has space')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(orders.place(caller, { subject_title: 'b', tier: 'standard' })).rejects.toMatchObject({ code: 'VALIDATION', errors: [{ path: 'subject_artist' }] });
    await expect(orders.place(caller, { request_id: '00000000-0000-4000-8000-999999999999', tier: 'standard' })).rejects.toMatchObject({ code: 'VALIDATION', errors: [{ path: 'request_id' }] });
  });

  it('hides another key\'s order (NOT_FOUND) and lists only the key\'s own, page by page', async () => {
    const { orders } = setup();
    const mine = await orders.place(caller, { subject_artist: 'a', subject_title: 'b', tier: 'standard' });
    const other: Caller = { tier: 'production', key_id: 'key_b', per_minute: 60 };
    await expect(orders.get(other, mine.order.order_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(orders.cancel(other, mine.order.order_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(orders.get(caller, 'not-an-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (let i = 0; i < 4; i++) await orders.place(caller, { subject_artist: 'a', subject_title: `t${i}`, tier: 'standard' });
    const first = await orders.list(caller, { limit: 3 });
    expect(first.data).toHaveLength(3);
    const second = await orders.list(caller, { limit: 3, cursor: first.next_cursor as string });
    expect(second).toMatchObject({ next_cursor: null });
    expect(new Set([...first.data, ...second.data].map((o) => o.order_id)).size).toBe(5);
    expect((await orders.list(other, { limit: 20 })).data).toEqual([]);
    await expect(orders.list(other, { limit: 3, cursor: first.next_cursor as string })).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});
