import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventOutbox, SubscriptionStore } from '../../../core/events/ports.js';
import { DEFAULT_RETRY_POLICY } from '../../../core/events/retry-policy.js';
import { type DispatcherSettings, WebhookDispatcher } from '../../../core/events/use-cases/webhook-dispatcher.js';
import { seededRandom } from '../../../adapters/node/seeded-random.js';
import { MemoryEventOutbox, MemorySubscriptionStore } from '../../../adapters/memory/memory-webhook.stores.js';
import { HttpWebhookTransport } from '../../../adapters/node/http-webhook.transport.js';
import { standardWebhooksSigner } from '../../../adapters/node/standard-webhooks.signer.js';
import { WebhookTargets } from '../../../adapters/node/webhook-targets.js';
import { PrometheusMetrics } from '../../../adapters/node/prometheus-metrics.js';
import { metricValue } from '../../support/metric-values.js';
import { contractSuite } from '../../support/contract-suite.js';
import { aSubscription, anEvent, hexId, webhookStoreAdapters } from '../../fixtures/webhook-mother.js';
import { type Receiver, startReceiver } from '../../support/webhook-receiver.js';

/**
 * The dispatcher against a real receiver over real HTTP, with the system clock (Date only) under
 * the test's control: retries hours apart happen in milliseconds, and the receiver's
 * standardwebhooks library checks each timestamp against the same clock.
 */
const ADAPTERS = webhookStoreAdapters();

const HOUR = 3_600_000;
const SETTINGS: DispatcherSettings = { owner: 'test', leaseMs: 60_000, batch: 16, caps: { perSubscription: 2, perOwner: 8 }, retry: DEFAULT_RETRY_POLICY, disableAfterMs: 12 * HOUR, retentionMs: 30 * 24 * HOUR, purgeEveryMs: HOUR };
const clock = { now: () => new Date() };
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-01T00:00:00Z'));
  receiver.received.length = 0;
  receiver.respond = () => 200;
});
afterEach(() => {
  vi.useRealTimers();
});

function dispatcher(subs: SubscriptionStore, outbox: EventOutbox, options: { allowLoopback?: boolean; timeoutMs?: number; metrics?: PrometheusMetrics } = {}) {
  const transport = new HttpWebhookTransport(new WebhookTargets({ allowLoopback: options.allowLoopback ?? true }), { timeoutMs: options.timeoutMs ?? 5_000 });
  return new WebhookDispatcher(outbox, subs, transport, standardWebhooksSigner, clock, seededRandom(7), () => hexId('dlv'), SETTINGS, undefined, options.metrics);
}

/** The dispatcher's attempts by outcome, as the metrics adapter counts them. */
const attempts = async (metrics: PrometheusMetrics) =>
  Object.fromEntries(
    await Promise.all((['succeeded', 'retrying', 'failed', 'skipped'] as const).map(async (outcome) => [outcome, await metricValue(metrics.registry, 'webhook_delivery_attempts_total', { outcome })])),
  );

async function subscribed(subs: SubscriptionStore, path: string, over: Parameters<typeof aSubscription>[0] = {}) {
  const s = aSubscription({ url: `${receiver.url}${path}`, createdAt: -86_400 * 365, secrets: { current: standardWebhooksSigner.newSecret(), previous: null, previous_expires_at: null }, ...over });
  await subs.insert(s);
  receiver.secrets = [s.secrets.current];
  return s;
}

const now = () => new Date().toISOString();
const event = () => anEvent('call.created', (Date.now() - Date.UTC(2026, 0, 1)) / 1000);

contractSuite('webhook dispatcher', ADAPTERS, (adapter) => {
  it('a receiver failing, then recovering, gets every event; the log keeps each attempt', async () => {
    const { subs, outbox } = await adapter.make();
    const s = await subscribed(subs, '/flaky');
    receiver.respond = (_r, count) => (count <= 3 ? 500 : 200);
    const events = Array.from({ length: 5 }, event);
    await outbox.append(events);
    const metrics = new PrometheusMetrics();
    const d = dispatcher(subs, outbox, { metrics });
    // Two of the subscription's deliveries go per round (its cap), each retry due within minutes.
    for (let i = 0; i < 40 && receiver.acknowledged().size < 5; i++) {
      await d.round();
      advance(10 * 60_000);
    }
    expect([...receiver.acknowledged()].sort()).toEqual(events.map((e) => e.event_id).sort());
    expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
    const log = await outbox.deliveries(s.subscription_id, null, 10);
    expect(log).toHaveLength(5);
    for (const delivery of log) {
      expect(delivery.status).toBe('succeeded');
      expect(delivery.attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 200]);
      expect(delivery.attempts.map((a) => a.error)).toEqual(['The receiver answered 500.', 'The receiver answered 500.', 'The receiver answered 500.', null]);
    }
    expect((await subs.find({ kind: 'tenant', id: 't1' }, s.subscription_id))?.failing_since).toBeNull();
    // Reported as they happened: 15 failed attempts with a retry scheduled, 5 successes, each timed.
    expect(await attempts(metrics)).toEqual({ succeeded: 5, retrying: 15, failed: 0, skipped: 0 });
    expect(await metricValue(metrics.registry, 'webhook_delivery_latency_seconds', {}, 'webhook_delivery_latency_seconds_count')).toBe(20);
    expect(await metricValue(metrics.registry, 'webhook_subscriptions_disabled_total')).toBe(0);
  });

  it('gives up after about a day of backoff, and disables a subscription failing for longer than the limit', async () => {
    const { subs, outbox } = await adapter.make();
    const s = await subscribed(subs, '/down');
    receiver.respond = () => 503;
    await outbox.append([event()]);
    const metrics = new PrometheusMetrics();
    const d = dispatcher(subs, outbox, { metrics });
    const started = Date.now();
    for (let i = 0; i < 200; i++) {
      await d.round();
      const [delivery] = await outbox.deliveries(s.subscription_id, null, 1);
      if (delivery.status === 'failed') break;
      advance(10 * 60_000);
    }
    const [delivery] = await outbox.deliveries(s.subscription_id, null, 1);
    expect(delivery.status).toBe('failed');
    // Exponential: each wait longer than the one before (jitter aside), all within the day.
    const times = delivery.attempts.map((a) => Date.parse(a.attempted_at) - started);
    expect(delivery.attempts.length).toBeGreaterThanOrEqual(6);
    expect(delivery.attempts.length).toBeLessThanOrEqual(14);
    expect(times[times.length - 1]).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.windowMs);
    expect(times[times.length - 1]).toBeGreaterThan(DEFAULT_RETRY_POLICY.windowMs / 2);
    const sub = await subs.find({ kind: 'tenant', id: 't1' }, s.subscription_id);
    expect(sub).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/failed for more than 12 hours/) });
    // Every attempt failed with a retry scheduled, until the subscription was disabled (at 12 h):
    // the next one was skipped, nothing sent.
    expect(await attempts(metrics)).toEqual({ succeeded: 0, retrying: delivery.attempts.length - 1, failed: 0, skipped: 1 });
    expect(await metricValue(metrics.registry, 'webhook_subscriptions_disabled_total')).toBe(1);
    // A disabled subscription gets no new deliveries.
    await outbox.append([event()]);
    expect(await outbox.fanOut(now(), 10, () => hexId('dlv'))).toBe(0);
  });
});

describe('webhook transport', () => {
  const stores = async () => {
    const subs = new MemorySubscriptionStore();
    return { subs, outbox: new MemoryEventOutbox(subs) };
  };

  it('refuses at delivery a target that resolves to a refused address (SSRF), without connecting', async () => {
    const { subs, outbox } = await stores();
    // Stored while allowed, or through a DNS name that now resolves elsewhere: checked again, after resolution.
    const s = aSubscription({ url: `https://localhost:${new URL(receiver.url).port}/ssrf`, createdAt: -1000 });
    await subs.insert(s);
    const meta = aSubscription({ url: 'https://169.254.169.254/latest/meta-data/', createdAt: -1000 });
    await subs.insert(meta);
    await outbox.append([event()]);
    await dispatcher(subs, outbox, { allowLoopback: false }).round();
    expect(receiver.received).toEqual([]);
    for (const id of [s.subscription_id, meta.subscription_id]) {
      const [delivery] = await outbox.deliveries(id, null, 1);
      expect(delivery.status).toBe('pending');
      expect(delivery.attempts).toEqual([expect.objectContaining({ status_code: null, error: expect.stringMatching(/^Target refused: .*(loopback|linkLocal) address/) })]);
    }
  });

  it('a slow receiver holds its own deliveries\' slots, not the other subscriptions\' deliveries', async () => {
    const { subs, outbox } = await stores();
    const slow = await subscribed(subs, '/slow');
    const fast = await subscribed(subs, '/fast');
    let open: () => void = () => {};
    const gate = new Promise<number>((resolve) => (open = () => resolve(200)));
    receiver.respond = (r) => (r.path === '/slow' ? gate : 200);
    await outbox.append([event()]);
    const d = dispatcher(subs, outbox);
    expect(await d.step()).toBe(4); // 2 deliveries made, 2 started
    await d.settledOne();
    expect((await outbox.deliveries(fast.subscription_id, null, 1))[0].status).toBe('succeeded');
    expect((await outbox.deliveries(slow.subscription_id, null, 1))[0].status).toBe('pending');
    // Later events still reach the healthy receiver while the slow one has not answered.
    await outbox.append([event()]);
    await d.step();
    await receiver.until((r) => r.received.filter((x) => x.path === '/fast').length === 2);
    expect(receiver.received.filter((x) => x.path === '/slow')).toEqual([]);
    open();
    await d.drain();
    expect((await outbox.deliveries(slow.subscription_id, null, 5)).map((x) => x.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('connects to the address it checked: the host is resolved once, by the checked resolver', async () => {
    const lookups: string[] = [];
    const targets = new WebhookTargets({ allowLoopback: true }, async (host) => {
      lookups.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    });
    const transport = new HttpWebhookTransport(targets, { timeoutMs: 2_000 });
    const port = new URL(receiver.url).port;
    const res = await transport.post({ url: `http://pinned-name.localhost:${port}/pinned`, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res).toMatchObject({ status_code: 200, error: null });
    expect(lookups).toEqual(['pinned-name.localhost']);
    expect(receiver.received.map((r) => [r.path, r.headers.host])).toEqual([['/pinned', `pinned-name.localhost:${port}`]]);
    // Resolving elsewhere next time (DNS rebinding) is refused before any connection.
    const rebound = new HttpWebhookTransport(new WebhookTargets({ allowLoopback: true }, async () => [{ address: '10.0.0.9', family: 4 }]), { timeoutMs: 2_000 });
    expect(await rebound.post({ url: `http://pinned-name.localhost:${port}/pinned`, headers: {}, body: '{}' })).toMatchObject({
      status_code: null,
      error: expect.stringMatching(/^Target refused: the host pinned-name.localhost resolves to a private address \(10\.0\.0\.9\)/),
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('applies the retention: a delivery finished more than the retention ago leaves the log', async () => {
    const { subs, outbox } = await stores();
    const s = await subscribed(subs, '/kept');
    await outbox.append([event()]);
    const metrics = new PrometheusMetrics();
    const d = dispatcher(subs, outbox, { metrics });
    await d.round();
    expect(await outbox.deliveries(s.subscription_id, null, 5)).toHaveLength(1);
    advance(29 * 24 * HOUR);
    await d.round();
    expect(await outbox.deliveries(s.subscription_id, null, 5)).toHaveLength(1);
    expect(await metricValue(metrics.registry, 'retention_deletions_total', { kind: 'webhook_deliveries' })).toBe(0);
    advance(2 * 24 * HOUR);
    await d.round();
    expect(await outbox.deliveries(s.subscription_id, null, 5)).toEqual([]);
    expect(await metricValue(metrics.registry, 'retention_deletions_total', { kind: 'webhook_deliveries' })).toBe(1);
    expect(await metricValue(metrics.registry, 'retention_deletions_total', { kind: 'webhook_events' })).toBe(1);
  });

  it('follows no redirect: a 3xx is a failed attempt and the other URL gets nothing', async () => {
    const { subs, outbox } = await stores();
    const s = await subscribed(subs, '/moved');
    receiver.respond = (r) => (r.path === '/moved' ? { status: 302, headers: { location: `${receiver.url}/elsewhere` } } : 200);
    await outbox.append([event()]);
    await dispatcher(subs, outbox).round();
    expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
    const [delivery] = await outbox.deliveries(s.subscription_id, null, 1);
    expect(delivery.attempts).toEqual([expect.objectContaining({ status_code: 302, error: 'The receiver answered 302.' })]);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const { subs, outbox } = await stores();
    const s = await subscribed(subs, '/slow');
    // The receiver holds the request until the test lets it go, so only the transport's timer can
    // end the attempt; that timer runs on the test's clock (setTimeout faked from here on).
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    let release!: (status: number) => void;
    receiver.respond = () => {
      arrived();
      return new Promise<number>((resolve) => (release = resolve));
    };
    await outbox.append([event()]);
    const at = Date.now();
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(at);
    let ended = false;
    const round = dispatcher(subs, outbox, { timeoutMs: 200 })
      .round()
      .finally(() => (ended = true));
    await arrival;
    await vi.advanceTimersByTimeAsync(199);
    expect(ended, 'the attempt still waits at 199 ms').toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await round;
    release(200);
    const [delivery] = await outbox.deliveries(s.subscription_id, null, 1);
    expect(delivery).toMatchObject({ status: 'pending', attempts: [{ status_code: null, error: 'No response within 200 ms.' }] });
  });

  it('reads no more than a few KB of a response', async () => {
    const { subs, outbox } = await stores();
    const s = await subscribed(subs, '/big');
    receiver.respond = () => ({ status: 200, body: 'x'.repeat(8 * 1024 * 1024) });
    await outbox.append([event()]);
    await dispatcher(subs, outbox).round();
    const [delivery] = await outbox.deliveries(s.subscription_id, null, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: [{ status_code: 200, error: null }] });
  });
});
