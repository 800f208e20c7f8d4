// Webhooks: events per second from commit to receiver, and the delay from commit to delivery
// (p50/p99), in process, on each database. A call is recorded (the call and its call.created
// event in one transaction); the dispatcher (the server's delivery worker) fans it out, claims
// it under a lease, signs it and POSTs it to a local receiver that answers 200 at once. Writer,
// dispatcher and receiver share the process (and the machine's cores).
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { tenantOwner } from '../dist/core/events/event.model.js';
import { buildHttpContainer } from '../dist/runtimes/http/container.js';
import { CALLS } from '../dist/runtimes/shared/composition/calls.tokens.js';
import { PLATFORM } from '../dist/runtimes/shared/composition/platform.tokens.js';
import { TENANCY } from '../dist/runtimes/shared/composition/tenancy.tokens.js';
import { WEBHOOKS } from '../dist/runtimes/shared/composition/webhooks.tokens.js';
import { loadConfig } from '../dist/runtimes/shared/settings/config.js';
import { eachDatabase } from './databases.mjs';
import { percentile, printTable } from './support.mjs';

const TENANT = 'bench';
const ADMIN = { user_id: 'bench', tenant_id: TENANT, role: 'admin' };
const POLL_MS = 50;

async function startReceiver(onEvent) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      onEvent(JSON.parse(Buffer.concat(chunks).toString('utf8')), performance.now());
      res.writeHead(200).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, close: () => new Promise((resolve) => server.close(resolve)) };
}

const newCall = (i) => ({
  call_id: `call_bench_${i}`,
  channel: 'voice',
  direction: 'inbound',
  status: 'completed',
  caller: '+441632960001',
  started_at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
  ended_at: new Date(Date.UTC(2026, 10, 1) + i * 60_000 + 95_000).toISOString(),
  summary: 'Customer asked about an order.',
  transcript: [{ speaker: 'customer', text: 'Where is my order?', offset_ms: 0 }],
});

/**
 * Records `count` calls, `concurrency` at a time, or at `perSecond` when given; resolves when
 * the receiver has every event. Returns events/s (first commit to last delivery) and delays.
 */
async function run(ingest, received, { from, count, concurrency = 16, perSecond }) {
  const committed = new Map();
  const done = new Promise((resolve) => (received.waiter = { count: from + count, resolve }));
  const start = performance.now();
  let next = from;
  const writer = async () => {
    while (next < from + count) {
      const i = next++;
      if (perSecond) {
        const due = start + ((i - from) * 1000) / perSecond;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      await ingest.record(ADMIN, TENANT, newCall(i));
      committed.set(`call_bench_${i}`, performance.now());
    }
  };
  await Promise.all(Array.from({ length: perSecond ? Math.max(4, concurrency) : concurrency }, writer));
  await done;
  const end = Math.max(...[...committed.keys()].map((k) => received.at.get(k)));
  const delays = [...committed].map(([k, t]) => received.at.get(k) - t).sort((a, b) => a - b);
  return { perSecond: (count / (end - start)) * 1000, p50: percentile(delays, 0.5), p99: percentile(delays, 0.99), max: delays[delays.length - 1] };
}

async function benchOne(target, count) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-webhooks-'));
  const received = { at: new Map(), waiter: null };
  const receiver = await startReceiver((event, t) => {
    const id = event.data.call.call_id;
    if (!received.at.has(id)) received.at.set(id, t);
    if (received.waiter && received.at.size >= received.waiter.count) received.waiter.resolve();
  });
  const env = { ...process.env, ...target.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false', WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_POLL_MS: String(POLL_MS) };
  const container = await buildHttpContainer(loadConfig(env), pino({ level: 'warn' }), { snapshot: { build_id: 'bench', artists: [], works: [] } });
  const worker = container.get(WEBHOOKS.DeliveryWorker);
  try {
    await container.get(TENANCY.TenantAdmin).createTenant(TENANT, 'Benchmark');
    await container.get(WEBHOOKS.Subscriptions).create(tenantOwner(TENANT), { url: receiver.url, events: ['call.created'] });
    const ingest = container.get(CALLS.CallIngest);
    worker.start();
    await run(ingest, received, { from: 0, count: 200 }); // warm-up
    const saturated = await run(ingest, received, { from: 200, count });
    const rate = Math.max(10, Math.round(saturated.perSecond / 2));
    const paced = await run(ingest, received, { from: 200 + count, count: Math.min(count, rate * 10), perSecond: rate });
    return { saturated, paced, rate };
  } finally {
    worker.stop();
    await worker.idle();
    await container.get(PLATFORM.SqlDatabase).close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchWebhooks({ count = 3000, databases }) {
  console.log(`\n## Webhooks: call.created from commit to a local receiver (in process, poll ${POLL_MS} ms, up to 32 deliveries in flight, 16 keep-alive connections)`);
  console.log(`saturated: ${count} calls recorded 16 at a time; paced: half that rate for up to 10 s. Delay = receiver arrival - commit.`);
  const rows = [];
  await databases('webhooks', (targets) =>
    eachDatabase(targets, async (target) => {
      const { saturated, paced, rate } = await benchOne(target, count);
      const fmt = (x) => x.toFixed(1);
      rows.push({ database: target.database, load: 'saturated', events_per_s: Math.round(saturated.perSecond), p50_ms: fmt(saturated.p50), p99_ms: fmt(saturated.p99), max_ms: fmt(saturated.max) });
      rows.push({ database: target.database, load: `paced ${rate}/s`, events_per_s: Math.round(paced.perSecond), p50_ms: fmt(paced.p50), p99_ms: fmt(paced.p99), max_ms: fmt(paced.max) });
    }),
  );
  printTable(rows);
}

/** A receiver that reads each request and never answers (issue 25, point 5); `inFlight` counts them. */
async function startDeadReceiver() {
  const sockets = new Set();
  let inFlight = 0;
  const server = createServer((req) => {
    req.resume();
    inFlight++;
    req.socket.once('close', () => inFlight--);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/dead`,
    inFlight: () => inFlight,
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(resolve);
    }),
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One tenant's 20 subscriptions to receivers that never answer and 8 of its events (160
 * deliveries), with the server's defaults (attempt timeout 10 s, poll 1 s, 32 in flight); then
 * another tenant's calls, one every 2 s: how long from commit to its receiver.
 */
async function stallOne(target, samples) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-webhook-stall-'));
  const arrivals = new Map();
  const fast = await startReceiver((event, t) => arrivals.set(event.data.call.call_id, t));
  const dead = await Promise.all(Array.from({ length: 20 }, startDeadReceiver));
  const env = { ...process.env, ...target.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false', WEBHOOKS_ALLOW_LOOPBACK: 'true' };
  const container = await buildHttpContainer(loadConfig(env), pino({ level: 'warn' }), { snapshot: { build_id: 'bench', artists: [], works: [] } });
  const worker = container.get(WEBHOOKS.DeliveryWorker);
  try {
    const tenants = container.get(TENANCY.TenantAdmin);
    const subscriptions = container.get(WEBHOOKS.Subscriptions);
    await tenants.createTenant('stalled', 'Stalled');
    await tenants.createTenant('fast', 'Fast');
    for (const d of dead) await subscriptions.create(tenantOwner('stalled'), { url: d.url, events: ['call.created'] });
    await subscriptions.create(tenantOwner('fast'), { url: fast.url, events: ['call.created'] });
    const ingest = container.get(CALLS.CallIngest);
    worker.start();
    for (let i = 0; i < 8; i++) await ingest.record({ user_id: 'b', tenant_id: 'stalled', role: 'admin' }, 'stalled', newCall(10_000 + i));
    await sleep(1500);
    const delays = [];
    const stalledInFlight = [];
    for (let i = 0; i < samples; i++) {
      const id = `call_bench_${i}`;
      const committed = performance.now();
      await ingest.record({ user_id: 'b', tenant_id: 'fast', role: 'admin' }, 'fast', newCall(i));
      while (!arrivals.has(id)) await sleep(10);
      delays.push(arrivals.get(id) - committed);
      stalledInFlight.push(dead.reduce((n, d) => n + d.inFlight(), 0));
      await sleep(2000);
    }
    return { delays, stalledInFlight };
  } finally {
    worker.stop();
    for (const d of dead) await d.close();
    await worker.idle();
    await container.get(PLATFORM.SqlDatabase).close();
    await fast.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchWebhookStall({ samples = 5, databases }) {
  console.log('\n## Webhooks: another tenant\'s delivery while one tenant\'s 20 receivers never answer (160 deliveries, server defaults)');
  console.log(`${samples} calls of the other tenant, 2 s apart; delay = arrival at its receiver - commit; stalled = the dead receivers' open requests then.`);
  const rows = [];
  await databases('webhook_stall', (targets) =>
    eachDatabase(targets, async (target) => {
      const { delays, stalledInFlight } = await stallOne(target, samples);
      const sorted = [...delays].sort((a, b) => a - b);
      rows.push({ database: target.database, delays_ms: delays.map((d) => Math.round(d)).join(' '), p50_ms: Math.round(percentile(sorted, 0.5)), max_ms: Math.round(sorted[sorted.length - 1]), stalled: stalledInFlight.join(' ') });
    }),
  );
  printTable(rows);
}

/**
 * The cost of one fair claim against a backlog: `backlog` deliveries due now spread over 100
 * subscriptions of 10 owners; each claim (limit 32, 2 per subscription, 8 per owner) leases
 * until its own instant, so the next one, a millisecond later, sees the same backlog again.
 */
async function claimCost(target, backlog, claims) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-webhook-claim-'));
  const env = { ...process.env, ...target.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false' };
  const container = await buildHttpContainer(loadConfig(env), pino({ level: 'warn' }), { snapshot: { build_id: 'bench', artists: [], works: [] } });
  try {
    const subs = container.get(WEBHOOKS.SubscriptionStore);
    const outbox = container.get(WEBHOOKS.EventOutbox);
    const created = '2026-01-01T00:00:00.000Z';
    const owners = Array.from({ length: 10 }, (_, o) => `owner${backlog}_${o}`);
    for (let s = 0; s < 100; s++) {
      await subs.insert({
        subscription_id: `whk_${String(backlog).padStart(8, '0')}${String(s).padStart(24, '0')}`, owner_kind: 'tenant', owner_id: owners[s % 10], url: 'https://hooks.example.com/in', description: null,
        events: ['call.created'], enabled: true, disabled_reason: null, failing_since: null, created_at: created, updated_at: created,
        secrets: { current: 'whsec_YmVuY2g=', previous: null, previous_expires_at: null },
      });
    }
    const perOwner = backlog / 10;
    for (let o = 0; o < 10; o++) {
      const events = Array.from({ length: perOwner / 10 }, (_, i) => ({
        event_id: `evt_${backlog}_${o}_${i}`, owner_kind: 'tenant', owner_id: owners[o], type: 'call.created', created_at: '2026-01-01T00:00:01.000Z', payload: '{}',
      }));
      for (let i = 0; i < events.length; i += 500) await outbox.append(events.slice(i, i + 500));
    }
    let n = 0;
    while ((await outbox.fanOut('2026-01-01T00:00:02.000Z', 1000, () => `dlv_${String(backlog).padStart(8, '0')}${String(n++).padStart(24, '0')}`)) > 0);
    const times = [];
    const base = Date.parse('2026-01-01T00:01:00.000Z');
    for (let i = 0; i < claims; i++) {
      const at = new Date(base + i).toISOString();
      const started = performance.now();
      const got = await outbox.claimDue({ owner: 'bench', now: at, until: at }, 32, { perSubscription: 2, perOwner: 8 });
      times.push(performance.now() - started);
      if (got.length !== 32) throw new Error(`claimed ${got.length}, expected 32`);
    }
    return times.sort((a, b) => a - b);
  } finally {
    await container.get(PLATFORM.SqlDatabase).close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchWebhookClaim({ databases }) {
  console.log('\n## Webhooks: one fair claim (32 deliveries, 2 per subscription, 8 per owner) against a backlog due now (100 subscriptions, 10 owners)');
  const rows = [];
  await databases('webhook_claim', (targets) =>
    eachDatabase(targets, async (target) => {
      for (const backlog of [1_000, 10_000, 50_000]) {
        const times = await claimCost(target, backlog, 30);
        rows.push({ database: target.database, backlog, p50_ms: percentile(times, 0.5).toFixed(1), p90_ms: percentile(times, 0.9).toFixed(1) });
      }
    }),
  );
  printTable(rows);
}
