import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallIngest } from '../../core/calls/use-cases/call-ingest.js';
import { CALLS } from '../../runtimes/shared/composition/calls.tokens.js';
import { bearer, expectProblem, schemas, seedCast } from '../support/area-a.js';
import { aNewCall } from '../fixtures/call-mother.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

let h: Harness;
let admin: string;
let member: string;
let globex: string;

const stats = '/api/v1/tenants/acme/calls/stats';
const get = (path: string, token = member) => call(h.url, 'GET', path, { headers: bearer(token) });

beforeAll(async () => {
  h = await startHarness({ snapshot: { build_id: 'call-stats', artists: [], works: [] }, env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000' } });
  ({ admin, member, globex } = await seedCast(h));
  const ingest = h.container.get<CallIngest>(CALLS.CallIngest);
  // Around the spring change in Paris: 22:30 UTC on the 28th is 23:30 local (the 28th), 23:30 UTC is 00:30 (the 29th).
  await ingest.importBatch('acme', [
    aNewCall({ call_id: 's1', channel: 'voice', started_at: '2026-03-28T22:30:00Z', ended_at: '2026-03-28T22:31:40Z', summary: 'Remboursement de la machine à café', agent_id: 'nova' }),
    aNewCall({ call_id: 's2', channel: 'chat', started_at: '2026-03-28T23:30:00Z', ended_at: '2026-03-28T23:35:00Z', summary: 'Livraison en retard', status: 'missed', agent_id: 'nova' }),
    aNewCall({ call_id: 's3', channel: 'voice', direction: 'outbound', started_at: '2026-03-29T20:00:00Z', ended_at: '2026-03-29T20:10:00Z', summary: 'Remboursement de l’aspirateur', agent_id: null }),
  ]);
  await ingest.importBatch('globex', [aNewCall({ call_id: 'g1', started_at: '2026-03-29T10:00:00Z', ended_at: '2026-03-29T10:01:00Z' })]);
});
afterAll(async () => h.stop());

describe('GET /tenants/{tenant_id}/calls/stats', () => {
  it('200 for a member: days of the workspace\'s time zone, counts and durations as documented', async () => {
    const put = await call(h.url, 'PUT', '/api/v1/workspace', { json: { name: 'Acme', timezone: 'Europe/Paris', locale: 'fr-FR', retention_days: 3650 }, headers: bearer(admin) });
    expect(put.status, put.text).toBe(200);
    const res = await get(`${stats}?bucket=day&from=2026-03-28T00:00:00%2B01:00&to=2026-03-30T00:00:00%2B02:00`);
    expect(res.status, res.text).toBe(200);
    expect(schemas.errors('CallStats', res.body)).toEqual([]);
    expect(res.body.timezone).toBe('Europe/Paris');
    expect(res.body.periods.map((p: any) => [p.date, p.start, p.end, p.calls])).toEqual([
      ['2026-03-28', '2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z', 1],
      ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 2],
    ]);
    expect(res.body.totals).toMatchObject({ calls: 3, by_channel: { voice: 2, chat: 1 }, by_status: { completed: 2, missed: 1 }, by_direction: { inbound: 2, outbound: 1 } });
    // 100, 300 and 600 seconds.
    expect(res.body.totals.duration).toEqual({ mean_seconds: 333.3, p50_seconds: 300, p90_seconds: 540 });
    expect(res.body.agents.map((a: any) => [a.agent_id, a.calls])).toEqual([['nova', 2], [null, 1]]);
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"tenant-api";/);
  });

  it('applies the list\'s filters, q included, and defaults to days over the matching calls', async () => {
    const res = await get(`${stats}?q=rembours*&channel=voice`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.bucket).toBe('day');
    expect(res.body.totals.calls).toBe(2);
    expect(res.body.periods.map((p: any) => [p.date, p.calls])).toEqual([['2026-03-28', 1], ['2026-03-29', 1]]);
    const none = await get(`${stats}?q=introuvable`);
    expect(none.body).toMatchObject({ from: null, to: null, periods: [], agents: [], totals: { calls: 0 } });
  });

  it('is not read as a call id, and a call stays readable by its own id', async () => {
    expect((await get('/api/v1/tenants/acme/calls/s1')).status).toBe(200);
    expect((await get(stats)).body.totals.calls).toBe(3);
  });

  it('400 for every bad parameter, named; 403 for another tenant; 401 without a token', async () => {
    const bad = await get(`${stats}?bucket=year&channel=fax&from=yesterday`);
    expectProblem(bad, 400);
    expect(bad.body.errors.map((e: any) => e.path).sort()).toEqual(['bucket', 'channel', 'from']);
    const backwards = await get(`${stats}?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z`);
    expectProblem(backwards, 400);
    const tooMany = await get(`${stats}?bucket=day&from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`);
    expectProblem(tooMany, 400);
    expect(tooMany.body.errors).toEqual([expect.objectContaining({ path: 'bucket' })]);
    const q = await get(`${stats}?q=${'a'.repeat(600)}`);
    expectProblem(q, 400);
    expectProblem(await get(stats, globex), 403);
    expectProblem(await call(h.url, 'GET', stats), 401);
  });
});
