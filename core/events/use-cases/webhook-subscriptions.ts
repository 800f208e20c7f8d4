import { authorize, type Principal } from '../../auth/auth.model.js';
import { DomainError, notFound, validationError } from '../../shared/errors.js';
import { mapPage, type Page, type PageRequest, pageOf } from '../../shared/keyset-cursor.js';
import type { Clock, CursorSealer, IdGenerator } from '../../shared/ports.js';
import { type EventOwner, type EventType, eventTypesOf, tenantOwner } from '../event.model.js';
import type { EventOutbox, SubscriptionStore, WebhookSigner, WebhookTargetPolicy } from '../ports.js';
import {
  type Delivery,
  DELIVERY_ID_PATTERN,
  DESCRIPTION_MAX_LENGTH,
  type StoredSubscription,
  SUBSCRIPTION_ID_PATTERN,
  SUBSCRIPTIONS_MAX,
  type WebhookSubscription,
} from '../webhook.model.js';

/** How long a rotated-out secret keeps signing deliveries. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 3_600_000;

export interface NewSubscriptionInput {
  url: string;
  events: string[];
  description?: string | null;
}

/** What the API shows of a subscription: never its secrets; the owner is the path's (tenant) or the key. */
export type SubscriptionView = Omit<WebhookSubscription, 'owner_kind' | 'owner_id'>;

/** The view returned once, at creation and at each rotation: the only time a secret is shown. */
export type SubscriptionWithSecret = SubscriptionView & { secret: string };

/** The owner a tenant's admin manages: its tenant (403 for another tenant or a member). */
export function tenantSubscriber(principal: Principal, tenantId: string): EventOwner {
  authorize(principal, tenantId, 'write');
  return tenantOwner(tenantId);
}

const viewOf = ({ secrets: _s, owner_kind: _k, owner_id: _o, ...view }: StoredSubscription): SubscriptionView => view;

/**
 * Webhook subscriptions of one owner: create (the secret is shown once), read, delete, rotate
 * the secret (the old one keeps signing for 24 hours), enable again after an automatic disable,
 * and the delivery log with manual redelivery.
 */
export class WebhookSubscriptions {
  constructor(
    private readonly subscriptions: SubscriptionStore,
    private readonly outbox: EventOutbox,
    private readonly targets: WebhookTargetPolicy,
    private readonly signer: WebhookSigner,
    private readonly sealer: CursorSealer,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async create(owner: EventOwner, input: NewSubscriptionInput): Promise<SubscriptionWithSecret> {
    const events = this.checkedEvents(owner, input.events);
    const description = input.description?.trim() || null;
    if (description !== null && description.length > DESCRIPTION_MAX_LENGTH) {
      throw validationError('The subscription is invalid.', [{ path: 'description', message: `must be at most ${DESCRIPTION_MAX_LENGTH} characters` }]);
    }
    const refused = await this.targets.vet(input.url);
    if (refused !== null) throw validationError(`The webhook URL is refused: ${refused}.`, [{ path: 'url', message: refused }]);
    if ((await this.subscriptions.count(owner)) >= SUBSCRIPTIONS_MAX) {
      throw new DomainError('CONFLICT', `At most ${SUBSCRIPTIONS_MAX} webhook subscriptions; delete one first.`);
    }
    const now = this.clock.now().toISOString();
    const sub: StoredSubscription = {
      subscription_id: `whk_${this.ids.uuid().replace(/-/g, '')}`,
      owner_kind: owner.kind,
      owner_id: owner.id,
      url: input.url,
      description,
      events,
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
      secrets: { current: this.signer.newSecret(), previous: null, previous_expires_at: null },
    };
    await this.subscriptions.insert(sub);
    return { ...viewOf(sub), secret: sub.secrets.current };
  }

  /** The event types this owner may subscribe to (a tenant's or an API key's). */
  eventTypes(owner: EventOwner): readonly EventType[] {
    return eventTypesOf(owner.kind);
  }

  async list(owner: EventOwner, query: PageRequest): Promise<Page<SubscriptionView>> {
    const keyset = {
      context: JSON.stringify(['webhooks', owner.kind, owner.id]),
      shape: ['string', 'string'] as const,
      positionOf: (s: StoredSubscription) => [s.created_at, s.subscription_id] as [string, string],
    };
    const page = await pageOf(this.sealer, keyset, query, (after, limit) =>
      this.subscriptions.list(owner, after && { created_at: after[0], subscription_id: after[1] }, limit),
    );
    return mapPage(page, viewOf);
  }

  async get(owner: EventOwner, subscriptionId: string): Promise<SubscriptionView> {
    return viewOf(await this.existing(owner, subscriptionId));
  }

  async delete(owner: EventOwner, subscriptionId: string): Promise<void> {
    if (!SUBSCRIPTION_ID_PATTERN.test(subscriptionId) || !(await this.subscriptions.delete(owner, subscriptionId))) throw this.missing(subscriptionId);
  }

  /** A new secret; the current one becomes the previous one and keeps signing for 24 hours. */
  async rotateSecret(owner: EventOwner, subscriptionId: string): Promise<SubscriptionWithSecret> {
    const sub = await this.existing(owner, subscriptionId);
    const now = this.clock.now();
    const secrets = { current: this.signer.newSecret(), previous: sub.secrets.current, previous_expires_at: new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS).toISOString() };
    if (!(await this.subscriptions.setSecrets(owner, subscriptionId, secrets, now.toISOString()))) throw this.missing(subscriptionId);
    return { ...viewOf(sub), updated_at: now.toISOString(), secret: secrets.current };
  }

  async enable(owner: EventOwner, subscriptionId: string): Promise<SubscriptionView> {
    await this.existing(owner, subscriptionId);
    if (!(await this.subscriptions.enable(owner, subscriptionId, this.clock.now().toISOString()))) throw this.missing(subscriptionId);
    return this.get(owner, subscriptionId);
  }

  async deliveries(owner: EventOwner, subscriptionId: string, query: PageRequest): Promise<Page<Delivery>> {
    await this.existing(owner, subscriptionId);
    const keyset = {
      context: JSON.stringify(['webhook-deliveries', owner.kind, owner.id, subscriptionId]),
      shape: ['string', 'string'] as const,
      positionOf: (d: Delivery) => [d.created_at, d.delivery_id] as [string, string],
    };
    return pageOf(this.sealer, keyset, query, (after, limit) => this.outbox.deliveries(subscriptionId, after && { created_at: after[0], delivery_id: after[1] }, limit));
  }

  /** Sends the event again as soon as a dispatcher looks, with a fresh retry window. */
  async redeliver(owner: EventOwner, subscriptionId: string, deliveryId: string): Promise<Delivery> {
    await this.existing(owner, subscriptionId);
    const delivery = DELIVERY_ID_PATTERN.test(deliveryId) ? await this.outbox.redeliver(subscriptionId, deliveryId, this.clock.now().toISOString()) : null;
    if (!delivery) throw notFound(`No delivery ${deliveryId} of webhook ${subscriptionId}.`);
    return delivery;
  }

  private checkedEvents(owner: EventOwner, events: string[]): EventType[] {
    const allowed = eventTypesOf(owner.kind);
    const errors = events.flatMap((e, i) => (allowed.includes(e as EventType) ? [] : [{ path: `events.${i}`, message: `must be one of ${allowed.join(', ')}` }]));
    if (events.length === 0) errors.push({ path: 'events', message: 'must name at least one event type' });
    if (errors.length > 0) throw validationError('The subscription is invalid.', errors);
    return [...new Set(events as EventType[])];
  }

  private async existing(owner: EventOwner, subscriptionId: string): Promise<StoredSubscription> {
    const sub = SUBSCRIPTION_ID_PATTERN.test(subscriptionId) ? await this.subscriptions.find(owner, subscriptionId) : null;
    if (!sub) throw this.missing(subscriptionId);
    return sub;
  }

  private missing(subscriptionId: string) {
    return notFound(`No webhook subscription ${subscriptionId}.`);
  }
}
