import { describe, expect, it } from 'vitest';
import { keyOwner, newEventFactory, tenantOwner } from '../../../core/events/event.model.js';
import { PREVIOUS_SECRET_TTL_MS, WebhookSubscriptions } from '../../../core/events/use-cases/webhook-subscriptions.js';
import { SUBSCRIPTIONS_MAX } from '../../../core/events/webhook.model.js';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { cryptoIds } from '../../../adapters/node/node-platform.js';
import { standardWebhooksSigner } from '../../../adapters/node/standard-webhooks.signer.js';
import { WebhookTargets } from '../../../adapters/node/webhook-targets.js';
import { MemoryEventOutbox, MemorySubscriptionStore } from '../../../adapters/memory/memory-webhook.stores.js';
import { toSummary } from '../../../core/calls/call.model.js';
import { aCall } from '../../fixtures/call-mother.js';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const acme = tenantOwner('acme');
const globex = tenantOwner('globex');
const key = keyOwner('key_1');
/** A public address written as an IP literal: the target policy checks it without a DNS lookup. */
const URL_OK = 'https://93.184.215.14/in';

function setup() {
  const subs = new MemorySubscriptionStore();
  const outbox = new MemoryEventOutbox(subs);
  let now = NOW;
  const clock = { now: () => now };
  const webhooks = new WebhookSubscriptions(subs, outbox, new WebhookTargets({ allowLoopback: false }), standardWebhooksSigner, new HmacCursorSealer('unit-test-secret-unit-test-secret!!'), clock, cryptoIds);
  return { subs, outbox, webhooks, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('WebhookSubscriptions (on the memory fakes)', () => {
  it('creates a subscription, shows its secret once, and never again; another owner sees nothing', async () => {
    const { webhooks, subs } = setup();
    const made = await webhooks.create(acme, { url: URL_OK, events: ['call.created', 'call.created', 'agent.updated'], description: '  Front desk  ' });
    expect(made).toMatchObject({ url: URL_OK, events: ['call.created', 'agent.updated'], description: 'Front desk', enabled: true, disabled_reason: null, created_at: NOW.toISOString() });
    expect(made.subscription_id).toMatch(/^whk_[0-9a-f]{32}$/);
    expect(made.secret).toMatch(/^whsec_/);
    expect(made).not.toHaveProperty('owner_kind');
    const read = await webhooks.get(acme, made.subscription_id);
    expect(read).not.toHaveProperty('secret');
    expect(read).not.toHaveProperty('secrets');
    expect(read).toEqual(Object.fromEntries(Object.entries(made).filter(([k]) => k !== 'secret')));
    expect((await subs.find(acme, made.subscription_id))?.secrets.current).toBe(made.secret);
    await expect(webhooks.get(globex, made.subscription_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(webhooks.get(key, made.subscription_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(webhooks.get(acme, 'whk_not-an-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists the event types each kind of owner may subscribe to: exactly those create accepts', async () => {
    const { webhooks } = setup();
    expect(webhooks.eventTypes(acme)).toEqual(['call.created', 'calls.erased', 'knowledge.document.indexed', 'knowledge.document.failed', 'knowledge.sync.completed', 'agent.updated']);
    expect(webhooks.eventTypes(key)).toEqual(['research_order.updated']);
    for (const owner of [acme, key]) {
      const made = await webhooks.create(owner, { url: URL_OK, events: [...webhooks.eventTypes(owner)] });
      expect(made.events).toEqual(webhooks.eventTypes(owner));
      const other = owner === acme ? key : acme;
      await expect(webhooks.create(owner, { url: URL_OK, events: [webhooks.eventTypes(other)[0]!] })).rejects.toMatchObject({ code: 'VALIDATION' });
    }
  });

  it("refuses events outside the owner's kind, no events, a long description and a refused URL, naming each field; stores nothing", async () => {
    const { webhooks, subs } = setup();
    await expect(webhooks.create(acme, { url: URL_OK, events: ['call.created', 'research_order.updated', 'nope'] })).rejects.toMatchObject({
      code: 'VALIDATION',
      errors: [expect.objectContaining({ path: 'events.1' }), expect.objectContaining({ path: 'events.2' })],
    });
    await expect(webhooks.create(key, { url: URL_OK, events: ['call.created'] })).rejects.toMatchObject({ code: 'VALIDATION', errors: [expect.objectContaining({ path: 'events.0' })] });
    await expect(webhooks.create(acme, { url: URL_OK, events: [] })).rejects.toMatchObject({ code: 'VALIDATION', errors: [expect.objectContaining({ path: 'events' })] });
    await expect(webhooks.create(acme, { url: URL_OK, events: ['call.created'], description: 'x'.repeat(501) })).rejects.toMatchObject({
      code: 'VALIDATION',
      errors: [expect.objectContaining({ path: 'description' })],
    });
    for (const url of ['https://10.0.0.1/in', 'http://93.184.215.14/in', 'https://user:pw@93.184.215.14/in', 'not a url']) {
      await expect(webhooks.create(acme, { url, events: ['call.created'] }), url).rejects.toMatchObject({ code: 'VALIDATION', errors: [expect.objectContaining({ path: 'url' })] });
    }
    expect(await subs.count(acme)).toBe(0);
    // A key's own event type is accepted for a key.
    await expect(webhooks.create(key, { url: URL_OK, events: ['research_order.updated'] })).resolves.toMatchObject({ events: ['research_order.updated'] });
  });

  it(`allows at most ${SUBSCRIPTIONS_MAX} subscriptions per owner (409 after), counted per owner`, async () => {
    const { webhooks } = setup();
    for (let i = 0; i < SUBSCRIPTIONS_MAX; i++) await webhooks.create(acme, { url: URL_OK, events: ['call.created'] });
    await expect(webhooks.create(acme, { url: URL_OK, events: ['call.created'] })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(webhooks.create(globex, { url: URL_OK, events: ['call.created'] })).resolves.toMatchObject({ enabled: true });
  });

  it("lists the owner's subscriptions oldest first, page by page, each once; a cursor of one owner does not open another's list", async () => {
    const { webhooks, later } = setup();
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push((await webhooks.create(acme, { url: URL_OK, events: ['call.created'] })).subscription_id);
      later(1000);
    }
    await webhooks.create(globex, { url: URL_OK, events: ['call.created'] });
    const walked: string[] = [];
    let cursor: string | undefined;
    let first: string | undefined;
    for (;;) {
      const page = await webhooks.list(acme, { limit: 2, cursor });
      walked.push(...page.data.map((s) => s.subscription_id));
      expect(page.data.every((s) => !('secrets' in s))).toBe(true);
      if (page.next_cursor === null) break;
      first ??= page.next_cursor;
      cursor = page.next_cursor;
    }
    expect(walked).toEqual(made);
    await expect(webhooks.list(globex, { limit: 2, cursor: first })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('rotates the secret: the old one becomes the previous one for 24 hours; delete removes it for good', async () => {
    const { webhooks, subs, later } = setup();
    const made = await webhooks.create(acme, { url: URL_OK, events: ['call.created'] });
    later(60_000);
    const rotated = await webhooks.rotateSecret(acme, made.subscription_id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(made.secret);
    expect(rotated.updated_at).toBe(new Date(NOW.getTime() + 60_000).toISOString());
    expect((await subs.find(acme, made.subscription_id))?.secrets).toEqual({
      current: rotated.secret,
      previous: made.secret,
      previous_expires_at: new Date(NOW.getTime() + 60_000 + PREVIOUS_SECRET_TTL_MS).toISOString(),
    });
    await expect(webhooks.rotateSecret(globex, made.subscription_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(webhooks.delete(globex, made.subscription_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await webhooks.delete(acme, made.subscription_id);
    await expect(webhooks.get(acme, made.subscription_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(webhooks.delete(acme, made.subscription_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(webhooks.delete(acme, 'whk_x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('enables a subscription the dispatcher disabled, clearing the reason and the failing streak', async () => {
    const { webhooks, subs } = setup();
    const made = await webhooks.create(acme, { url: URL_OK, events: ['call.created'] });
    expect(await subs.recordFailure(made.subscription_id, '2026-11-20T00:00:00.000Z', '2026-11-25T00:00:00.000Z', 'failing for 12 hours')).toBe(true);
    expect(await webhooks.get(acme, made.subscription_id)).toMatchObject({ enabled: false, disabled_reason: 'failing for 12 hours' });
    expect(await webhooks.enable(acme, made.subscription_id)).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await expect(webhooks.enable(globex, made.subscription_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("shows the subscription's deliveries and redelivers one; another owner's subscription and unknown deliveries are 404", async () => {
    const { webhooks, outbox, later } = setup();
    const made = await webhooks.create(acme, { url: URL_OK, events: ['call.created'] });
    const events = newEventFactory(() => cryptoIds.uuid(), () => NOW);
    later(1000);
    const agent = { tenant_id: 'acme', agent_id: 'agt_1', name: 'Front desk', version: 2, updated_at: NOW.toISOString() };
    await outbox.append([
      events.event(acme, 'call.created', { tenant_id: 'acme', call: toSummary(aCall({ tenant_id: 'acme' })) }),
      events.event(acme, 'agent.updated', agent),
      events.event(globex, 'call.created', { tenant_id: 'globex', call: toSummary(aCall({ tenant_id: 'globex' })) }),
    ]);
    await outbox.fanOut(new Date(NOW.getTime() + 1000).toISOString(), 10, () => `dlv_${cryptoIds.uuid().replace(/-/g, '')}`);
    const page = await webhooks.deliveries(acme, made.subscription_id, { limit: 20 });
    // One event of acme's that it listens to: one delivery.
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ subscription_id: made.subscription_id, event_type: 'call.created', status: 'pending' });
    later(5000);
    const again = await webhooks.redeliver(acme, made.subscription_id, page.data[0].delivery_id);
    expect(again).toMatchObject({ delivery_id: page.data[0].delivery_id, status: 'pending', next_attempt_at: new Date(NOW.getTime() + 6000).toISOString() });
    await expect(webhooks.deliveries(globex, made.subscription_id, { limit: 20 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(webhooks.redeliver(globex, made.subscription_id, page.data[0].delivery_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(webhooks.redeliver(acme, made.subscription_id, `dlv_${'0'.repeat(32)}`)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(webhooks.redeliver(acme, made.subscription_id, 'dlv_bad')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
