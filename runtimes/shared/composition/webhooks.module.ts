import { randomInt } from 'node:crypto';
import { hostname } from 'node:os';
import type { Container } from 'inversify';
import { newEventFactory } from '../../../core/events/event.model.js';
import { DEFAULT_RETRY_POLICY } from '../../../core/events/retry-policy.js';
import { WebhookDispatcher } from '../../../core/events/use-cases/webhook-dispatcher.js';
import { WebhookSubscriptions } from '../../../core/events/use-cases/webhook-subscriptions.js';
import { HttpWebhookTransport } from '../../../adapters/node/http-webhook.transport.js';
import { standardWebhooksSigner } from '../../../adapters/node/standard-webhooks.signer.js';
import { WebhookDeliveryWorker } from '../../../adapters/node/webhook-delivery.worker.js';
import { WebhookTargets } from '../../../adapters/node/webhook-targets.js';
import { SqlEventOutbox } from '../../../adapters/sql/sql-event-outbox.js';
import { SqlSubscriptionStore } from '../../../adapters/sql/sql-webhook-subscription.store.js';
import { PLATFORM } from './platform.tokens.js';
import { provide } from './token.js';
import { WEBHOOKS } from './webhooks.tokens.js';

/** The SQL outbox and subscriptions, and the event factory the use cases that cause events hold. */
export function bindWebhooksSql(container: Container): void {
  provide(container, WEBHOOKS.EventFactory, [PLATFORM.IdGenerator, PLATFORM.Clock], (ids, clock) => newEventFactory(() => ids.uuid(), () => clock.now()));
  provide(container, WEBHOOKS.SubscriptionStore, [PLATFORM.SqlDatabase], (d) => new SqlSubscriptionStore(d.db));
  provide(container, WEBHOOKS.EventOutbox, [PLATFORM.SqlDatabase], (d) => new SqlEventOutbox(d.db, { skipLocked: d.capabilities.skipLocked }));
}

/** Signing, target checks, the HTTP transport, the dispatcher (and its worker) and the subscription use cases. */
export function bindWebhooksServices(container: Container): void {
  provide(container, WEBHOOKS.Signer, [], () => standardWebhooksSigner);
  provide(container, WEBHOOKS.Targets, [PLATFORM.Config], (config) => new WebhookTargets({ allowLoopback: config.webhooks.allowLoopback }));
  provide(container, WEBHOOKS.Transport, [WEBHOOKS.Targets, PLATFORM.Config], (targets, config) => new HttpWebhookTransport(targets, { timeoutMs: config.webhooks.timeoutMs }));
  provide(
    container,
    WEBHOOKS.Dispatcher,
    [WEBHOOKS.EventOutbox, WEBHOOKS.SubscriptionStore, WEBHOOKS.Transport, WEBHOOKS.Signer, PLATFORM.Clock, PLATFORM.IdGenerator, PLATFORM.Config, PLATFORM.Logger],
    (outbox, subs, transport, signer, clock, ids, config, logger) =>
      new WebhookDispatcher(outbox, subs, transport, signer, clock, () => randomInt(0, 2 ** 32) / 2 ** 32, () => `dlv_${ids.uuid().replace(/-/g, '')}`, {
        owner: `${hostname()}/${process.pid}/${ids.uuid()}`,
        leaseMs: config.webhooks.leaseMs,
        batch: config.webhooks.batch,
        caps: config.webhooks.caps,
        retry: { ...DEFAULT_RETRY_POLICY, baseMs: config.webhooks.retryBaseMs, windowMs: config.webhooks.retryWindowMs },
        disableAfterMs: config.webhooks.disableAfterMs,
        retentionMs: config.webhooks.retentionDays * 86_400_000,
        purgeEveryMs: 3_600_000,
      }, (err) => logger.error({ err }, 'webhook delivery could not be recorded')),
  );
  provide(
    container,
    WEBHOOKS.DeliveryWorker,
    [WEBHOOKS.Dispatcher, PLATFORM.Config, PLATFORM.Logger],
    (dispatcher, config, logger) => new WebhookDeliveryWorker(dispatcher, { pollMs: config.webhooks.pollMs, onError: (err) => logger.error({ err }, 'webhook delivery step failed') }),
  );
  provide(
    container,
    WEBHOOKS.Subscriptions,
    [WEBHOOKS.SubscriptionStore, WEBHOOKS.EventOutbox, WEBHOOKS.Targets, WEBHOOKS.Signer, PLATFORM.CursorSealer, PLATFORM.Clock, PLATFORM.IdGenerator],
    (subs, outbox, targets, signer, sealer, clock, ids) => new WebhookSubscriptions(subs, outbox, targets, signer, sealer, clock, ids),
  );
}
