import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { catalogueCorpus } from '../fixtures/catalogue-corpus.js';
import { eventually } from '../support/eventually.js';
import { call, capturingLogger, type Harness, startHarness } from '../support/http-harness.js';

/**
 * Issue 26: a catalogue's NDJSON stream whose client goes away stops verifying after the row in
 * progress; the rows served stay archived, billed and listed (usage equals the listing).
 */
let h: Harness;
const log = capturingLogger('info');
const month = () => new Date().toISOString().slice(0, 7);
const SIZE = 3000;
const csv = `Lot;Artist;Title\n${Array.from({ length: SIZE }, (_, i) => `${i + 1};${i % 2 ? 'J. M. W. Turner' : 'John Hoppner'};${i % 2 ? 'The Fighting Temeraire' : 'Portrait of a Lady'}`).join('\n')}\n`;

beforeAll(async () => {
  h = await startHarness({ snapshot: catalogueCorpus, logger: log.logger });
}, 60_000);
afterAll(async () => h?.stop());

const servedCalls = async (key: string): Promise<number> =>
  (await call(h.url, 'GET', `/api/v1/verify/usage?month=${month()}`, { headers: { 'x-api-key': key } })).body.served_calls;

async function listedCount(key: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const query: string = `?month=${month()}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await call(h.url, 'GET', `/api/v1/verify/requests${query}`, { headers: { 'x-api-key': key } });
    count += page.body.data.length;
    cursor = page.body.next_cursor;
  } while (cursor !== null);
  return count;
}

describe('POST /api/v1/verify/catalogue as NDJSON whose client goes away', () => {
  it('streams rows as they are verified, stops when the client goes, and bills only what it served', async () => {
    const key = (await h.container.get<ApiKeys>(ATTESTATION.ApiKeys).create('streaming partner', 100_000)).key;
    const requestId = '0b8e9c3a-5d1f-4a2b-8c7d-6e5f4a3b2c10';
    const form = new FormData();
    form.append('file', new Blob([csv]), 'sale.csv');
    const abort = new AbortController();
    const res = await fetch(`${h.url}/api/v1/verify/catalogue`, {
      method: 'POST',
      body: form,
      headers: { 'x-api-key': key, accept: 'application/x-ndjson', 'x-request-id': requestId },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    // Read until the columns line and a few rows have arrived, while the run is still going.
    const reader = res.body!.getReader();
    let text = '';
    while (text.split('\n').filter((l) => l.includes('"type":"row"')).length < 3) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += new TextDecoder().decode(value);
    }
    expect(JSON.parse(text.slice(0, text.indexOf('\n')))).toMatchObject({ type: 'columns', total: SIZE, columns: { lot: 'Lot', artist: 'Artist', title: 'Title' } });
    abort.abort();

    const ended = await eventually(
      async () => log.lines().find((l) => l.msg === 'catalogue stream ended' && l.request_id === requestId),
      (l) => l !== undefined,
      { timeoutMs: 60_000 },
    );
    expect(ended).toMatchObject({ ending: 'client gone', total: SIZE });
    const rows = ended!.rows as number;
    expect(rows).toBeGreaterThanOrEqual(3);
    expect(rows).toBeLessThan(SIZE);
    const served = await servedCalls(key);
    expect(served).toBe(rows);
    expect(await listedCount(key)).toBe(served);
  }, 120_000);
});
