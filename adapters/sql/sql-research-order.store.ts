import type { Kysely, Transaction } from 'kysely';
import type { OrderListQuery, ResearchOrderStore } from '../../core/attestation/research-orders/ports.js';
import type { OrderDelivery, OrderStatus, ResearchOrder } from '../../core/attestation/research-orders/research-order.model.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import { conflict } from '../../core/shared/errors.js';
import type { Database } from './database.js';
import { appendOutboxEvents } from './sql-event-outbox.js';
import type { ResearchOrdersTable } from './research-order.tables.js';
import { conflictOnDuplicate } from './unique-violation.js';

const toRow = ({ subject, ...rest }: ResearchOrder): ResearchOrdersTable => ({
  ...rest,
  subject_artist: subject.artist,
  subject_title: subject.title,
  subject_ref: subject.ref,
});

const fromRow = ({ subject_artist, subject_title, subject_ref, ...rest }: ResearchOrdersTable): ResearchOrder => ({
  ...rest,
  status: rest.status as OrderStatus,
  price_cents: Number(rest.price_cents),
  currency: 'EUR',
  subject: { artist: subject_artist, title: subject_title, ref: subject_ref },
});

/**
 * Moves an accepted order to `delivered`, with the delivery's events, inside the caller's
 * transaction (the operator import's): a CONFLICT, rolling the import back, when the order is not
 * `accepted` (any more).
 */
export async function markDelivered(trx: Transaction<Database>, delivery: OrderDelivery): Promise<void> {
  const result = await trx
    .updateTable('research_orders')
    .set({ status: 'delivered', delivered_at: delivery.delivered_at, updated_at: delivery.delivered_at, import_id: delivery.import_id, corpus_revision: delivery.corpus_revision })
    .where('order_id', '=', delivery.order_id)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw conflict(`Research order ${delivery.order_id} is not accepted (any more); nothing was imported.`);
  }
  await appendOutboxEvents(trx, delivery.events);
}

/** Research orders over any Kysely dialect; each change and its events are one transaction. */
export class SqlResearchOrderStore implements ResearchOrderStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(order: ResearchOrder, events?: readonly OutboxEvent[]): Promise<void> {
    await conflictOnDuplicate(
      this.db.transaction().execute(async (trx) => {
        await trx.insertInto('research_orders').values(toRow(order)).execute();
        await appendOutboxEvents(trx, events);
      }),
      () => `Research order ${order.order_id}, or this key's Idempotency-Key, exists already.`,
    );
  }

  async find(orderId: string): Promise<ResearchOrder | null> {
    const row = await this.db.selectFrom('research_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async findByIdempotencyKey(keyId: string, idempotencyKey: string): Promise<ResearchOrder | null> {
    const row = await this.db
      .selectFrom('research_orders')
      .selectAll()
      .where('key_id', '=', keyId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async list(query: OrderListQuery): Promise<ResearchOrder[]> {
    let q = this.db.selectFrom('research_orders').selectAll();
    if (query.key_id !== undefined) q = q.where('key_id', '=', query.key_id);
    if (query.status !== undefined) q = q.where('status', '=', query.status);
    const before = query.before;
    if (before) {
      q = q.where((eb) => eb.or([eb('created_at', '<', before.created_at), eb.and([eb('created_at', '=', before.created_at), eb('order_id', '<', before.order_id)])]));
    }
    const rows = await q.orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(query.limit).execute();
    return rows.map(fromRow);
  }

  async update(order: ResearchOrder, expected: OrderStatus, events?: readonly OutboxEvent[]): Promise<boolean> {
    const { order_id, key_id, created_at, idempotency_key, request_fingerprint, ...changes } = toRow(order);
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('research_orders').set(changes).where('order_id', '=', order_id).where('status', '=', expected).executeTakeFirst();
      const written = Number(result.numUpdatedRows) === 1;
      if (written) await appendOutboxEvents(trx, events);
      return written;
    });
  }

  async delivered(range: { from: string; to: string; key_id?: string }): Promise<ResearchOrder[]> {
    let q = this.db
      .selectFrom('research_orders')
      .selectAll()
      .where('status', '=', 'delivered')
      .where('delivered_at', '>=', range.from)
      .where('delivered_at', '<', range.to);
    if (range.key_id !== undefined) q = q.where('key_id', '=', range.key_id);
    const rows = await q.orderBy('delivered_at').orderBy('order_id').execute();
    return rows.map(fromRow);
  }
}
