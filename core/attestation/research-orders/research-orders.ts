/**
 * Research orders: placed and followed by a client's production key, worked by the operator
 * (svc-admin research …), delivered by an operator import (svc-admin corpus import --order).
 * Every change of an order's state hands the store its `research_order.updated` event (built by
 * `announce`), which the store writes into the outbox in the transaction of the change.
 */
import type { PriceList, Pricing } from '../../billing/billing.model.js';
import { priceListOf } from '../../billing/pricing.js';
import type { EventFactory, OutboxEvent } from '../../events/event.model.js';
import { researchOrderUpdated } from '../../events/event-payloads.js';
import { PRODUCTION_PLAN } from '../../billing/billing.model.js';
import { conflict, DomainError, findNulCharacter, isDomainError, notFound, NUL_MESSAGE, validationError } from '../../shared/errors.js';
import { type Page, type PageRequest, pageOf } from '../../shared/keyset-cursor.js';
import type { CursorSealer } from '../../shared/ports.js';
import type { Clock, IdGenerator } from '../../shared/ports.js';
import type { ApiKeyStore, Caller, VerificationLedger } from '../ports.js';
import { requireProduction, visibleTo } from '../caller.js';
import type { OrderListQuery, ResearchOrderStore } from './ports.js';
import { type DeliveryRequest, deliveredOrder, nextStatus, type OrderEvent, type OrderStatus, type ResearchOrder } from './research-order.model.js';

export interface PlaceOrderInput {
  /** Required unless `request_id` names the verification to take the subject from. */
  subject_artist?: string;
  subject_title?: string;
  subject_ref?: string;
  request_id?: string;
  tier: string;
  client_reference?: string;
  note?: string;
}

export interface PlacedOrder {
  order: ResearchOrder;
  /** True when the Idempotency-Key had already placed this order: nothing new was stored. */
  replayed: boolean;
}

export const ORDER_ID_PATTERN = /^ro_[A-Za-z0-9_-]{16}$/;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const DECLINE_REASON_MAX = 1000;

const PAST: Record<OrderEvent, string> = { accept: 'accepted', decline: 'declined', cancel: 'cancelled', deliver: 'delivered' };

export function illegalTransition(order: ResearchOrder, event: OrderEvent): DomainError {
  return conflict(`Research order ${order.order_id} is ${order.status}; it cannot be ${PAST[event]}.`);
}

/** A page of orders, its limit already checked by the runtime's schema (`OrderListQuerySchema`). */
export interface OrderListOptions extends PageRequest {
  status?: OrderStatus;
}

export class ResearchOrders {
  constructor(
    private readonly store: ResearchOrderStore,
    private readonly keys: ApiKeyStore,
    private readonly ledger: VerificationLedger,
    private readonly pricing: Pricing,
    private readonly sealer: CursorSealer,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly events?: EventFactory,
  ) {}

  /** The research tiers this key may order, with its prices. */
  async tiersFor(keyId: string): Promise<PriceList['research_tiers']> {
    const record = await this.keys.find(keyId);
    return priceListOf(record?.plan ?? PRODUCTION_PLAN, this.pricing).research_tiers;
  }

  async place(caller: Caller, input: PlaceOrderInput, idempotencyKey?: string): Promise<PlacedOrder> {
    const { key_id } = requireProduction(caller);
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw validationError('Idempotency-Key must be 1 to 255 visible ASCII characters.', [{ path: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
    }
    const nul = findNulCharacter(input);
    if (nul !== null) throw validationError(`${nul} ${NUL_MESSAGE}.`, [{ path: nul, message: NUL_MESSAGE }]);
    const fingerprint = JSON.stringify([input.subject_artist ?? null, input.subject_title ?? null, input.subject_ref ?? null, input.request_id ?? null, input.tier, input.client_reference ?? null, input.note ?? null]);
    if (idempotencyKey !== undefined) {
      const earlier = await this.store.findByIdempotencyKey(key_id, idempotencyKey);
      if (earlier) return this.replayed(earlier, fingerprint);
    }
    const tiers = await this.tiersFor(key_id);
    const tier = tiers[input.tier];
    if (!tier || !Object.hasOwn(tiers, input.tier)) {
      throw validationError(`Unknown research tier ${JSON.stringify(input.tier)}; this key may order ${Object.keys(tiers).join(', ')}.`, [
        { path: 'tier', message: `must be one of ${Object.keys(tiers).join(', ')}` },
      ]);
    }
    const subject = await this.subjectOf(caller, input);
    const now = this.clock.now().toISOString();
    const order: ResearchOrder = {
      order_id: `ro_${this.ids.secret(12)}`,
      key_id,
      status: 'requested',
      tier: input.tier,
      price_cents: tier.price_cents,
      currency: 'EUR',
      subject,
      request_id: input.request_id ?? null,
      client_reference: input.client_reference ?? null,
      note: input.note ?? null,
      created_at: now,
      updated_at: now,
      accepted_at: null,
      declined_at: null,
      decline_reason: null,
      cancelled_at: null,
      delivered_at: null,
      import_id: null,
      corpus_revision: null,
      idempotency_key: idempotencyKey ?? null,
      request_fingerprint: idempotencyKey === undefined ? null : fingerprint,
    };
    try {
      await this.store.insert(order, this.announce(order, null));
    } catch (err) {
      // Two requests with one Idempotency-Key racing: the store let one in; answer its order.
      if (idempotencyKey !== undefined && isDomainError(err) && err.code === 'CONFLICT') {
        const winner = await this.store.findByIdempotencyKey(key_id, idempotencyKey);
        if (winner) return this.replayed(winner, fingerprint);
      }
      throw err;
    }
    return { order, replayed: false };
  }

  /** The key's own order; another key's is a 404, never a 403 (ids cannot be probed). */
  async get(caller: Caller, orderId: string): Promise<ResearchOrder> {
    const { key_id } = requireProduction(caller);
    const order = ORDER_ID_PATTERN.test(orderId) ? await this.store.find(orderId) : null;
    if (!order || order.key_id !== key_id) throw notFound(`No research order ${orderId} for this key.`);
    return order;
  }

  async list(caller: Caller, options: OrderListOptions): Promise<Page<ResearchOrder>> {
    const { key_id } = requireProduction(caller);
    return this.page({ key_id, status: options.status }, options);
  }

  /** The client cancels an order it placed, while it is still `requested`. */
  async cancel(caller: Caller, orderId: string): Promise<ResearchOrder> {
    const order = await this.get(caller, orderId);
    return this.move(order, 'cancel', { cancelled_at: this.clock.now().toISOString() });
  }

  /** The operator's queue: every key's orders, newest first. */
  async queue(options: OrderListOptions): Promise<Page<ResearchOrder>> {
    return this.page({ status: options.status }, options);
  }

  async accept(orderId: string): Promise<ResearchOrder> {
    return this.move(await this.existing(orderId), 'accept', { accepted_at: this.clock.now().toISOString() });
  }

  async decline(orderId: string, reason: string): Promise<ResearchOrder> {
    const clean = reason.trim();
    if (clean.length === 0 || clean.length > DECLINE_REASON_MAX || clean.includes('\u0000')) {
      throw validationError(`The reason must be 1 to ${DECLINE_REASON_MAX} characters.`, [{ path: 'reason', message: `must be 1 to ${DECLINE_REASON_MAX} characters` }]);
    }
    return this.move(await this.existing(orderId), 'decline', { declined_at: this.clock.now().toISOString(), decline_reason: clean });
  }

  /**
   * Delivers an accepted order through an operator import: `runImport` applies the research
   * with the delivery attached, so that the import and the order's move to `delivered` are one
   * transaction, with its event (the store refuses all when the order left `accepted` meanwhile).
   */
  async deliver<Outcome extends { applied: boolean }>(orderId: string, runImport: (delivery: DeliveryRequest) => Promise<Outcome>): Promise<{ outcome: Outcome; order: ResearchOrder }> {
    const order = await this.existing(orderId);
    if (nextStatus(order.status, 'deliver') === null) throw illegalTransition(order, 'deliver');
    const outcome = await runImport({
      order_id: order.order_id,
      delivered_at: this.clock.now().toISOString(),
      events: (delivery) => this.announce(deliveredOrder(order, delivery), order.status),
    });
    if (!outcome.applied) return { outcome, order };
    return { outcome, order: await this.existing(orderId) };
  }

  /** One state change through the table: compare and set on the stored status. */
  private async move(order: ResearchOrder, event: OrderEvent, patch: Partial<ResearchOrder>): Promise<ResearchOrder> {
    const to = nextStatus(order.status, event);
    if (to === null) throw illegalTransition(order, event);
    const next: ResearchOrder = { ...order, ...patch, status: to, updated_at: this.clock.now().toISOString() };
    if (!(await this.store.update(next, order.status, this.announce(next, order.status)))) {
      throw illegalTransition((await this.store.find(order.order_id)) ?? order, event);
    }
    return next;
  }

  /** The events of a change of state (`from` null: placed), which the store writes with it. */
  private announce(order: ResearchOrder, from: OrderStatus | null): OutboxEvent[] {
    return this.events ? [researchOrderUpdated(this.events, order, from)] : [];
  }

  private async existing(orderId: string): Promise<ResearchOrder> {
    const order = ORDER_ID_PATTERN.test(orderId) ? await this.store.find(orderId) : null;
    if (!order) throw notFound(`No research order ${orderId}.`);
    return order;
  }

  private replayed(order: ResearchOrder, fingerprint: string): PlacedOrder {
    if (order.request_fingerprint !== fingerprint) {
      throw conflict('This Idempotency-Key was used with a different request; use a new key for a new order.');
    }
    return { order, replayed: true };
  }

  private async subjectOf(caller: Caller, input: PlaceOrderInput): Promise<ResearchOrder['subject']> {
    let artist = input.subject_artist;
    let title = input.subject_title;
    let ref = input.subject_ref;
    if (input.request_id !== undefined) {
      const trace = await this.ledger.find(input.request_id);
      if (!trace || !visibleTo(trace, caller)) {
        throw validationError('request_id names no verification visible to this key.', [{ path: 'request_id', message: 'is not a verification of this key' }]);
      }
      artist ??= trace.request.subject_artist;
      title ??= trace.request.subject_title;
      ref ??= trace.request.subject_ref;
    }
    const missing = [...(artist === undefined ? ['subject_artist'] : []), ...(title === undefined ? ['subject_title'] : [])];
    if (artist === undefined || title === undefined) {
      throw validationError('The subject is required (subject_artist and subject_title), unless request_id names the verification to take it from.', missing.map((path) => ({ path, message: 'is required without request_id' })));
    }
    return { artist, title, ref: ref ?? null };
  }

  private async page(filter: Omit<OrderListQuery, 'limit' | 'before'>, options: OrderListOptions): Promise<Page<ResearchOrder>> {
    const keyset = {
      context: JSON.stringify(['research-orders', filter.key_id ?? '*', filter.status ?? null]),
      shape: ['string', 'string'] as const,
      positionOf: (o: ResearchOrder) => [o.created_at, o.order_id] as [string, string],
    };
    return pageOf(this.sealer, keyset, options, (before, limit) =>
      this.store.list({ ...filter, before: before ? { created_at: before[0], order_id: before[1] } : undefined, limit }),
    );
  }
}
