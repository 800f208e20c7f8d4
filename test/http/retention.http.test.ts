import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { bearer, seedCast } from '../support/area-a.js';
import { aNewCall } from '../fixtures/call-mother.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

/**
 * Issue 14: workspace retention_days is enforced by a real server's periodic purge
 * (RETENTION_INTERVAL_MS, here one second). The cut-offs themselves are tested with a controlled
 * clock in test/contract/call-retention.contract.test.ts.
 */
let h: Harness;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startHarness({ snapshot: { build_id: 'r', artists: [], works: [] }, env: { RETENTION_INTERVAL_MS: '1000', RATE_LIMIT_TENANT_PER_MINUTE: '1000000' } });
  ({ admin } = await seedCast(h));
});
afterAll(async () => h?.stop());

async function ingest(daysAgo: number, word: string): Promise<string> {
  const started = Date.now() - daysAgo * DAY;
  const res = await call(h.url, 'POST', '/api/v1/tenants/acme/calls', {
    json: aNewCall({ started_at: new Date(started).toISOString(), ended_at: new Date(started + 60_000).toISOString(), summary: `A call about ${word}.` }),
    headers: bearer(admin),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.call_id;
}

const listed = async (q = '') =>
  (await call(h.url, 'GET', `/api/v1/tenants/acme/calls?limit=100${q ? `&q=${q}` : ''}`, { headers: bearer(admin) })).body.data.map((c: { call_id: string }) => c.call_id).sort();

/** The listed ids once the retention job has made them `expected` (or after 10 s). */
const until = (expected: string[], q = ''): Promise<string[]> => eventually(() => listed(q), (ids) => JSON.stringify(ids) === JSON.stringify([...expected].sort()));

describe('workspace retention on a running server', () => {
  it('purges calls older than the default 365 days, then older than a retention_days the admin set, search included', async () => {
    const ancient = await ingest(400, 'zeppelins');
    const tenDays = await ingest(10, 'zeppelins');
    const yesterday = await ingest(1, 'zeppelins');
    expect(await until([tenDays, yesterday])).toEqual([tenDays, yesterday].sort());
    expect(ancient).toBeDefined();

    const put = await call(h.url, 'PUT', '/api/v1/workspace', {
      json: { name: 'Acme', timezone: 'UTC', locale: 'en-US', retention_days: 5 },
      headers: bearer(admin),
    });
    expect(put.status, put.text).toBe(200);
    expect(await until([yesterday])).toEqual([yesterday]);
    expect(await listed('zeppelins')).toEqual([yesterday]);
    expect((await call(h.url, 'GET', `/api/v1/tenants/acme/calls/${tenDays}`, { headers: bearer(admin) })).status).toBe(404);
  }, 30_000);
});
