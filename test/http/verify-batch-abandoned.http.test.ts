import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueCorpus } from '../fixtures/catalogue-corpus.js';
import { eventually } from '../support/eventually.js';
import { call, capturingLogger, type Harness, startHarness } from '../support/http-harness.js';

/**
 * Issue 25, defect 3: a batch whose client went away stops computing and archiving; what it had
 * already served stays archived, metered and listed, each subject whole.
 */
let h: Harness;
const log = capturingLogger('info');
const month = () => new Date().toISOString().slice(0, 7);
const SIZE = 1000;
const kinds = [
  { subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' },
  { subject_artist: 'John Hoppner', subject_title: 'Portrait of a Lady' },
  { subject_artist: 'Banksy', subject_title: 'Girl with Balloon' },
];
const body = JSON.stringify({ subjects: Array.from({ length: SIZE }, (_, i) => ({ ...kinds[i % kinds.length], lot: String(i + 1) })) });

beforeAll(async () => {
  h = await startHarness({ snapshot: catalogueCorpus, logger: log.logger });
});
afterAll(async () => h.stop());

const newKey = async (label: string) => (await h.deps.keys.create(label, 10_000)).key;

const servedCalls = async (key: string): Promise<number> =>
  (await call(h.url, 'GET', `/api/v1/verify/usage?month=${month()}`, { headers: { 'x-api-key': key } })).body.served_calls;

/** Every request_id `/verify/requests` lists for the key this month, page after page. */
async function listed(key: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?month=${month()}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await call(h.url, 'GET', `/api/v1/verify/requests${query}`, { headers: { 'x-api-key': key } });
    expect(page.status).toBe(200);
    ids.push(...page.body.data.map((line: { request_id: string }) => line.request_id));
    cursor = page.body.next_cursor;
  } while (cursor !== null);
  return ids;
}

/** Sends the keyed batch on a socket of its own, with `requestId` as its X-Request-Id, and leaves it open. */
function sendBatch(key: string, requestId: string, connection = 'keep-alive'): Promise<Socket> {
  const { hostname, port } = new URL(h.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.on('error', reject);
    socket.on('connect', () => {
      socket.write(
        `POST /api/v1/verify/batch HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
          `Connection: ${connection}\r\nX-API-Key: ${key}\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      socket.write(body, () => resolve(socket));
    });
  });
}

/** The access log's line for the request: written once its handler has returned. */
const accessLine = (requestId: string) => log.lines().find((l) => l.msg === 'request' && l.request_id === requestId);

describe('POST /api/v1/verify/batch whose client goes away', () => {
  it('stops once some subjects are archived: no more are served, and usage equals the listing', async () => {
    const key = await newKey('abandoning partner');
    const requestId = '6f1c2a4e-0b7d-4c3e-9a1f-2d5e8b7c6a01';
    const socket = await sendBatch(key, requestId);
    // A batch of 1,000 on this small corpus takes a few hundred milliseconds (ADR 0050: its first
    // group is archived within milliseconds): probe often, so the client leaves mid-way.
    const before = await eventually(() => servedCalls(key), (n) => n > 0, { everyMs: 2 });
    expect(before).toBeGreaterThan(0);
    socket.destroy();

    const line = await eventually(async () => accessLine(requestId), (l) => l !== undefined);
    expect(line).toMatchObject({ path: '/api/v1/verify/batch', status: 499 });
    const served = await servedCalls(key);
    expect(served).toBeGreaterThanOrEqual(before);
    expect(served).toBeLessThan(SIZE / 2);
    // Archived and metered together: the statement counts exactly the listed verifications.
    const ids = await listed(key);
    expect(ids).toHaveLength(served);
    expect(new Set(ids).size).toBe(served);
    // The handler has returned: nothing of the batch is still being written.
    await call(h.url, 'POST', '/api/v1/verify', { json: kinds[0], headers: { 'x-api-key': await newKey('someone else') } });
    expect(await servedCalls(key)).toBe(served);
    const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${ids[0]}`, { headers: { 'x-api-key': key } });
    expect(trace.status).toBe(200);
  });

  it('stops as soon as the request is sent and the connection dropped, usage still equal to the listing', async () => {
    const key = await newKey('impatient partner');
    const requestId = '6f1c2a4e-0b7d-4c3e-9a1f-2d5e8b7c6a02';
    const socket = await sendBatch(key, requestId);
    socket.destroy();

    const line = await eventually(async () => accessLine(requestId), (l) => l !== undefined);
    expect(line?.path).toBe('/api/v1/verify/batch');
    const served = await servedCalls(key);
    expect(served).toBeLessThan(SIZE / 2);
    expect(await listed(key)).toHaveLength(served);
  });

  it('serves the whole batch to a client that stays', async () => {
    const key = await newKey('patient partner');
    const requestId = '6f1c2a4e-0b7d-4c3e-9a1f-2d5e8b7c6a03';
    const socket = await sendBatch(key, requestId, 'close');
    const received: Buffer[] = [];
    socket.on('data', (d) => received.push(d));
    await new Promise((resolve) => socket.on('close', resolve));
    const text = Buffer.concat(received).toString('utf8');
    expect(text.slice(0, 300)).toMatch(/^HTTP\/1\.1 200 /);
    const head = text.slice(0, text.indexOf('\r\n\r\n'));
    const raw = text.slice(head.length + 4);
    const response = JSON.parse(raw);
    expect(response).toMatchObject({ subjects: SIZE, served: SIZE, errors: 0 });
    // Written a hundred results at a time, from each answer's archived text: JSON.stringify's bytes.
    expect(raw).toBe(JSON.stringify(response));
    expect(head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(head).toContain(`\r\nContent-Length: ${Buffer.byteLength(raw)}\r\n`);
    expect(await servedCalls(key)).toBe(SIZE);
    expect(await listed(key)).toHaveLength(SIZE);
  });
});
