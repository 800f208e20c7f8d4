import { randomInt } from 'node:crypto';
import { hostname } from 'node:os';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { type EventFactory, newEventFactory } from '../../../core/events/event.model.js';
import type { DeliveryMetrics, EventOutbox, SubscriptionStore, WebhookSigner, WebhookTransport } from '../../../core/events/ports.js';
import { DEFAULT_RETRY_POLICY } from '../../../core/events/retry-policy.js';
import { WebhookDispatcher } from '../../../core/events/use-cases/webhook-dispatcher.js';
import { WebhookSubscriptions } from '../../../core/events/use-cases/webhook-subscriptions.js';
import type { CursorSealer } from '../../../core/shared/ports.js';
import type { Clock, IdGenerator, RetentionMetrics } from '../../../core/shared/ports.js';
import { HttpWebhookTransport } from '../../../adapters/node/http-webhook.transport.js';
import { standardWebhooksSigner } from '../../../adapters/node/standard-webhooks.signer.js';
import { WebhookDeliveryWorker } from '../../../adapters/node/webhook-delivery.worker.js';
import { WebhookTargets } from '../../../adapters/node/webhook-targets.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import { SqlEventOutbox } from '../../../adapters/sql/sql-event-outbox.js';
import { SqlSubscriptionStore } from '../../../adapters/sql/sql-webhook-subscription.store.js';
import type { Config } from '../config.js';
import { CALLS } from './calls.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { WEBHOOKS } from './webhooks.tokens.js';

/** The SQL outbox and subscriptions, and the event factory the use cases that cause events hold. */
export function bindWebhooksSql(container: Container): void {
  container
    .bind<EventFactory>(WEBHOOKS.EventFactory)
    .toResolvedValue((ids: IdGenerator, clock: Clock) => newEventFactory(() => ids.uuid(), () => clock.now()), [PLATFORM.IdGenerator, PLATFORM.Clock])
    .inSingletonScope();
  container.bind<SubscriptionStore>(WEBHOOKS.SubscriptionStore).toResolvedValue((d: SqlDatabase) => new SqlSubscriptionStore(d.db), [PLATFORM.SqlDatabase]).inSingletonScope();
  container
    .bind<EventOutbox>(WEBHOOKS.EventOutbox)
    .toResolvedValue((d: SqlDatabase) => new SqlEventOutbox(d.db, { skipLocked: d.capabilities.skipLocked }), [PLATFORM.SqlDatabase])
    .inSingletonScope();
}

/** Signing, target checks, the HTTP transport, the dispatcher (and its worker) and the subscription use cases. */
export function bindWebhooksServices(container: Container): void {
  container.bind<WebhookSigner>(WEBHOOKS.Signer).toConstantValue(standardWebhooksSigner);
  container
    .bind<WebhookTargets>(WEBHOOKS.Targets)
    .toResolvedValue((config: Config) => new WebhookTargets({ allowLoopback: config.webhooks.allowLoopback }), [PLATFORM.Config])
    .inSingletonScope();
  container
    .bind<WebhookTransport>(WEBHOOKS.Transport)
    .toResolvedValue((targets: WebhookTargets, config: Config) => new HttpWebhookTransport(targets, { timeoutMs: config.webhooks.timeoutMs }), [WEBHOOKS.Targets, PLATFORM.Config])
    .inSingletonScope();
  container
    .bind<WebhookDispatcher>(WEBHOOKS.Dispatcher)
    .toResolvedValue(
      (outbox: EventOutbox, subs: SubscriptionStore, transport: WebhookTransport, signer: WebhookSigner, clock: Clock, ids: IdGenerator, config: Config, logger: Logger, metrics: DeliveryMetrics & RetentionMetrics) =>
        new WebhookDispatcher(outbox, subs, transport, signer, clock, () => randomInt(0, 2 ** 32) / 2 ** 32, () => `dlv_${ids.uuid().replace(/-/g, '')}`, {
          owner: `${hostname()}/${process.pid}/${ids.uuid()}`,
          leaseMs: config.webhooks.leaseMs,
          batch: config.webhooks.batch,
          caps: config.webhooks.caps,
          retry: { ...DEFAULT_RETRY_POLICY, baseMs: config.webhooks.retryBaseMs, windowMs: config.webhooks.retryWindowMs },
          disableAfterMs: config.webhooks.disableAfterMs,
          retentionMs: config.webhooks.retentionDays * 86_400_000,
          purgeEveryMs: 3_600_000,
        }, (err) => logger.error({ err }, 'webhook delivery could not be recorded'), metrics),
      [WEBHOOKS.EventOutbox, WEBHOOKS.SubscriptionStore, WEBHOOKS.Transport, WEBHOOKS.Signer, PLATFORM.Clock, PLATFORM.IdGenerator, PLATFORM.Config, PLATFORM.Logger, PLATFORM.Metrics],
    )
    .inSingletonScope();
  container
    .bind<WebhookDeliveryWorker>(WEBHOOKS.DeliveryWorker)
    .toResolvedValue(
      (dispatcher: WebhookDispatcher, config: Config, logger: Logger) =>
        new WebhookDeliveryWorker(dispatcher, { pollMs: config.webhooks.pollMs, onError: (err) => logger.error({ err }, 'webhook delivery step failed') }),
      [WEBHOOKS.Dispatcher, PLATFORM.Config, PLATFORM.Logger],
    )
    .inSingletonScope();
  container
    .bind<WebhookSubscriptions>(WEBHOOKS.Subscriptions)
    .toResolvedValue(
      (subs: SubscriptionStore, outbox: EventOutbox, targets: WebhookTargets, signer: WebhookSigner, sealer: CursorSealer, clock: Clock, ids: IdGenerator) =>
        new WebhookSubscriptions(subs, outbox, targets, signer, sealer, clock, ids),
      [WEBHOOKS.SubscriptionStore, WEBHOOKS.EventOutbox, WEBHOOKS.Targets, WEBHOOKS.Signer, CALLS.CursorSealer, PLATFORM.Clock, PLATFORM.IdGenerator],
    )
    .inSingletonScope();
}
