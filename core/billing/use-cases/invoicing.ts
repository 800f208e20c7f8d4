/**
 * Monthly statements: the key's served calls through its plan's scale, and the research orders
 * delivered in the month at the price fixed when they were placed.
 */
import { notFound } from '../../shared/errors.js';
import type { Clock } from '../../shared/ports.js';
import { PRODUCTION_PLAN, type Pricing, type Statement } from '../billing.model.js';
import { buildStatement, monthBounds, pilotEnd, priceListOf } from '../pricing.js';
import type { BilledKey, BilledKeys, DeliveredOrders, UsageMeter } from '../ports.js';

/** `/verify/usage`: the verify part of the statement, in the historical shape plus cents. */
export interface UsageSummary {
  key_id: string;
  month: string;
  plan: Statement['plan']['name'];
  served_calls: number;
  /** The first band's unit price (the list price of a call). */
  unit_price_eur: number;
  amount_cents: number;
  amount_eur: number;
}

export class Invoicing {
  constructor(
    private readonly keys: BilledKeys,
    private readonly meter: UsageMeter,
    private readonly orders: DeliveredOrders,
    private readonly pricing: Pricing,
    private readonly clock: Clock,
  ) {}

  async statement(keyId: string, month: string): Promise<Statement> {
    const record = await this.keys.find(keyId);
    if (!record) throw notFound(`No API key with id ${keyId}.`);
    return this.statementOf(record, month);
  }

  /** Every key that existed in the month (created before its end, not revoked before its start). */
  async month(month: string): Promise<Statement[]> {
    const { from, to } = monthBounds(month);
    const keys = (await this.keys.list()).filter((k) => k.created_at < to && (k.revoked_at === null || k.revoked_at >= from));
    const statements: Statement[] = [];
    for (const key of keys) statements.push(await this.statementOf(key, month));
    return statements;
  }

  async usage(keyId: string, month: string): Promise<UsageSummary> {
    const s = await this.statement(keyId, month);
    return {
      key_id: s.key_id,
      month: s.month,
      plan: s.plan.name,
      served_calls: s.verify.served_calls,
      unit_price_eur: (s.verify.bands[0]?.unit_price_cents ?? 0) / 100,
      amount_cents: s.verify.amount_cents,
      amount_eur: s.verify.amount_cents / 100,
    };
  }

  private async statementOf(record: BilledKey, month: string): Promise<Statement> {
    const { from, to } = monthBounds(month);
    const plan = record.plan ?? PRODUCTION_PLAN;
    const served = await this.meter.servedCalls(record.key_id, month);
    let free = 0;
    if (plan.plan === 'pilot' && served > 0) {
      const end = pilotEnd(plan.until);
      if (end >= to) free = served;
      else if (end > from) free = await this.meter.servedCallsBetween(record.key_id, from, end);
    }
    const delivered = await this.orders.delivered({ from, to, key_id: record.key_id });
    return buildStatement({
      key_id: record.key_id,
      month,
      plan,
      closed: this.clock.now().toISOString() >= to,
      served_calls: served,
      free_calls: free,
      bands: priceListOf(plan, this.pricing).verify_bands,
      orders: delivered.map((o) => ({
        order_id: o.order_id,
        tier: o.tier,
        subject: { artist: o.subject.artist, title: o.subject.title },
        client_reference: o.client_reference,
        delivered_at: o.delivered_at ?? '',
        price_cents: o.price_cents,
      })),
    });
  }
}
