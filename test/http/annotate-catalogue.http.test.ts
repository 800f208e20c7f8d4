import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { expectProblem } from '../support/area-a.js';
import { fileResponse, rowsOfXlsx, xlsxOf } from '../support/catalogue-files.js';
import { call, type Harness, type JsonResponse, startHarness } from '../support/http-harness.js';

/**
 * POST /api/v1/verify/catalogue/annotated (ADR 0049): the annotated file of a catalogue already
 * verified, made from the archived answers of its rows' request_ids: the same file the catalogue
 * endpoint writes, with nothing verified again nor billed; only the caller's own answers, each on
 * its own row.
 */
let h: Harness;
let key: string;
let otherKey: string;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  h = await startHarness({ env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '1000' } });
  const keys = h.container.get<ApiKeys>(ATTESTATION.ApiKeys);
  key = (await keys.create('annotating partner', 100_000)).key;
  otherKey = (await keys.create('another partner', 100_000)).key;
}, 60_000);
afterAll(async () => h?.stop());

type Response = JsonResponse & { bytes: Buffer };

async function post(path: string, parts: Record<string, string | Uint8Array>, filename: string, apiKey: string | null = key): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (name === 'file') form.append('file', new Blob([typeof value === 'string' ? value : Buffer.from(value)]), filename);
    else form.append(name, value as string);
  }
  const res = await fetch(`${h.url}${path}`, { method: 'POST', body: form, headers: apiKey === null ? {} : { 'x-api-key': apiKey } });
  return fileResponse(res);
}

const servedCalls = async (apiKey: string) => (await call(h.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': apiKey } })).body.served_calls as number;

/** The catalogue verified as JSON: each row's number → its request_id. */
async function verified(file: string | Uint8Array, filename: string, apiKey: string | null = key): Promise<Record<string, string>> {
  const res = await post('/api/v1/verify/catalogue', { file, format: 'json' }, filename, apiKey);
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries(res.body.rows.filter((r: any) => 'request_id' in r.result).map((r: any) => [String(r.row), r.result.request_id]));
}

const CSV = 'Lot;Artist;Title\r\n1;Rembrandt;Ecce Homo\r\n2;Le Tintoret;The Last Supper\r\n\r\n3;;Sans titre\r\n4;Turner;=HYPERLINK("x")\r\n';

describe('POST /api/v1/verify/catalogue/annotated', () => {
  it('writes the same annotated CSV as the catalogue endpoint, from the archive, billing nothing', async () => {
    const ids = await verified(CSV, 'sale.csv');
    expect(Object.keys(ids)).toEqual(['2', '3', '6']);
    const fromVerification = await post('/api/v1/verify/catalogue', { file: CSV, format: 'csv' }, 'sale.csv');
    const served = await servedCalls(key);
    const res = await post('/api/v1/verify/catalogue/annotated', { file: CSV, request_ids: JSON.stringify(ids), format: 'csv' }, 'sale.csv');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sale.annotated.csv"');
    expect(await servedCalls(key)).toBe(served);
    // The same cells but each row's request_id: the second verification served each row again under new ids.
    const withoutIds = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID');
    expect(withoutIds(res.text)).toBe(withoutIds(fromVerification.text));
    for (const id of Object.values(ids)) expect(res.text).toContain(id);
    expect(res.text).toContain("'=HYPERLINK");
    expect(res.text).toContain('invalid_subject');
  }, 60_000);

  it('writes the XLSX from an XLSX, leaves rows with no request_id blank, and takes a pinned lot\'s own request_id', async () => {
    const xlsx = await xlsxOf([
      ['Lot', 'Artist', 'Title'],
      [1, 'Rembrandt', 'Ecce Homo'],
      [2, 'Le Tintoret', 'The Last Supper'],
    ]);
    const ids = await verified(xlsx, 'sale.xlsx');
    const pinned = await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: 'Rembrandt', subject_title: 'Ecce Homo', subject_ref: 'SK-A-1' }, headers: { 'x-api-key': key } });
    expect(pinned.status, pinned.text).toBe(200);
    const res = await post('/api/v1/verify/catalogue/annotated', { file: xlsx, request_ids: JSON.stringify({ 2: pinned.body.request_id }), format: 'xlsx' }, 'sale.xlsx');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    const rows = await rowsOfXlsx(res.bytes);
    expect(rows[0]!.slice(3)).toEqual(['verdict', 'matched_artist', 'qualifier', 'requalification_fr', 'requalification_en', 'citations', 'near_matches', 'reason', 'request_id']);
    expect(rows[1]![3]).toBe(pinned.body.verdict);
    expect(rows[1]![11]).toBe(pinned.body.request_id);
    expect(rows[2]!.slice(3).every((c) => c === '' || c === null || c === undefined)).toBe(true);
    expect(ids['3']).toBeDefined();
  }, 60_000);

  it('takes pasted lines as JSON, and a keyless caller\'s sandbox answers', async () => {
    const csv = 'Lot,Artist,Title\n1,Rembrandt,Ecce Homo\n';
    const ids = await verified(csv, 'pasted.csv', null);
    const res = await call(h.url, 'POST', '/api/v1/verify/catalogue/annotated', { json: { csv, request_ids: ids } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.text).toContain(ids['2']);
  }, 60_000);

  it("refuses another key's request_id (404), an answer to another lot, a row that is no verified data row, and bad request_ids (400)", async () => {
    const ids = await verified(CSV, 'sale.csv');
    const theirs = await verified(CSV, 'sale.csv', otherKey);
    expectProblem(await post('/api/v1/verify/catalogue/annotated', { file: CSV, request_ids: JSON.stringify({ 2: theirs['2'] }) }, 'sale.csv'), 404);
    const swapped = await post('/api/v1/verify/catalogue/annotated', { file: CSV, request_ids: JSON.stringify({ 2: ids['3'], 3: ids['2'] }) }, 'sale.csv');
    expectProblem(swapped, 400);
    expect(swapped.body.errors.map((e: any) => e.path).sort()).toEqual(['request_ids.2', 'request_ids.3']);
    const refused = await post('/api/v1/verify/catalogue/annotated', { file: CSV, request_ids: JSON.stringify({ 5: ids['2'], 99: ids['3'] }) }, 'sale.csv');
    expectProblem(refused, 400);
    expect(refused.body.errors.map((e: any) => e.path).sort()).toEqual(['request_ids.5', 'request_ids.99']);
    for (const bad of ['not json', '[]', '{"x":"y"}', '{"2":"not-a-uuid"}']) {
      expectProblem(await post('/api/v1/verify/catalogue/annotated', { file: CSV, request_ids: bad }, 'sale.csv'), 400);
    }
    expectProblem(await post('/api/v1/verify/catalogue/annotated', { file: CSV }, 'sale.csv'), 400);
    expectProblem(await post('/api/v1/verify/catalogue/annotated', { file: CSV, request_ids: '{}', format: 'json' }, 'sale.csv'), 400);
    const huge = JSON.stringify(Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [String(i + 2), ids['2']])));
    expectProblem(await post('/api/v1/verify/catalogue/annotated', { file: CSV, request_ids: huge }, 'sale.csv'), 413);
  }, 60_000);
});
