import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VerificationTrace } from '../../../core/attestation/ports.js';
import { aKey, CUSTOM_PRICES } from '../../fixtures/api-key-mother.js';
import { Invoicing } from '../../../core/billing/use-cases/invoicing.js';
import { MemoryApiKeyStore } from '../../../adapters/memory/memory-api-key.store.js';
import { MemoryResearchOrderStore } from '../../../adapters/memory/memory-research-order.store.js';
import { MemoryVerificationLedger } from '../../../adapters/memory/memory-verification.ledger.js';
import { loadPricing } from '../../../runtimes/shared/schemas/pricing.schemas.js';
import { anOrder } from '../../fixtures/research-order-mother.js';
import { aTrace } from '../../fixtures/verification-trace-mother.js';

/** Invoicing on the memory fakes; what it reads from the ports is checked over every adapter in test/contract/billing.contract.test.ts. */
const pricing = loadPricing();
const served = (key_id: string, served_at: string): VerificationTrace => aTrace({ key_id, served_at });

describe('Invoicing (on the memory fakes)', () => {
  let ports: { keys: MemoryApiKeyStore; ledger: MemoryVerificationLedger; meter: MemoryVerificationLedger; orders: MemoryResearchOrderStore };
  let now = new Date('2026-11-20T12:00:00.000Z');
  let invoicing: Invoicing;
  beforeEach(() => {
    const ledger = new MemoryVerificationLedger();
    ports = { keys: new MemoryApiKeyStore(), ledger, meter: ledger, orders: new MemoryResearchOrderStore() };
    now = new Date('2026-11-20T12:00:00.000Z');
    invoicing = new Invoicing(ports.keys, ports.meter, ports.orders, pricing, { now: () => now });
  });
  it('a statement prices the month under the key\'s plan: production, custom, and a pilot ending mid-month', async () => {
    await ports.keys.insert(aKey('key_a'));
    await ports.keys.insert(aKey('key_c', { plan: 'custom', price_list: CUSTOM_PRICES }));
    await ports.keys.insert(aKey('key_p', { plan: 'pilot', until: '2026-11-15' }));
    for (const day of ['03', '10', '15', '16', '29']) {
      for (const k of ['key_a', 'key_c', 'key_p']) await ports.ledger.record(served(k, `2026-11-${day}T12:00:00.000Z`));
    }
    const a = await invoicing.statement('key_a', '2026-11');
    expect(a.verify).toMatchObject({ served_calls: 5, free_calls: 0, billable_calls: 5, amount_cents: 50 });
    expect(a).toMatchObject({ plan: { name: 'production', until: null }, closed: false, currency: 'EUR', total_excl_vat_cents: 50 });
    const c = await invoicing.statement('key_c', '2026-11');
    expect(c.verify.bands.map((b) => [b.calls, b.amount_cents])).toEqual([[2, 50], [3, 9]]);
    expect(c.total_excl_vat_cents).toBe(59);
    const p = await invoicing.statement('key_p', '2026-11');
    expect(p.plan).toEqual({ name: 'pilot', until: '2026-11-15' });
    expect(p.verify).toMatchObject({ served_calls: 5, free_calls: 3, billable_calls: 2, amount_cents: 20 });
    expect((await invoicing.statement('key_p', '2026-10')).total_excl_vat_cents).toBe(0);
    await expect(invoicing.statement('key_nope', '2026-11')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a pilot covering the whole month costs 0 however many calls (fast-check); after it ends, the production price applies', async () => {
    await ports.keys.insert(aKey('key_p', { plan: 'pilot', until: '2026-12-31' }));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), async (n) => {
        for (let i = 0; i < n; i++) await ports.ledger.record(served('key_p', '2026-11-05T00:00:00.000Z'));
        const s = await invoicing.statement('key_p', '2026-11');
        expect(s.verify.free_calls).toBe(s.verify.served_calls);
        expect(s.total_excl_vat_cents).toBe(0);
      }),
      { numRuns: 5 },
    );
    await ports.ledger.record(served('key_p', '2027-01-01T00:00:00.000Z'));
    const after = await invoicing.statement('key_p', '2027-01');
    expect(after.verify).toMatchObject({ free_calls: 0, billable_calls: 1, amount_cents: 10 });
  });

  it('lists the research orders delivered in the month at their price, closes the month after its end, and covers every key of the month', async () => {
    await ports.keys.insert(aKey('key_a'));
    await ports.keys.insert(aKey('key_b'));
    await ports.keys.insert(aKey('key_old', undefined, { revoked_at: '2026-10-15T00:00:00.000Z' }));
    await ports.keys.insert(aKey('key_new', undefined, { created_at: '2026-12-02T00:00:00.000Z' }));
    const delivered = anOrder({ key_id: 'key_a', status: 'delivered', delivered_at: '2026-11-18T08:00:00.000Z', price_cents: 149_000, tier: 'extended', client_reference: 'lot 44', import_id: 'imp_1', corpus_revision: 'b.1' });
    await ports.orders.insert(delivered);
    await ports.orders.insert(anOrder({ key_id: 'key_a', status: 'accepted' }));
    await ports.orders.insert(anOrder({ key_id: 'key_a', status: 'delivered', delivered_at: '2026-12-01T00:00:00.000Z' }));
    await ports.ledger.record(served('key_a', '2026-11-18T09:00:00.000Z'));
    const s = await invoicing.statement('key_a', '2026-11');
    expect(s.research_orders).toEqual([
      { order_id: delivered.order_id, tier: 'extended', subject: { artist: 'John Hoppner', title: 'Lady Louisa Manners' }, client_reference: 'lot 44', delivered_at: '2026-11-18T08:00:00.000Z', price_cents: 149_000 },
    ]);
    expect(s.research_amount_cents).toBe(149_000);
    expect(s.total_excl_vat_cents).toBe(149_010);
    now = new Date('2026-12-01T00:00:00.000Z');
    expect((await invoicing.statement('key_a', '2026-11')).closed).toBe(true);
    expect((await invoicing.statement('key_a', '2026-12')).closed).toBe(false);
    const month = await invoicing.month('2026-11');
    expect(month.map((m) => m.key_id)).toEqual(['key_a', 'key_b']);
    expect(month[0]).toEqual(await invoicing.statement('key_a', '2026-11'));
    expect((await invoicing.usage('key_a', '2026-11'))).toEqual({ key_id: 'key_a', month: '2026-11', plan: 'production', served_calls: 1, unit_price_eur: 0.1, amount_cents: 10, amount_eur: 0.1 });
  });
});
