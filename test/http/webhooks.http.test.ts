import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { bearer, expectProblem, schemas, seedCast } from '../support/area-a.js';
import { aNewCall } from '../fixtures/call-mother.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { type Received, type Receiver, startReceiver } from '../support/webhook-receiver.js';

let h: Harness;
let admin: string;
let member: string;
let globex: string;
let receiver: Receiver;
let key: string;
let otherKey: string;
const hooks = '/api/v1/tenants/acme/webhooks';

const envelopeOf = (r: Received) => JSON.parse(r.body) as { id: string; type: string; created_at: string; data: any };
const ofType = (type: string) => (r: Receiver) => r.received.some((x) => envelopeOf(x).type === type);
const subscribe = async (json: Record<string, unknown>, token = admin, path = hooks) => call(h.url, 'POST', path, { json, headers: bearer(token) });

beforeAll(async () => {
  receiver = await startReceiver();
  h = await startHarness({
    snapshot: { build_id: 'webhooks', artists: [], works: [] },
    env: {
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      WEBHOOKS_POLL_MS: '20',
      RATE_LIMIT_TENANT_PER_MINUTE: '1000000',
      RATE_LIMIT_UPLOAD_PER_MINUTE: '1000000',
      RATE_LIMIT_AGENTS_PER_MINUTE: '1000000',
    },
  });
  ({ admin, member, globex } = await seedCast(h));
  const keys = h.deps.keys;
  key = (await keys.create('partner', 1000)).key;
  otherKey = (await keys.create('other partner', 1000)).key;
});
afterAll(async () => {
  await h?.stop();
  await receiver?.close();
});

describe('tenant webhook subscriptions', () => {
  it('create (201, the secret once) → read and list (no secret) → delete (204) → 404', async () => {
    const created = await subscribe({ url: `${receiver.url}/crud`, events: ['call.created', 'agent.updated', 'call.created'], description: ' CRM ' });
    expect(created.status, created.text).toBe(201);
    expect(schemas.errors('WebhookWithSecret', created.body)).toEqual([]);
    expect(created.body).toMatchObject({ url: `${receiver.url}/crud`, events: ['call.created', 'agent.updated'], description: 'CRM', enabled: true, disabled_reason: null });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const id = created.body.subscription_id;
    expect(created.headers.get('location')).toBe(`${hooks}/${id}`);

    const got = await call(h.url, 'GET', `${hooks}/${id}`, { headers: bearer(admin) });
    expect(got.status).toBe(200);
    expect(schemas.errors('Webhook', got.body)).toEqual([]);
    const { secret: _secret, ...view } = created.body;
    expect(got.body).toEqual(view);
    expect(got.text).not.toContain(created.body.secret);
    const list = await call(h.url, 'GET', `${hooks}?limit=100`, { headers: bearer(admin) });
    expect(schemas.errors('WebhookList', list.body)).toEqual([]);
    expect(list.body.data).toContainEqual(view);
    expect(list.text).not.toContain('whsec_');

    expect((await call(h.url, 'DELETE', `${hooks}/${id}`, { headers: bearer(admin) })).status).toBe(204);
    expectProblem(await call(h.url, 'GET', `${hooks}/${id}`, { headers: bearer(admin) }), 404);
    expectProblem(await call(h.url, 'DELETE', `${hooks}/${id}`, { headers: bearer(admin) }), 404);
  });

  it('lists the event types a tenant may subscribe to, each described as the webhooks section describes its payload', async () => {
    const res = await call(h.url, 'GET', `${hooks}/event-types`, { headers: bearer(admin) });
    expect(res.status, res.text).toBe(200);
    expect(schemas.errors('WebhookEventTypeList', res.body)).toEqual([]);
    const types = res.body.data.map((t: { type: string }) => t.type);
    expect(types).toEqual(['call.created', 'calls.erased', 'knowledge.document.indexed', 'knowledge.document.failed', 'knowledge.sync.completed', 'agent.updated']);
    expect(res.body.data[0]).toEqual({ type: 'call.created', description: 'A call was recorded (POST …/calls).' });
    // Each listed type is one a subscription may name: all of them at once are accepted.
    const created = await subscribe({ url: `${receiver.url}/all`, events: types });
    expect(created.status, created.text).toBe(201);
    expect(created.body.events).toEqual(types);
    expect((await call(h.url, 'DELETE', `${hooks}/${created.body.subscription_id}`, { headers: bearer(admin) })).status).toBe(204);
    expectProblem(await call(h.url, 'GET', `${hooks}/event-types`, { headers: bearer(member) }), 403);
    expectProblem(await call(h.url, 'GET', `${hooks}/event-types`, { headers: bearer(globex) }), 403);
    expectProblem(await call(h.url, 'GET', `${hooks}/event-types`), 401);
  });

  it('pages the list with a cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await subscribe({ url: `${receiver.url}/page${i}`, events: ['agent.updated'] })).body.subscription_id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { subscription_id: string }[]; next_cursor: string | null } } = await call(h.url, 'GET', `${hooks}?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: bearer(admin) });
      seen.push(...page.body.data.map((s) => s.subscription_id));
      cursor = page.body.next_cursor;
    } while (cursor);
    for (const id of ids) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expectProblem(await call(h.url, 'GET', `${hooks}?cursor=forged`, { headers: bearer(admin) }), 400);
    const tooMany = await call(h.url, 'GET', `${hooks}?limit=101`, { headers: bearer(admin) });
    expectProblem(tooMany, 400);
    expect(tooMany.body.errors).toEqual([{ path: 'limit', message: 'limit must be an integer from 1 to 100' }]);
    for (const id of ids) await call(h.url, 'DELETE', `${hooks}/${id}`, { headers: bearer(admin) });
  });

  it('needs the tenant\'s admin: a member gets 403, another tenant 403, no token 401', async () => {
    expectProblem(await subscribe({ url: `${receiver.url}/x`, events: ['call.created'] }, member), 403);
    expectProblem(await call(h.url, 'GET', hooks, { headers: bearer(member) }), 403);
    expectProblem(await subscribe({ url: `${receiver.url}/x`, events: ['call.created'] }, globex), 403);
    expectProblem(await call(h.url, 'GET', hooks), 401);
    const other = await subscribe({ url: `${receiver.url}/globex`, events: ['call.created'] }, globex, '/api/v1/tenants/globex/webhooks');
    expect(other.status).toBe(201);
    expectProblem(await call(h.url, 'GET', `${hooks}/${other.body.subscription_id}`, { headers: bearer(admin) }), 404);
  });

  it('400 with the field named for bad events, descriptions and URLs', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: `${receiver.url}/x`, events: [] }, 'events'],
      [{ url: `${receiver.url}/x`, events: ['call.deleted'] }, 'events.0'],
      [{ url: `${receiver.url}/x`, events: ['call.created', 'research_order.updated'] }, 'events.1'],
      [{ url: `${receiver.url}/x` }, 'events'],
      [{ url: `${receiver.url}/x`, events: ['call.created'], description: 'x'.repeat(501) }, 'description'],
      [{ url: 'not a url', events: ['call.created'] }, 'url'],
      [{ url: 'ftp://example.com/in', events: ['call.created'] }, 'url'],
      [{ url: 'http://example.com/in', events: ['call.created'] }, 'url'],
      [{ url: 'https://user:pw@example.com/in', events: ['call.created'] }, 'url'],
      [{ events: ['call.created'] }, 'url'],
    ];
    for (const [json, path] of cases) {
      const res = await subscribe(json);
      expectProblem(res, 400);
      expect(res.body.errors.map((e: { path: string }) => e.path), JSON.stringify(json)).toContain(path);
    }
  });

  it('refuses private, link-local, metadata and other non-public targets (SSRF) at creation', async () => {
    for (const url of [
      'https://10.1.2.3/in',
      'https://172.16.0.1/in',
      'https://192.168.1.10/in',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.100.100.200/latest/meta-data/',
      'https://[fd00:ec2::254]/latest/meta-data/',
      'https://[fe80::1]/in',
      'https://[::ffff:10.0.0.1]/in',
      'https://0.0.0.0/in',
      'https://224.0.0.1/in',
    ]) {
      const res = await subscribe({ url, events: ['call.created'] });
      expectProblem(res, 400);
      expect(res.body.errors, url).toEqual([expect.objectContaining({ path: 'url', message: expect.stringMatching(/not allowed/) })]);
    }
  });

  it('refuses every IPv6 form that embeds a non-public IPv4 address; one embedding a public address is created', async () => {
    for (const url of [
      'https://[::127.0.0.1]/in',
      'https://[::7f00:1]/in',
      'https://[::a00:1]/in',
      'https://[::169.254.169.254]/latest/meta-data/',
      'https://[::ffff:0:a00:1]/in',
      'https://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      'https://[64:ff9b:1::c0a8:10a]/in',
      'https://[2002:7f00:1::1]/in',
      'https://[2001:0:808:808::f5ff:fffe]/in',
    ]) {
      const res = await subscribe({ url, events: ['call.created'] });
      expectProblem(res, 400);
      expect(res.body.errors, url).toEqual([expect.objectContaining({ path: 'url', message: expect.stringMatching(/embeds an? \w+ IPv4 address .* not allowed/) })]);
    }
    const publicNat64 = await subscribe({ url: 'https://[64:ff9b::808:808]/in', events: ['call.created'] });
    expect(publicNat64.status, publicNat64.text).toBe(201);
    expect((await call(h.url, 'DELETE', `${hooks}/${publicNat64.body.subscription_id}`, { headers: bearer(admin) })).status).toBe(204);
  });
});

describe('deliveries to a real receiver, verified with the standardwebhooks library', () => {
  let subscriptionId: string;
  let secret: string;

  beforeAll(async () => {
    const created = await subscribe({ url: `${receiver.url}/events`, events: ['call.created', 'agent.updated', 'knowledge.document.indexed', 'knowledge.document.failed', 'knowledge.sync.completed'] });
    expect(created.status, created.text).toBe(201);
    subscriptionId = created.body.subscription_id;
    secret = created.body.secret;
    receiver.secrets = [secret];
  });

  it('call.created: a recorded call reaches the receiver, signed, in the documented envelope', async () => {
    const recorded = await call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'call_webhook_1' }), headers: bearer(admin) });
    expect(recorded.status, recorded.text).toBe(201);
    await receiver.until((r) => r.received.some((x) => x.path === '/events' && envelopeOf(x).data.call?.call_id === 'call_webhook_1'));
    const got = receiver.received.find((x) => envelopeOf(x).data.call?.call_id === 'call_webhook_1')!;
    expect(got.verifiedWith).toEqual([0]);
    expect(got.headers['content-type']).toBe('application/json');
    const env = envelopeOf(got);
    expect(got.id).toBe(env.id);
    expect(schemas.errors('CallCreatedEvent', env)).toEqual([]);
    const { transcript: _t, metadata: _m, ...summary } = recorded.body;
    expect(env).toEqual({ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), type: 'call.created', created_at: expect.any(String), data: { tenant_id: 'acme', call: summary } });
    // A refused duplicate writes no event.
    expect((await call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'call_webhook_1' }), headers: bearer(admin) })).status).toBe(409);
  });

  it('agent.updated carries the new version; knowledge events carry the document and the run\'s counts', async () => {
    const agent = await call(h.url, 'POST', '/api/v1/ai-agents', {
      json: {
        name: 'Desk',
        language: 'en-GB',
        voice: { provider: 'acme-tts', voice_id: 'v' },
        greeting: 'Hi',
        instructions: 'Be brief.',
        llm: { model: 'small', temperature: 0.2, max_output_tokens: 400 },
        knowledge_base: { enabled: true },
        escalation: { phone_number: '+33123456789', triggers: [] },
        business_hours: { timezone: 'Europe/Paris', weekly: [] },
      },
      headers: bearer(admin),
    });
    expect(agent.status, agent.text).toBe(201);
    const { agent_id, tenant_id: _t, version: _v, updated_at: _u, ...settings } = agent.body;
    const put = await call(h.url, 'PUT', `/api/v1/ai-agents/${agent_id}`, { json: { ...settings, name: 'Desk 2' }, headers: { ...bearer(admin), 'if-match': agent.headers.get('etag')! } });
    expect(put.status, put.text).toBe(200);

    const good = await call(h.url, 'POST', '/api/v1/tenants/acme/knowledge', { json: { title: 'Refunds', content: 'Refunds take five days.', content_type: 'text/plain' }, headers: bearer(admin) });
    const bad = new FormData();
    bad.append('file', new Blob([Buffer.from('%PDF-1.4\nnot a pdf')], { type: 'application/pdf' }), 'bad.pdf');
    const badRes = await fetch(`${h.url}/api/v1/tenants/acme/knowledge`, { method: 'POST', headers: bearer(admin), body: bad });
    expect(good.status).toBe(201);
    expect(badRes.status).toBe(201);
    const badItem = (await badRes.json()) as { item_id: string };
    const sync = await call(h.url, 'POST', '/api/v1/tenants/acme/knowledge/sync', { headers: bearer(admin) });
    expect(sync.status).toBe(202);

    // No order is promised: wait for every type.
    await receiver.until((r) => ['agent.updated', 'knowledge.document.indexed', 'knowledge.document.failed', 'knowledge.sync.completed'].every((t) => ofType(t)(r)));
    const envs = receiver.received.filter((x) => x.path === '/events').map(envelopeOf);
    for (const x of receiver.received.filter((x) => x.path === '/events')) expect(x.verifiedWith).toEqual([0]);
    expect(envs.find((e) => e.type === 'agent.updated')!.data).toEqual({ tenant_id: 'acme', agent_id, name: 'Desk 2', version: 2, updated_at: put.body.updated_at });
    const indexed = envs.find((e) => e.type === 'knowledge.document.indexed')!;
    expect(indexed.data).toMatchObject({ tenant_id: 'acme', item_id: good.body.item_id, title: 'Refunds', content_type: 'text/plain', chunks: 1 });
    const failed = envs.find((e) => e.type === 'knowledge.document.failed')!;
    expect(failed.data).toMatchObject({ tenant_id: 'acme', item_id: badItem.item_id, title: 'bad.pdf', error: expect.stringMatching(/extraction failed/i) });
    const completed = envs.find((e) => e.type === 'knowledge.sync.completed')!;
    const run = await call(h.url, 'GET', `/api/v1/tenants/acme/knowledge/sync/${sync.body.sync_id}`, { headers: bearer(admin) });
    expect(completed.data).toEqual({ tenant_id: 'acme', ...run.body });
    expect(completed.data).toMatchObject({ status: 'succeeded', documents_indexed: 1, documents_failed: 1 });
    for (const e of [indexed, failed, completed, envs.find((x) => x.type === 'agent.updated')!]) {
      const id = { 'agent.updated': 'AgentUpdatedEvent', 'knowledge.document.indexed': 'KnowledgeDocumentIndexedEvent', 'knowledge.document.failed': 'KnowledgeDocumentFailedEvent', 'knowledge.sync.completed': 'KnowledgeSyncCompletedEvent' }[e.type]!;
      expect(schemas.errors(id, e), e.type).toEqual([]);
    }
  });

  it('the delivery log shows each attempt; a manual retry sends the same webhook-id again', async () => {
    const log = await call(h.url, 'GET', `${hooks}/${subscriptionId}/deliveries?limit=100`, { headers: bearer(admin) });
    expect(log.status).toBe(200);
    expect(schemas.errors('WebhookDeliveryList', log.body)).toEqual([]);
    const delivered = log.body.data.find((d: { event_type: string }) => d.event_type === 'call.created');
    expect(delivered).toMatchObject({ subscription_id: subscriptionId, status: 'succeeded', next_attempt_at: null, attempts: [{ attempt: 1, status_code: 200, error: null }] });
    const before = receiver.received.filter((x) => x.id === delivered.event_id).length;

    const retried = await call(h.url, 'POST', `${hooks}/${subscriptionId}/deliveries/${delivered.delivery_id}/retry`, { headers: bearer(admin) });
    expect(retried.status, retried.text).toBe(202);
    expect(schemas.errors('WebhookDelivery', retried.body)).toEqual([]);
    expect(retried.body.status).toBe('pending');
    await receiver.until((r) => r.received.filter((x) => x.id === delivered.event_id).length === before + 1);
    // The attempt is recorded right after the receiver answered.
    const after = await eventually(
      async () => {
        const again = await call(h.url, 'GET', `${hooks}/${subscriptionId}/deliveries?limit=100`, { headers: bearer(admin) });
        return again.body.data.find((d: { delivery_id: string }) => d.delivery_id === delivered.delivery_id) as { attempts: unknown[] } | undefined;
      },
      (d) => d?.attempts.length === 2,
      { everyMs: 20 },
    );
    expect(after).toMatchObject({ status: 'succeeded', attempts: [{ attempt: 1, status_code: 200 }, { attempt: 2, status_code: 200 }] });

    expectProblem(await call(h.url, 'POST', `${hooks}/${subscriptionId}/deliveries/dlv_${'0'.repeat(32)}/retry`, { headers: bearer(admin) }), 404);
    expectProblem(await call(h.url, 'GET', `${hooks}/${subscriptionId}/deliveries?limit=0`, { headers: bearer(admin) }), 400);
    expectProblem(await call(h.url, 'GET', `${hooks}/${subscriptionId}/deliveries`, { headers: bearer(member) }), 403);
  });

  it('rotate-secret: a new secret shown once; for 24 hours signatures carry the old one too', async () => {
    const rotated = await call(h.url, 'POST', `${hooks}/${subscriptionId}/rotate-secret`, { headers: bearer(admin) });
    expect(rotated.status, rotated.text).toBe(200);
    expect(schemas.errors('WebhookWithSecret', rotated.body)).toEqual([]);
    expect(rotated.body.secret).not.toBe(secret);
    receiver.secrets = [secret, rotated.body.secret];
    await call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'call_after_rotation' }), headers: bearer(admin) });
    await receiver.until((r) => r.received.some((x) => envelopeOf(x).data.call?.call_id === 'call_after_rotation'));
    const got = receiver.received.find((x) => envelopeOf(x).data.call?.call_id === 'call_after_rotation')!;
    expect(got.verifiedWith).toEqual([0, 1]);
    expect(got.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
    expectProblem(await call(h.url, 'POST', `${hooks}/whk_${'0'.repeat(32)}/rotate-secret`, { headers: bearer(admin) }), 404);
  });
});

describe('API-key webhooks (/verify/webhooks)', () => {
  const keyHooks = '/api/v1/verify/webhooks';
  const withKey = (k: string) => ({ 'x-api-key': k });

  it('a key lists the event types it may subscribe to: research order events only', async () => {
    const res = await call(h.url, 'GET', `${keyHooks}/event-types`, { headers: withKey(key) });
    expect(res.status, res.text).toBe(200);
    expect(schemas.errors('WebhookEventTypeList', res.body)).toEqual([]);
    expect(res.body.data.map((t: { type: string }) => t.type)).toEqual(['research_order.updated']);
    expectProblem(await call(h.url, 'GET', `${keyHooks}/event-types`), 401);
  });

  it('a production key subscribes to its research order events; others see nothing of it', async () => {
    const created = await call(h.url, 'POST', keyHooks, { json: { url: `${receiver.url}/orders`, events: ['research_order.updated'] }, headers: withKey(key) });
    expect(created.status, created.text).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    expect(created.headers.get('location')).toBe(`${keyHooks}/${created.body.subscription_id}`);
    const id = created.body.subscription_id;
    expect((await call(h.url, 'GET', `${keyHooks}/${id}`, { headers: withKey(key) })).status).toBe(200);
    expectProblem(await call(h.url, 'GET', `${keyHooks}/${id}`, { headers: withKey(otherKey) }), 404);
    expect((await call(h.url, 'GET', keyHooks, { headers: withKey(otherKey) })).body.data).toEqual([]);
    expectProblem(await call(h.url, 'GET', keyHooks), 401);
    expectProblem(await call(h.url, 'GET', keyHooks, { headers: withKey('sk_unknown') }), 401);
    const tenantEvent = await call(h.url, 'POST', keyHooks, { json: { url: `${receiver.url}/orders`, events: ['call.created'] }, headers: withKey(key) });
    expectProblem(tenantEvent, 400);
    expect((await call(h.url, 'DELETE', `${keyHooks}/${id}`, { headers: withKey(key) })).status).toBe(204);
  });
});

describe('without WEBHOOKS_ALLOW_LOOPBACK', () => {
  let strict: Harness;
  let token: string;
  beforeAll(async () => {
    strict = await startHarness({ snapshot: { build_id: 'strict', artists: [], works: [] } });
    ({ admin: token } = await seedCast(strict));
  });
  afterAll(async () => strict?.stop());

  it('refuses http, and any host that resolves to a loopback address, after resolution', async () => {
    for (const url of [`${receiver.url}/x`, 'https://localhost/in', 'https://127.0.0.1/in', 'https://[::1]/in', 'http://localhost/in']) {
      const res = await call(strict.url, 'POST', hooks, { json: { url, events: ['call.created'] }, headers: bearer(token) });
      expectProblem(res, 400);
      expect(res.body.errors[0].path, url).toBe('url');
    }
    const res = await call(strict.url, 'POST', hooks, { json: { url: 'https://localhost:8443/in', events: ['call.created'] }, headers: bearer(token) });
    expect(res.body.errors[0].message).toMatch(/localhost resolves to a loopback address/);
  });
});
