import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCaptured, type AdminResult } from '../support/admin-runner.js';
import { expectProblem } from '../support/area-a.js';
import { corpusHarness } from '../support/corpus-harness.js';
import { call } from '../support/http-harness.js';
import { openApiValidator } from '../support/openapi-validator.js';
import { type Received, type Receiver, startReceiver } from '../support/webhook-receiver.js';

/**
 * research_order.updated end to end: the server places and cancels orders, svc-admin (another
 * runtime, in-process here, over the same database) accepts, declines and delivers them; the
 * server's dispatcher delivers every change from the outbox to a real receiver, which verifies
 * each signature with the standardwebhooks library.
 */

const schemas = openApiValidator();
const suite = corpusHarness('svc-order-webhooks-', { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_POLL_MS: '20' });
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver?.close());

interface OrderEvent {
  id: string;
  type: string;
  created_at: string;
  data: { key_id: string; previous_status: string | null; order: { order_id: string; status: string; delivery: { import_id: string; corpus_revision: string } | null } };
}
const envelopeOf = (r: Received) => JSON.parse(r.body) as OrderEvent;
const admin = (...args: string[]): Promise<AdminResult> => runAdminCaptured({ ...suite.h.databaseEnv, CORPUS_DIR: suite.corpusDir }, args);
const keyed = (key: string) => ({ 'x-api-key': key });
const hooks = '/api/v1/verify/webhooks';

async function newKey(label: string): Promise<{ key_id: string; key: string }> {
  const created = await admin('key', 'create', '--label', label);
  expect(created.code, created.stderr).toBe(0);
  return created.json;
}

async function subscribe(key: string, path: string): Promise<string> {
  const created = await call(suite.h.url, 'POST', hooks, { json: { url: `${receiver.url}${path}`, events: ['research_order.updated'] }, headers: keyed(key) });
  expect(created.status, created.text).toBe(201);
  receiver.secrets.push(created.body.secret);
  return created.body.subscription_id;
}

const place = async (key: string, title: string): Promise<string> => {
  const placed = await call(suite.h.url, 'POST', '/api/v1/verify/research-orders', { json: { subject_artist: 'John Hoppner', subject_title: title, tier: 'standard' }, headers: keyed(key) });
  expect(placed.status, placed.text).toBe(201);
  return placed.body.order_id;
};

describe('research_order.updated to a real receiver', () => {
  it('placed → accepted (svc-admin) → delivered (svc-admin corpus import --order), and cancelled, declined: one signed event per change, none for a refused one', async () => {
    const { key, key_id } = await newKey('Acme auctions');
    const other = await newKey('Other house');
    const subscription = await subscribe(key, '/acme');
    await subscribe(other.key, '/other');
    const secretOf = receiver.secrets.length - 2;
    const at = (path: string) => receiver.received.filter((r) => r.path === path);

    const id = await place(key, 'Lady Louisa Manners');
    const accepted = await admin('research', 'accept', id);
    expect(accepted.code, accepted.stderr).toBe(0);
    const file = join(suite.root, 'delivery.ndjson');
    writeFileSync(
      file,
      JSON.stringify({
        artist: 'John Hoppner',
        title: 'Lady Louisa Manners',
        pillar: 'authentication',
        kind: 'attribution',
        claim: 'Signed and dated 1799 lower right.',
        source_ref: 'https://example.org/research/hoppner-manners',
        researcher: 'B. Okafor',
        attribution: { artist: 'John Hoppner', qualifier: 'firm' },
      }),
    );
    const imported = await admin('corpus', 'import', file, '--order', id);
    expect(imported.code, imported.stderr).toBe(0);

    const cancelled = await place(key, 'Portrait of Mrs Jordan');
    expect((await call(suite.h.url, 'POST', `/api/v1/verify/research-orders/${cancelled}/cancel`, { headers: keyed(key) })).status).toBe(200);
    const declined = await place(key, 'The Sisters');
    const decline = await admin('research', 'decline', declined, '--reason', 'No sources at hand.');
    expect(decline.code, decline.stderr).toBe(0);
    // Refused changes: a delivered order cannot be cancelled, a declined one cannot be accepted.
    expectProblem(await call(suite.h.url, 'POST', `/api/v1/verify/research-orders/${id}/cancel`, { headers: keyed(key) }), 409);
    const refused = await admin('research', 'accept', declined);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('declined');
    // A last change after the refused ones: once its event is fanned out, any event written before it is too.
    const last = await place(key, 'Mrs Jordan');

    // Delivery order is not promised: wait for eight distinct events, the last change's among them.
    const distinct = () => [...new Map(at('/acme').map((r) => [r.id, envelopeOf(r)])).values()];
    await receiver.until(() => distinct().length >= 8 && distinct().some((e) => e.data.order.order_id === last));
    const events = distinct();
    for (const r of at('/acme')) {
      expect(r.verifiedWith, r.body).toEqual([secretOf]);
      expect(r.status).toBe(200);
      expect(schemas.errors('ResearchOrderUpdatedEvent', JSON.parse(r.body))).toEqual([]);
      expect(r.id).toBe(envelopeOf(r).id);
    }
    expect(events.every((e) => e.type === 'research_order.updated' && e.data.key_id === key_id)).toBe(true);
    const steps = (orderId: string) =>
      events
        .filter((e) => e.data.order.order_id === orderId)
        .map((e) => `${e.data.previous_status ?? '∅'}→${e.data.order.status}`)
        .sort();
    expect(steps(id)).toEqual(['accepted→delivered', 'requested→accepted', '∅→requested']);
    expect(steps(cancelled)).toEqual(['requested→cancelled', '∅→requested']);
    expect(steps(declined)).toEqual(['requested→declined', '∅→requested']);
    expect(steps(last)).toEqual(['∅→requested']);
    expect(new Set(events.map((e) => e.id)).size).toBe(8);

    // The delivered event carries the order as GET shows it: the import and the corpus revision.
    const delivered = events.find((e) => e.data.order.status === 'delivered') as OrderEvent;
    const shown = await call(suite.h.url, 'GET', `/api/v1/verify/research-orders/${id}`, { headers: keyed(key) });
    expect(delivered.data.order).toEqual(shown.body);
    expect(delivered.data.order.delivery).toEqual({ import_id: imported.json.import_id, corpus_revision: `${suite.buildId}.1` });

    // Every event written was fanned out to the subscription: exactly these eight, none for the refused changes.
    const log = await call(suite.h.url, 'GET', `${hooks}/${subscription}/deliveries?limit=100`, { headers: keyed(key) });
    expect(log.status, log.text).toBe(200);
    expect(log.body.data.map((d: { event_id: string }) => d.event_id).sort()).toEqual(events.map((e) => e.id).sort());
    // The other key's subscription heard nothing of these orders.
    expect(at('/other')).toEqual([]);
  });
});
