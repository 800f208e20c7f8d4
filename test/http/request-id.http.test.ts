import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { call, capturingLogger, type Harness, startHarness } from '../support/http-harness.js';

/** Issue 14, defect 6: one id per request, in the header, the body, the audit trace and the log. */
let h: Harness;
let key: string;
const log = capturingLogger();

beforeAll(async () => {
  h = await startHarness({ snapshot: httpCorpus, logger: log.logger });
  key = (await h.deps.keys.create('request ids', 1000)).key;
});
afterAll(async () => h?.stop());

const subject = { subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' };
const verify = (headers: Record<string, string> = {}) => call(h.url, 'POST', '/api/v1/verify', { json: subject, headers: { 'x-api-key': key, ...headers } });
const accessLines = (id: string) => log.lines().filter((l) => l.msg === 'request' && l.request_id === id);

async function expectOneId(res: Awaited<ReturnType<typeof verify>>): Promise<string> {
  expect(res.status, res.text).toBe(200);
  const id = res.headers.get('x-request-id')!;
  expect(res.body.request_id).toBe(id);
  const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${id}`, { headers: { 'x-api-key': key } });
  expect(trace.status).toBe(200);
  expect(trace.body.request_id).toBe(id);
  expect(trace.body.response.request_id).toBe(id);
  expect(accessLines(id)).toHaveLength(1);
  expect(accessLines(id)[0]).toMatchObject({ method: 'POST', path: '/api/v1/verify', status: 200 });
  return id;
}

describe('one request id', () => {
  it('a verification without X-Request-Id: header, body, audit trace and access log share one id', async () => {
    await expectOneId(await verify());
  });

  it('ids the service makes are version 7 UUIDs, whose leading time orders them (ADR 0056)', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await expectOneId(await verify()));
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const times = made.map((id) => id.slice(0, 13));
    expect([...times].sort()).toEqual(times);
  });

  it('a client UUID is the verification\'s id everywhere', async () => {
    const offered = randomUUID();
    expect(await expectOneId(await verify({ 'x-request-id': offered }))).toBe(offered);
  });

  it('a client UUID already archived is replaced by a new one (trace ids stay unique), still one id', async () => {
    const offered = randomUUID();
    await verify({ 'x-request-id': offered });
    const again = await expectOneId(await verify({ 'x-request-id': offered }));
    expect(again).not.toBe(offered);
    const first = await call(h.url, 'GET', `/api/v1/verify/requests/${offered}`, { headers: { 'x-api-key': key } });
    expect(first.body.request_id).toBe(offered);
  });

  it('a sane id that is not a canonical UUID is echoed on other routes and replaced on a verification', async () => {
    const health = await call(h.url, 'GET', '/healthz', { headers: { 'x-request-id': 'order-42.attempt:1' } });
    expect(health.headers.get('x-request-id')).toBe('order-42.attempt:1');
    expect(accessLines('order-42.attempt:1')).toHaveLength(1);
    for (const offered of ['order-42', randomUUID().toUpperCase()]) {
      expect(await expectOneId(await verify({ 'x-request-id': offered }))).not.toBe(offered);
    }
  });

  it('a replay answers under the id of its own archived trace', async () => {
    const original = await verify();
    const replay = await call(h.url, 'POST', `/api/v1/verify/requests/${original.body.request_id}/replay`, { headers: { 'x-api-key': key } });
    expect(replay.status).toBe(200);
    const id = replay.headers.get('x-request-id');
    expect(replay.body.replay.request_id).toBe(id);
    expect(accessLines(id!)).toHaveLength(1);
  });

  it('a problem document carries the request id of the header and the log', async () => {
    const res = await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: '' }, headers: { 'x-api-key': key } });
    expect(res.status).toBe(400);
    const id = res.headers.get('x-request-id')!;
    expect(res.body.request_id).toBe(id);
    expect(accessLines(id)[0]).toMatchObject({ status: 400 });
  });
});
