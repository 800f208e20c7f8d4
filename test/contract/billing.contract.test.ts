import { beforeEach, expect, it } from 'vitest';
import type { ApiKeyStore, VerificationLedger, VerificationTrace } from '../../core/attestation/ports.js';
import { aKey, CUSTOM_PRICES } from '../fixtures/api-key-mother.js';
import type { ResearchOrderStore } from '../../core/attestation/research-orders/ports.js';
import type { UsageMeter } from '../../core/billing/ports.js';
import { MemoryApiKeyStore } from '../../adapters/memory/memory-api-key.store.js';
import { MemoryResearchOrderStore } from '../../adapters/memory/memory-research-order.store.js';
import { MemoryVerificationLedger } from '../../adapters/memory/memory-verification.ledger.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { RESEARCH_ORDERS } from '../../runtimes/shared/composition/research-orders.tokens.js';
import { BILLING } from '../../runtimes/shared/composition/billing.tokens.js';
import { anOrder } from '../fixtures/research-order-mother.js';
import { boundAdapters, contractSuite, type Adapter } from '../support/contract-suite.js';
import { aTrace } from '../fixtures/verification-trace-mother.js';

interface Ports {
  keys: ApiKeyStore;
  ledger: VerificationLedger;
  meter: UsageMeter;
  orders: ResearchOrderStore;
}

const ADAPTERS: Adapter<Ports>[] = [
  {
    name: 'memory',
    make: async () => {
      const ledger = new MemoryVerificationLedger();
      return { keys: new MemoryApiKeyStore(), ledger, meter: ledger, orders: new MemoryResearchOrderStore() };
    },
  },
  ...boundAdapters<Ports>({ keys: ATTESTATION.ApiKeyStore, ledger: ATTESTATION.VerificationLedger, meter: BILLING.UsageMeter, orders: RESEARCH_ORDERS.ResearchOrderStore }),
];

const served = (key_id: string, served_at: string): VerificationTrace => aTrace({ key_id, served_at });

/**
 * What Invoicing reads from its ports (key plans, the usage meter, delivered research orders),
 * over every adapter; Invoicing itself is tested on the memory fakes in test/unit/billing/invoicing.test.ts.
 */
contractSuite('billing contract (key plans, usage meter, delivered orders)', ADAPTERS, (adapter) => {
  let ports: Ports;
  beforeEach(async () => {
    ports = await adapter.make();
  });
  it('stores each plan and reads it back; a key stored without one is on production; setPlan changes it', async () => {
    await ports.keys.insert(aKey('key_a'));
    await ports.keys.insert(aKey('key_b', { plan: 'pilot', until: '2027-01-31' }));
    await ports.keys.insert(aKey('key_c', { plan: 'custom', price_list: CUSTOM_PRICES }));
    expect((await ports.keys.find('key_a'))?.plan).toEqual({ plan: 'production' });
    expect((await ports.keys.find('key_b'))?.plan).toEqual({ plan: 'pilot', until: '2027-01-31' });
    expect((await ports.keys.find('key_c'))?.plan).toEqual({ plan: 'custom', price_list: CUSTOM_PRICES });
    expect((await ports.keys.findByHash('h_key_c'))?.plan).toEqual({ plan: 'custom', price_list: CUSTOM_PRICES });
    expect((await ports.keys.list()).map((k) => k.key_id)).toEqual(['key_a', 'key_b', 'key_c']);
    expect(await ports.keys.setPlan('key_b', { plan: 'production' })).toBe(true);
    expect((await ports.keys.find('key_b'))?.plan).toEqual({ plan: 'production' });
    expect(await ports.keys.setPlan('key_nope', { plan: 'production' })).toBe(false);
    expect(await ports.keys.find('key_nope')).toBeNull();
  });

  it('meters calls by month and by instant range, the two in agreement', async () => {
    await ports.keys.insert(aKey('key_a'));
    const times = ['2026-10-31T23:59:59.999Z', '2026-11-01T00:00:00.000Z', '2026-11-15T23:59:59.999Z', '2026-11-16T00:00:00.000Z', '2026-11-30T23:59:59.999Z', '2026-12-01T00:00:00.000Z'];
    for (const t of times) await ports.ledger.record(served('key_a', t));
    await ports.ledger.record(served('key_b', '2026-11-10T00:00:00.000Z'));
    expect(await ports.meter.servedCalls('key_a', '2026-11')).toBe(4);
    expect(await ports.meter.servedCallsBetween('key_a', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z')).toBe(4);
    expect(await ports.meter.servedCallsBetween('key_a', '2026-11-01T00:00:00.000Z', '2026-11-16T00:00:00.000Z')).toBe(2);
    expect(await ports.meter.servedCallsBetween('key_b', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z')).toBe(1);
    expect(await ports.meter.servedCalls('key_nope', '2026-11')).toBe(0);
  });

  it('lists the orders delivered within [from, to), of one key or of all, oldest first, with their invoice fields', async () => {
    await ports.keys.insert(aKey('key_a'));
    await ports.keys.insert(aKey('key_b'));
    const delivered = anOrder({ key_id: 'key_a', status: 'delivered', delivered_at: '2026-11-18T08:00:00.000Z', price_cents: 149_000, tier: 'extended', client_reference: 'lot 44', import_id: 'imp_1', corpus_revision: 'b.1' });
    const earlier = anOrder({ key_id: 'key_b', status: 'delivered', delivered_at: '2026-11-01T00:00:00.000Z' });
    await ports.orders.insert(delivered);
    await ports.orders.insert(earlier);
    await ports.orders.insert(anOrder({ key_id: 'key_a', status: 'accepted' }));
    await ports.orders.insert(anOrder({ key_id: 'key_a', status: 'delivered', delivered_at: '2026-12-01T00:00:00.000Z' }));
    const november = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
    expect(await ports.orders.delivered({ ...november, key_id: 'key_a' })).toEqual([delivered]);
    expect((await ports.orders.delivered(november)).map((o) => o.order_id)).toEqual([earlier.order_id, delivered.order_id]);
    expect(await ports.orders.delivered({ ...november, key_id: 'key_nope' })).toEqual([]);
  });
});
