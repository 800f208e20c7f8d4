import { type Kysely, sql } from 'kysely';
import { ORDER_STATUSES, type OrderStatus } from '../../core/attestation/research-orders/research-order.model.js';
import type { Database } from './database.js';

/** The webhook outbox's backlog now: what waits to be fanned out or delivered. */
export interface WebhookBacklog {
  /** Events not yet fanned out into deliveries. */
  unfanned_events: number;
  /** Deliveries still pending (due now, scheduled for a retry, or in flight). */
  pending_deliveries: number;
  /** Pending deliveries whose attempt is due now. */
  due_deliveries: number;
  /** Seconds the longest-waiting due delivery has been due; 0 when none is. */
  oldest_due_seconds: number;
}

/**
 * What the operators' dashboard reads from the stored state at each scrape (the webhook
 * backlog, subscriptions by state, research orders by status), over any dialect. Each is one
 * aggregate over an index the claims already use (`webhook_events_new`, `webhook_deliveries_due`,
 * `research_orders_status_created`) or over the small subscriptions table. The same on every
 * instance: a dashboard takes one instance's value (max), never their sum.
 */
export class SqlDashboardReadings {
  constructor(private readonly db: Kysely<Database>) {}

  async webhookBacklog(now: Date): Promise<WebhookBacklog> {
    const at = now.toISOString();
    const events = await this.db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<number>().as('n')).where('fanned_out_at', 'is', null).executeTakeFirstOrThrow();
    const deliveries = await this.db
      .selectFrom('webhook_deliveries')
      .select([
        (eb) => eb.fn.countAll<number>().as('pending'),
        sql<number>`coalesce(sum(case when next_attempt_at <= ${at} then 1 else 0 end), 0)`.as('due'),
        sql<string | null>`min(case when next_attempt_at <= ${at} then next_attempt_at end)`.as('oldest'),
      ])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const oldest = deliveries.oldest === null ? null : Date.parse(deliveries.oldest);
    return {
      unfanned_events: Number(events.n),
      pending_deliveries: Number(deliveries.pending),
      due_deliveries: Number(deliveries.due),
      oldest_due_seconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
    };
  }

  /** Subscriptions by state, across owners. */
  async subscriptions(): Promise<{ enabled: number; disabled: number }> {
    const rows = await this.db.selectFrom('webhook_subscriptions').select(['enabled', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('enabled').execute();
    const count = (enabled: number) => Number(rows.find((r) => Number(r.enabled) === enabled)?.n ?? 0);
    return { enabled: count(1), disabled: count(0) };
  }

  /** Research orders by status, every status present (0 when none). */
  async researchOrders(): Promise<Record<OrderStatus, number>> {
    const rows = await this.db.selectFrom('research_orders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
    for (const r of rows) if (r.status in counts) counts[r.status as OrderStatus] = Number(r.n);
    return counts;
  }
}
