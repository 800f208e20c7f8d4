import type { WebhookDeliveryWorker } from '../../../adapters/node/webhook-delivery.worker.js';
import type { WebhookTargets } from '../../../adapters/node/webhook-targets.js';
import type { EventFactory } from '../../../core/events/event.model.js';
import type { EventOutbox, SubscriptionStore, WebhookSigner, WebhookTransport } from '../../../core/events/ports.js';
import type { WebhookDispatcher } from '../../../core/events/use-cases/webhook-dispatcher.js';
import type { WebhookSubscriptions } from '../../../core/events/use-cases/webhook-subscriptions.js';
import { token } from './token.js';

/** Tokens of the events and webhooks area. */
export const WEBHOOKS = {
  EventFactory: token<EventFactory>('webhooks.EventFactory'),
  SubscriptionStore: token<SubscriptionStore>('webhooks.SubscriptionStore'),
  EventOutbox: token<EventOutbox>('webhooks.EventOutbox'),
  Signer: token<WebhookSigner>('webhooks.Signer'),
  Targets: token<WebhookTargets>('webhooks.Targets'),
  Transport: token<WebhookTransport>('webhooks.Transport'),
  Dispatcher: token<WebhookDispatcher>('webhooks.Dispatcher'),
  DeliveryWorker: token<WebhookDeliveryWorker>('webhooks.DeliveryWorker'),
  Subscriptions: token<WebhookSubscriptions>('webhooks.Subscriptions'),
} as const;
