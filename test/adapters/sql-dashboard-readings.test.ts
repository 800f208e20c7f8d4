import { expect, it } from 'vitest';
import type { SqlDashboardReadings } from '../../adapters/sql/sql-dashboard-readings.js';
import type { ApiKeyStore } from '../../core/attestation/ports.js';
import type { ResearchOrderStore } from '../../core/attestation/research-orders/ports.js';
import type { EventOutbox, SubscriptionStore } from '../../core/events/ports.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { RESEARCH_ORDERS } from '../../runtimes/shared/composition/research-orders.tokens.js';
import { PLATFORM } from '../../runtimes/shared/composition/platform.tokens.js';
import { WEBHOOKS } from '../../runtimes/shared/composition/webhooks.tokens.js';
import { contractSuite, overDatabases } from '../support/contract-suite.js';
import { anOrder } from '../fixtures/research-order-mother.js';
import { aSubscription, anEvent, at, hexId } from '../fixtures/webhook-mother.js';

interface Parts {
  readings: SqlDashboardReadings;
  keys: ApiKeyStore;
  orders: ResearchOrderStore;
  subs: SubscriptionStore;
  outbox: EventOutbox;
}

/** What /metrics reads from the stored state at each scrape, on every database, as the runtimes bind it. */
contractSuite(
  'dashboard readings',
  overDatabases((bound) =>
    bound.resolve<Parts>({
      readings: PLATFORM.DashboardReadings,
      keys: ATTESTATION.ApiKeyStore,
      orders: RESEARCH_ORDERS.ResearchOrderStore,
      subs: WEBHOOKS.SubscriptionStore,
      outbox: WEBHOOKS.EventOutbox,
    }),
  ),
  (adapter) => {
    it('reads the webhook backlog, subscriptions by state and research orders by status', async () => {
      const { readings, keys, orders, subs, outbox } = await adapter.make();
      expect(await readings.webhookBacklog(new Date(at(100)))).toEqual({ unfanned_events: 0, pending_deliveries: 0, due_deliveries: 0, oldest_due_seconds: 0 });
      expect(await readings.subscriptions()).toEqual({ enabled: 0, disabled: 0 });
      expect(await readings.researchOrders()).toEqual({ requested: 0, accepted: 0, delivered: 0, declined: 0, cancelled: 0 });

      await subs.insert(aSubscription());
      await subs.insert(aSubscription());
      await subs.insert(aSubscription({ enabled: false, disabled_reason: 'Every delivery failed.' }));
      expect(await readings.subscriptions()).toEqual({ enabled: 2, disabled: 1 });

      await outbox.append([anEvent('call.created', 10), anEvent('call.created', 11), anEvent('call.created', 12)]);
      expect(await readings.webhookBacklog(new Date(at(100)))).toMatchObject({ unfanned_events: 3, pending_deliveries: 0 });
      // Fanned out at second 20 to the two enabled subscriptions: six deliveries, due from then.
      expect(await outbox.fanOut(at(20), 10, () => hexId('dlv'))).toBe(6);
      expect(await readings.webhookBacklog(new Date(at(19)))).toEqual({ unfanned_events: 0, pending_deliveries: 6, due_deliveries: 0, oldest_due_seconds: 0 });
      expect(await readings.webhookBacklog(new Date(at(80)))).toEqual({ unfanned_events: 0, pending_deliveries: 6, due_deliveries: 6, oldest_due_seconds: 60 });
      // One claimed and settled: five left.
      const lease = { owner: 'o', now: at(80), until: at(140) };
      const [claimed] = await outbox.claimDue(lease, 1, { perSubscription: 1, perOwner: 1 });
      await outbox.settle(claimed!.delivery_id, lease, { status: 'succeeded', next_attempt_at: null, attempt: { attempt: 1, attempted_at: at(80), status_code: 200, latency_ms: 3, error: null } });
      expect(await readings.webhookBacklog(new Date(at(80)))).toMatchObject({ pending_deliveries: 5, due_deliveries: 5 });

      await keys.insert({ key_id: 'key_a', key_hash: 'h_key_a', label: 'a', per_minute: 60, created_at: '2026-01-01T00:00:00.000Z', revoked_at: null });
      for (const status of ['requested', 'requested', 'accepted', 'declined'] as const) await orders.insert(anOrder({ status }));
      expect(await readings.researchOrders()).toEqual({ requested: 2, accepted: 1, delivered: 0, declined: 1, cancelled: 0 });
    });
  },
);
