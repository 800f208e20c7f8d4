import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS, ORDER_STATUSES, nextStatus, type OrderEvent, type OrderStatus } from '../../core/attestation/research-orders/research-order.model.js';
import { runAdminCaptured, type AdminResult } from '../support/admin-runner.js';
import { expectProblem } from '../support/area-a.js';
import { corpusHarness } from '../support/corpus-harness.js';
import { eventually } from '../support/eventually.js';
import { call } from '../support/http-harness.js';
import { openApiValidator } from '../support/openapi-validator.js';

const schemas = openApiValidator();
const suite = corpusHarness('svc-research-orders-');
const { root } = suite;
let files = 0;

const admin = (...args: string[]): Promise<AdminResult> => runAdminCaptured({ ...suite.h.databaseEnv, CORPUS_DIR: suite.corpusDir }, args);

async function newKey(...extra: string[]): Promise<{ key_id: string; key: string }> {
  const created = await admin('key', 'create', '--label', 'Acme auctions', ...extra);
  expect(created.code, created.stderr).toBe(0);
  return created.json;
}

const keyed = (key: string, headers: Record<string, string> = {}) => ({ 'x-api-key': key, ...headers });
const verify = (key: string, subject_artist: string, subject_title: string) => call(suite.h.url, 'POST', '/api/v1/verify', { json: { subject_artist, subject_title }, headers: keyed(key) });
const order = (key: string | null, json: object, headers: Record<string, string> = {}) =>
  call(suite.h.url, 'POST', '/api/v1/verify/research-orders', { json, headers: key === null ? headers : keyed(key, headers) });
const getOrder = (key: string, id: string) => call(suite.h.url, 'GET', `/api/v1/verify/research-orders/${id}`, { headers: keyed(key) });
const cancel = (key: string, id: string) => call(suite.h.url, 'POST', `/api/v1/verify/research-orders/${id}/cancel`, { headers: keyed(key) });
const invoice = (key: string, month: string) => call(suite.h.url, 'GET', `/api/v1/verify/invoices/${month}`, { headers: keyed(key) });

function researchFile(lines: object[]): string {
  const path = join(root, `research-${(files += 1)}.ndjson`);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n'));
  return path;
}

const HOPPNER_CLAIM = 'Signed and dated 1799 lower right; exhibited at the Royal Academy, 1799 (no. 12).';
/** A research file for the work ordered on; `suffix` makes its claim new to the corpus. */
const hoppnerResearch = (suffix = '') =>
  researchFile([
    {
      artist: 'John Hoppner',
      title: 'Lady Louisa Manners',
      pillar: 'authentication',
      kind: 'attribution',
      claim: `${HOPPNER_CLAIM}${suffix ? ` ${suffix}` : ''}`,
      source_ref: 'https://example.org/research/hoppner-manners',
      researcher: 'B. Okafor',
      attribution: { artist: 'John Hoppner', qualifier: 'firm' },
    },
  ]);

describe('research orders: the whole loop', () => {
  it('verify → unavailable → order → accept → import --order → delivered → verify attested → replay changed → on the invoice', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const { key } = await newKey();

    const first = await verify(key, 'John Hoppner', 'Lady Louisa Manners');
    expect(first.body).toMatchObject({ verdict: 'unavailable', corpus_revision: `${suite.buildId}.0` });

    const placed = await order(key, { request_id: first.body.request_id, tier: 'standard', client_reference: 'lot 44' }, { 'idempotency-key': 'acme-lot-44' });
    expect(placed.status, placed.text).toBe(201);
    expect(schemas.errors('ResearchOrder', placed.body)).toEqual([]);
    expect(placed.body).toMatchObject({
      status: 'requested',
      tier: 'standard',
      price_excl_vat_cents: 59_000,
      currency: 'EUR',
      subject: { artist: 'John Hoppner', title: 'Lady Louisa Manners', ref: null },
      request_id: first.body.request_id,
      client_reference: 'lot 44',
      delivery: null,
    });
    const id: string = placed.body.order_id;
    expect(placed.headers.get('location')).toBe(`/api/v1/verify/research-orders/${id}`);

    const queue = await admin('research', 'list', '--status', 'requested');
    expect(queue.json.orders.map((o: { order_id: string }) => o.order_id)).toContain(id);
    const accepted = await admin('research', 'accept', id);
    expect(accepted.json).toMatchObject({ order_id: id, status: 'accepted' });
    expect((await getOrder(key, id)).body.status).toBe('accepted');

    const imported = await admin('corpus', 'import', hoppnerResearch(), '--order', id);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.json).toMatchObject({ applied: true, corpus_revision: `${suite.buildId}.1`, order: { order_id: id, status: 'delivered', corpus_revision: `${suite.buildId}.1` } });

    const delivered = await getOrder(key, id);
    expect(schemas.errors('ResearchOrder', delivered.body)).toEqual([]);
    expect(delivered.body).toMatchObject({ status: 'delivered', delivery: { import_id: imported.json.import_id, corpus_revision: `${suite.buildId}.1` } });

    const after = await eventually(() => verify(key, 'John Hoppner', 'Lady Louisa Manners'), (r) => r.body.corpus_revision === `${suite.buildId}.1`);
    expect(after.body.verdict).toBe('attested');
    expect(after.body.attestations).toContainEqual(expect.objectContaining({ claim: expect.stringContaining(HOPPNER_CLAIM), verified_by: 'operator' }));

    const replay = await call(suite.h.url, 'POST', `/api/v1/verify/requests/${first.body.request_id}/replay`, { headers: keyed(key) });
    expect(replay.body).toMatchObject({ changed: true, original: { verdict: 'unavailable' }, replay: { verdict: 'attested' } });

    const statement = await invoice(key, month);
    expect(statement.status, statement.text).toBe(200);
    expect(schemas.errors('MonthlyStatement', statement.body)).toEqual([]);
    // Served: the first verify, the one(s) polled until the revision moved, and the replay.
    const served = statement.body.verify.served_calls;
    expect(served).toBeGreaterThanOrEqual(3);
    expect(statement.body).toMatchObject({
      month,
      currency: 'EUR',
      plan: { name: 'production', until: null },
      closed: false,
      verify: { billable_calls: served, free_calls: 0, amount_cents: served * 10 },
      research_orders: [{ order_id: id, tier: 'standard', client_reference: 'lot 44', price_cents: 59_000, subject: { artist: 'John Hoppner', title: 'Lady Louisa Manners' } }],
      research_amount_cents: 59_000,
      total_excl_vat_cents: served * 10 + 59_000,
    });
    const usage = await call(suite.h.url, 'GET', `/api/v1/verify/usage?month=${month}`, { headers: keyed(key) });
    expect(usage.body).toMatchObject({ served_calls: served, amount_cents: statement.body.verify.amount_cents, plan: 'production' });

    // Operator claims are served, counted by the coverage, never listed in it.
    const coverage = await call(suite.h.url, 'GET', '/api/v1/verify/coverage');
    expect(coverage.body.counts.claims_by_source.operator).toBe(1);
    expect(coverage.text).not.toContain('Royal Academy');

    const lines = await admin('invoices', 'month', month);
    const mine = lines.stdout.trim().split('\n').map((l) => JSON.parse(l)).find((s) => s.key_id === statement.body.key_id);
    expect(mine).toEqual({ ...statement.body, verify: mine.verify });
    expect(mine.research_orders).toEqual(statement.body.research_orders);
    const csv = await admin('invoices', 'month', month, '--csv');
    const [header, ...rows] = csv.stdout.trim().split('\r\n');
    expect(header).toBe('key_id,month,plan,plan_until,closed,currency,served_calls,free_calls,billable_calls,verify_amount,research_orders,research_amount,total_excl_vat');
    expect(rows.find((r) => r.startsWith(`${statement.body.key_id},`))).toMatch(new RegExp(`^${statement.body.key_id},${month},production,,false,EUR,\\d+,0,\\d+,\\d+\\.\\d{2},1,590\\.00,\\d+\\.\\d{2}$`));
  });
});

describe('research orders: rules', () => {
  let key: string;
  let other: string;
  beforeAll(async () => {
    key = (await newKey()).key;
    other = (await newKey()).key;
  });

  it('the sandbox cannot order, list, read or be invoiced (401)', async () => {
    expectProblem(await order(null, { subject_artist: 'a', subject_title: 'b', tier: 'standard' }), 401);
    expectProblem(await call(suite.h.url, 'GET', '/api/v1/verify/research-orders'), 401);
    expectProblem(await call(suite.h.url, 'GET', '/api/v1/verify/invoices/2026-11'), 401);
    expectProblem(await order('svk_unknown', { subject_artist: 'a', subject_title: 'b', tier: 'standard' }), 401);
  });

  it('one Idempotency-Key places one order: the retry answers it again; another body under the key is a 409', async () => {
    const body = { subject_artist: 'Turner', subject_title: 'Norham Castle', tier: 'extended', note: 'Lot 12, estimate EUR 200,000' };
    const a = await order(key, body, { 'idempotency-key': 'retry-me' });
    const b = await order(key, body, { 'idempotency-key': 'retry-me' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(b.body).toEqual(a.body);
    expect(a.body.price_excl_vat_cents).toBe(149_000);
    const listed = await call(suite.h.url, 'GET', '/api/v1/verify/research-orders?limit=100', { headers: keyed(key) });
    expect(listed.body.data.filter((o: { order_id: string }) => o.order_id === a.body.order_id)).toHaveLength(1);
    expectProblem(await order(key, { ...body, tier: 'standard' }, { 'idempotency-key': 'retry-me' }), 409);
    // Another key may use the same Idempotency-Key for its own order.
    const theirs = await order(other, body, { 'idempotency-key': 'retry-me' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.order_id).not.toBe(a.body.order_id);
    expectProblem(await order(key, body, { 'idempotency-key': 'x'.repeat(256) }), 400);
  });

  it("another key's order is a 404 to read or cancel; the list holds only the key's own, filtered by status and paginated", async () => {
    const mine = await order(key, { subject_artist: 'Hoppner', subject_title: 'Portrait', tier: 'standard' });
    expectProblem(await getOrder(other, mine.body.order_id), 404);
    expectProblem(await cancel(other, mine.body.order_id), 404);
    expectProblem(await getOrder(key, 'ro_doesnotexist0000'), 404);
    expect((await getOrder(key, mine.body.order_id)).body).toEqual(mine.body);
    const theirs = await call(suite.h.url, 'GET', '/api/v1/verify/research-orders?limit=100', { headers: keyed(other) });
    expect(theirs.body.data.map((o: { order_id: string }) => o.order_id)).not.toContain(mine.body.order_id);
    const page1 = await call(suite.h.url, 'GET', '/api/v1/verify/research-orders?limit=1&status=requested', { headers: keyed(key) });
    expect(schemas.errors('ResearchOrderList', page1.body)).toEqual([]);
    expect(page1.body.data).toHaveLength(1);
    const page2 = await call(suite.h.url, 'GET', `/api/v1/verify/research-orders?limit=1&status=requested&cursor=${encodeURIComponent(page1.body.next_cursor)}`, { headers: keyed(key) });
    expect(page2.body.data[0].order_id).not.toBe(page1.body.data[0].order_id);
    expect([...page1.body.data, ...page2.body.data].every((o: { status: string }) => o.status === 'requested')).toBe(true);
    expectProblem(await call(suite.h.url, 'GET', `/api/v1/verify/research-orders?cursor=${encodeURIComponent(page1.body.next_cursor)}`, { headers: keyed(key) }), 400);
    expectProblem(await call(suite.h.url, 'GET', '/api/v1/verify/research-orders?status=lost', { headers: keyed(key) }), 400);
    const tooMany = await call(suite.h.url, 'GET', '/api/v1/verify/research-orders?limit=101', { headers: keyed(key) });
    expectProblem(tooMany, 400);
    expect(tooMany.body.errors).toEqual([{ path: 'limit', message: 'limit must be an integer from 1 to 100' }]);
  });

  it('every illegal transition of the state table is a 409 problem (HTTP) or a refusal (svc-admin), and changes nothing', async () => {
    const place = async () => (await order(key, { subject_artist: 'Turner', subject_title: 'Snow Storm', tier: 'standard' })).body.order_id as string;
    const status = async (id: string) => (await getOrder(key, id)).body;
    let deliveries = 0;
    /** An order brought to `target` through the real paths (client, operator, import). */
    const orderIn = async (target: OrderStatus): Promise<string> => {
      const id = await place();
      if (target === 'cancelled') expect((await cancel(key, id)).body).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String) });
      if (target === 'declined') expect((await admin('research', 'decline', id, '--reason', 'No archive holds this work.')).json).toMatchObject({ status: 'declined', decline_reason: 'No archive holds this work.' });
      if (target === 'accepted' || target === 'delivered') expect((await admin('research', 'accept', id)).json.status).toBe('accepted');
      if (target === 'delivered') {
        const done = await admin('corpus', 'import', hoppnerResearch(`(delivery ${(deliveries += 1)})`), '--order', id);
        expect(done.code, done.stderr).toBe(0);
      }
      expect((await status(id)).status).toBe(target);
      return id;
    };
    /** Tries `event` on the order through its channel; expects the refusal. */
    const refused = async (event: OrderEvent, id: string) => {
      if (event === 'cancel') {
        const res = await cancel(key, id);
        expectProblem(res, 409);
        expect(res.body.detail).toMatch(/it cannot be cancelled/);
        return;
      }
      const args = event === 'accept' ? ['research', 'accept', id] : event === 'decline' ? ['research', 'decline', id, '--reason', 'late'] : ['corpus', 'import', hoppnerResearch('(refused)'), '--order', id];
      const r = await admin(...args);
      expect(r.code, `${event} ${id}`).toBe(1);
      expect(r.stderr).toMatch(/it cannot be (accepted|declined|delivered)/);
    };
    let illegal = 0;
    for (const from of ORDER_STATUSES) {
      for (const event of ORDER_EVENTS.filter((e) => nextStatus(from, e) === null)) {
        const id = await orderIn(from);
        const before = await status(id);
        const revision = (await admin('corpus', 'stats')).json.operator.revision;
        await refused(event, id);
        expect(await status(id), `${event} on ${from}`).toEqual(before);
        expect((await admin('corpus', 'stats')).json.operator.revision).toBe(revision);
        illegal += 1;
      }
    }
    expect(illegal).toBe(15);

    // A dry run checks the file and the order and changes neither.
    const accepted = await orderIn('accepted');
    const dry = await admin('corpus', 'import', hoppnerResearch('(dry run)'), '--order', accepted, '--dry-run');
    expect(dry.json).toMatchObject({ applied: false, dry_run: true, errors: [] });
    expect((await status(accepted)).status).toBe('accepted');
    // A decline needs a reason; an unknown order is refused.
    expect((await admin('research', 'decline', accepted)).code).toBe(2);
    expect((await admin('research', 'decline', accepted, '--reason', 'Out of scope.')).json.status).toBe('declined');
    expect((await admin('research', 'accept', 'ro_doesnotexist0000')).code).toBe(1);
  });

  it('refuses bad orders with 400 problems that name the field', async () => {
    const bad = async (json: object, field: string) => {
      const res = await order(key, json);
      expectProblem(res, 400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    };
    await bad({ subject_artist: 'a', subject_title: 'b', tier: 'premium' }, 'tier');
    await bad({ subject_artist: 'a', subject_title: 'b' }, 'tier');
    await bad({ subject_title: 'b', tier: 'standard' }, 'subject_artist');
    await bad({ request_id: crypto.randomUUID(), tier: 'standard' }, 'request_id');
    await bad({ request_id: 'nope', tier: 'standard' }, 'request_id');
    await bad({ subject_artist: 'a', subject_title: 'b', tier: 'standard', price: 1 }, 'body');
    await bad({ subject_artist: 'a', subject_title: 'b', tier: 'standard', note: 'x'.repeat(2001) }, 'note');
    expectProblem(await invoice(key, '2026-13'), 400);
  });

  it('a pilot key pays nothing within its pilot; a custom key pays its own price list', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const pilot = await newKey('--plan', 'pilot', '--until', '2099-12-31');
    expect(pilot).toMatchObject({ plan: { plan: 'pilot', until: '2099-12-31' } });
    for (let i = 0; i < 3; i++) await verify(pilot.key, 'Turner', `Pilot ${i}`);
    const s = await invoice(pilot.key, month);
    expect(s.body).toMatchObject({ plan: { name: 'pilot', until: '2099-12-31' }, verify: { served_calls: 3, free_calls: 3, billable_calls: 0, amount_cents: 0 }, total_excl_vat_cents: 0 });
    expect((await call(suite.h.url, 'GET', `/api/v1/verify/usage?month=${month}`, { headers: keyed(pilot.key) })).body).toMatchObject({ plan: 'pilot', served_calls: 3, amount_cents: 0, amount_eur: 0 });

    expect((await admin('key', 'create', '--label', 'x', '--plan', 'pilot')).code).toBe(2);
    expect((await admin('key', 'create', '--label', 'x', '--plan', 'pilot', '--until', '2027-02-30')).code).toBe(2);

    const prices = join(root, 'custom-prices.json');
    writeFileSync(prices, JSON.stringify({ verify_bands: [{ up_to: 1, unit_cents: 50 }, { up_to: null, unit_cents: 2 }], research_tiers: { standard: { price_cents: 45_000, description: 'negotiated' } } }));
    const custom = await newKey('--plan', 'custom', '--price-list', prices);
    for (let i = 0; i < 3; i++) await verify(custom.key, 'Turner', `Custom ${i}`);
    expect((await invoice(custom.key, month)).body).toMatchObject({ plan: { name: 'custom' }, verify: { amount_cents: 54 }, total_excl_vat_cents: 54 });
    expect((await order(custom.key, { subject_artist: 'a', subject_title: 'b', tier: 'standard' })).body.price_excl_vat_cents).toBe(45_000);
    expectProblem(await order(custom.key, { subject_artist: 'a', subject_title: 'b', tier: 'extended' }), 400);

    // The pilot ended (key plan): the production scale applies from then on.
    expect((await admin('key', 'plan', pilot.key_id, '--plan', 'production')).json).toEqual({ key_id: pilot.key_id, plan: { plan: 'production' } });
    expect((await invoice(pilot.key, month)).body.verify).toMatchObject({ free_calls: 0, amount_cents: 30 });
  });
});
