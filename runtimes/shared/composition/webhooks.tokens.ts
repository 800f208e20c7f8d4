/** Inversify tokens of the events and webhooks area. */
export const WEBHOOKS = {
  EventFactory: Symbol.for('webhooks.EventFactory'),
  SubscriptionStore: Symbol.for('webhooks.SubscriptionStore'),
  EventOutbox: Symbol.for('webhooks.EventOutbox'),
  Signer: Symbol.for('webhooks.Signer'),
  Targets: Symbol.for('webhooks.Targets'),
  Transport: Symbol.for('webhooks.Transport'),
  Dispatcher: Symbol.for('webhooks.Dispatcher'),
  DeliveryWorker: Symbol.for('webhooks.DeliveryWorker'),
  Subscriptions: Symbol.for('webhooks.Subscriptions'),
} as const;
