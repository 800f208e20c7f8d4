import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { ClaimCaps } from '../../core/events/delivery-fairness.js';
import type { EventType, OutboxEvent } from '../../core/events/event.model.js';
import type { DeliveryLease, EventOutbox } from '../../core/events/ports.js';
import {
  type Delivery,
  type DeliveryAttempt,
  type DeliveryOutcome,
  type DeliveryPosition,
  type DeliveryStatus,
  type DueDelivery,
  listensTo,
} from '../../core/events/webhook.model.js';
import type { Database } from './database.js';
import { subscriptionFromRow } from './sql-webhook-subscription.store.js';
import type { WebhookAttemptsTable, WebhookDeliveriesTable } from './webhook.tables.js';

/** 11 values per delivery row: 200 rows stay far below every dialect's parameter limit. */
const ROWS_PER_STATEMENT = 200;

/**
 * Writes events into the outbox inside the caller's transaction: every store whose change
 * causes events calls this with its own transaction, so the event exists if and only if the
 * change does (calls, agents, knowledge, sync runs, research orders, and the operator import
 * delivering a research order).
 */
export async function appendOutboxEvents(trx: Kysely<Database>, events: readonly OutboxEvent[] | undefined): Promise<void> {
  if (!events || events.length === 0) return;
  await trx.insertInto('webhook_events').values(events.map((e) => ({ ...e, fanned_out_at: null }))).execute();
}

/** Pending, due at `now`, and not held by a live lease. */
const dueAt = (now: string) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now), eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)])]);

/**
 * The ids of the due deliveries a claim takes, in `fairClaimOrder`'s order (core/events/
 * delivery-fairness.ts), as one sub-select with window functions (SQLite and PostgreSQL alike).
 * `held` counts the deliveries in flight, any process's: pending, due, under a live lease (the
 * partial index on `next_attempt_at` of pending rows serves both it and the due rows).
 * `sub_slot` is the subscription's in-flight count plus the delivery's rank in its
 * subscription; `owner_slot` the owner's in-flight count plus its rank among the owner's
 * candidates. The update that follows re-checks that each row is still due, so of several
 * claimers each delivery goes to one; two claimers at the same instant may each see the other's
 * leases uncommitted and so together exceed a cap by what each took (ADR 0028).
 */
const fairPick = (now: string, limit: number, caps: ClaimCaps) => sql<string>`(
  SELECT ranked.delivery_id FROM (
    SELECT r.delivery_id, r.next_attempt_at, r.sub_slot,
      r.owner_held + row_number() OVER (PARTITION BY r.owner_kind, r.owner_id ORDER BY r.sub_slot, r.next_attempt_at, r.delivery_id) AS owner_slot
    FROM (
      SELECT d.delivery_id, d.next_attempt_at, s.owner_kind, s.owner_id,
        coalesce(hs.held, 0) + row_number() OVER (PARTITION BY d.subscription_id ORDER BY d.next_attempt_at, d.delivery_id) AS sub_slot,
        coalesce(ho.held, 0) AS owner_held
      FROM webhook_deliveries d
      JOIN webhook_subscriptions s ON s.subscription_id = d.subscription_id
      LEFT JOIN (
        SELECT h.subscription_id, count(*) AS held FROM webhook_deliveries h
        WHERE h.status = 'pending' AND h.next_attempt_at <= ${now} AND h.lease_expires_at >= ${now}
        GROUP BY h.subscription_id
      ) hs ON hs.subscription_id = d.subscription_id
      LEFT JOIN (
        SELECT hso.owner_kind, hso.owner_id, count(*) AS held FROM webhook_deliveries h
        JOIN webhook_subscriptions hso ON hso.subscription_id = h.subscription_id
        WHERE h.status = 'pending' AND h.next_attempt_at <= ${now} AND h.lease_expires_at >= ${now}
        GROUP BY hso.owner_kind, hso.owner_id
      ) ho ON ho.owner_kind = s.owner_kind AND ho.owner_id = s.owner_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.lease_expires_at IS NULL OR d.lease_expires_at < ${now})
    ) r
    WHERE r.sub_slot <= ${caps.perSubscription}
  ) ranked
  WHERE ranked.owner_slot <= ${caps.perOwner}
  ORDER BY ranked.owner_slot, ranked.sub_slot, ranked.next_attempt_at, ranked.delivery_id
  LIMIT ${limit})`;

const attemptOf = (r: WebhookAttemptsTable): DeliveryAttempt => ({
  attempt: Number(r.attempt),
  attempted_at: r.attempted_at,
  status_code: r.status_code === null ? null : Number(r.status_code),
  latency_ms: Number(r.latency_ms),
  error: r.error,
});

const deliveryOf = (r: WebhookDeliveriesTable, attempts: DeliveryAttempt[]): Delivery => ({
  delivery_id: r.delivery_id,
  subscription_id: r.subscription_id,
  event_id: r.event_id,
  event_type: r.event_type as EventType,
  status: r.status as DeliveryStatus,
  created_at: r.created_at,
  next_attempt_at: r.status === 'pending' ? r.next_attempt_at : null,
  attempts,
});

/**
 * The outbox and its deliveries over any Kysely dialect. Claims are conditional UPDATEs, as
 * for the sync runs: of several processes claiming at once, each row goes to one. Where the
 * dialect has `SKIP LOCKED` (capability), claimers also pass over rows another one is taking.
 */
export class SqlEventOutbox implements EventOutbox {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly capabilities: { skipLocked: boolean },
  ) {}

  async append(events: readonly OutboxEvent[]): Promise<void> {
    await this.db.transaction().execute((trx) => appendOutboxEvents(trx, events));
  }

  async fanOut(now: string, limit: number, newDeliveryId: () => string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let pick = trx.selectFrom('webhook_events').select('event_id').where('fanned_out_at', 'is', null).orderBy('created_at').orderBy('event_id').limit(limit);
      if (this.capabilities.skipLocked) pick = pick.forUpdate().skipLocked();
      const events = await trx
        .updateTable('webhook_events')
        .set({ fanned_out_at: now })
        .where('event_id', 'in', pick)
        .where('fanned_out_at', 'is', null)
        .returning(['event_id', 'owner_kind', 'owner_id', 'type', 'created_at'])
        .execute();
      if (events.length === 0) return 0;
      const owners = [...new Set(events.map((e) => `${e.owner_kind}\u0000${e.owner_id}`))].map((k) => k.split('\u0000'));
      const subs = (
        await trx
          .selectFrom('webhook_subscriptions')
          .selectAll()
          .where('enabled', '=', 1)
          .where((eb) => eb.or(owners.map(([kind, id]) => eb.and([eb('owner_kind', '=', kind), eb('owner_id', '=', id)]))))
          .execute()
      ).map(subscriptionFromRow);
      const rows: WebhookDeliveriesTable[] = [];
      for (const e of events) {
        for (const s of subs) {
          if (!listensTo(s, e)) continue;
          rows.push({
            delivery_id: newDeliveryId(),
            subscription_id: s.subscription_id,
            event_id: e.event_id,
            event_type: e.type,
            status: 'pending',
            attempts: 0,
            created_at: now,
            window_started_at: now,
            next_attempt_at: now,
            lease_owner: null,
            lease_expires_at: null,
          });
        }
      }
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('webhook_deliveries')
          .values(rows.slice(i, i + ROWS_PER_STATEMENT))
          .onConflict((oc) => oc.columns(['event_id', 'subscription_id']).doNothing())
          .execute();
      }
      return rows.length;
    });
  }

  async claimDue(lease: DeliveryLease, limit: number, caps: ClaimCaps): Promise<DueDelivery[]> {
    let pick = this.db.selectFrom('webhook_deliveries').select('delivery_id').where('delivery_id', 'in', fairPick(lease.now, limit, caps));
    if (this.capabilities.skipLocked) pick = pick.forUpdate().skipLocked();
    const claimed = await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: lease.owner, lease_expires_at: lease.until })
      .where('delivery_id', 'in', pick)
      .where(dueAt(lease.now))
      .returning('delivery_id')
      .execute();
    if (claimed.length === 0) return [];
    const rows = await this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.event_id', 'd.event_id')
      .innerJoin('webhook_subscriptions as s', 's.subscription_id', 'd.subscription_id')
      .select([
        'd.delivery_id',
        'd.subscription_id',
        'd.event_id',
        'd.attempts',
        'd.window_started_at',
        'e.payload',
        's.url',
        's.secret',
        's.previous_secret',
        's.previous_secret_expires_at',
        's.enabled',
        's.failing_since',
      ])
      .where(
        'd.delivery_id',
        'in',
        claimed.map((c) => c.delivery_id),
      )
      .where('d.lease_owner', '=', lease.owner)
      .execute();
    return rows.map((r) => ({
      delivery_id: r.delivery_id,
      subscription_id: r.subscription_id,
      event_id: r.event_id,
      attempts: Number(r.attempts),
      window_started_at: r.window_started_at,
      payload: r.payload,
      url: r.url,
      secrets: { current: r.secret, previous: r.previous_secret, previous_expires_at: r.previous_secret_expires_at },
      subscription_enabled: Number(r.enabled) === 1,
      failing_since: r.failing_since,
    }));
  }

  async settle(deliveryId: string, lease: DeliveryLease, outcome: DeliveryOutcome): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('webhook_deliveries')
        .set({ status: outcome.status, attempts: outcome.attempt.attempt, next_attempt_at: outcome.next_attempt_at, lease_owner: null, lease_expires_at: null })
        .where('delivery_id', '=', deliveryId)
        .where('status', '=', 'pending')
        .where('lease_owner', '=', lease.owner)
        .where('attempts', '=', outcome.attempt.attempt - 1)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await trx.insertInto('webhook_attempts').values({ delivery_id: deliveryId, ...outcome.attempt }).execute();
      return true;
    });
  }

  async deliveries(subscriptionId: string, after: DeliveryPosition | null, limit: number): Promise<Delivery[]> {
    let q = this.db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', subscriptionId);
    if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'delivery_id'), '<', eb.tuple(after.created_at, after.delivery_id)));
    return this.withAttempts(await q.orderBy('created_at', 'desc').orderBy('delivery_id', 'desc').limit(limit).execute());
  }

  async findDelivery(subscriptionId: string, deliveryId: string): Promise<Delivery | null> {
    const row = await this.db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', subscriptionId).where('delivery_id', '=', deliveryId).executeTakeFirst();
    return row ? (await this.withAttempts([row]))[0] : null;
  }

  async redeliver(subscriptionId: string, deliveryId: string, now: string): Promise<Delivery | null> {
    const r = await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: now, window_started_at: now, lease_owner: null, lease_expires_at: null })
      .where('subscription_id', '=', subscriptionId)
      .where('delivery_id', '=', deliveryId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? this.findDelivery(subscriptionId, deliveryId) : null;
  }

  async purge(before: string, limit: number): Promise<{ deliveries: number; events: number }> {
    return this.db.transaction().execute(async (trx) => {
      const old = (
        await trx.selectFrom('webhook_deliveries').select('delivery_id').where('status', 'in', ['succeeded', 'failed']).where('created_at', '<', before).limit(limit).execute()
      ).map((r) => r.delivery_id);
      if (old.length > 0) {
        await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute();
        await trx.deleteFrom('webhook_deliveries').where('delivery_id', 'in', old).execute();
      }
      const events = (
        await trx
          .selectFrom('webhook_events as e')
          .select('e.event_id')
          .where('e.fanned_out_at', '<', before)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.delivery_id').whereRef('d.event_id', '=', 'e.event_id'))))
          .limit(limit)
          .execute()
      ).map((r) => r.event_id);
      if (events.length > 0) await trx.deleteFrom('webhook_events').where('event_id', 'in', events).execute();
      return { deliveries: old.length, events: events.length };
    });
  }

  private async withAttempts(rows: WebhookDeliveriesTable[]): Promise<Delivery[]> {
    if (rows.length === 0) return [];
    const attempts = await this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where(
        'delivery_id',
        'in',
        rows.map((r) => r.delivery_id),
      )
      .orderBy('delivery_id')
      .orderBy('attempt')
      .execute();
    const byDelivery = new Map<string, DeliveryAttempt[]>();
    for (const a of attempts) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), attemptOf(a)]);
    // The two reads are two snapshots: an attempt settled between them is not yet counted by the
    // delivery row read first, so it is left out, and each delivery shows the state its row has.
    return rows.map((r) => deliveryOf(r, (byDelivery.get(r.delivery_id) ?? []).filter((a) => a.attempt <= Number(r.attempts))));
  }
}
