import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { expectProblem } from '../support/area-a.js';
import { fileResponse, rowsOfXlsx, xlsxBomb, xlsxOf } from '../support/catalogue-files.js';
import { call, type Harness, type JsonResponse, startHarness } from '../support/http-harness.js';
import { openApiValidator } from '../support/openapi-validator.js';

/**
 * POST /api/v1/verify/catalogue (issue 26, ADR 0041) on the shipped corpus: a CSV or XLSX in,
 * its columns found, every row verified like the batch (archived, metered), JSON, NDJSON or the
 * annotated file out; the file's limits, a zip bomb and formula injection.
 */
let h: Harness;
let key: string;
const schemas = openApiValidator();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  h = await startHarness({ env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '1000' } });
  key = (await h.container.get<ApiKeys>(ATTESTATION.ApiKeys).create('catalogue partner', 100_000)).key;
}, 60_000);
afterAll(async () => h?.stop());

interface Upload {
  file: Uint8Array | string;
  filename?: string;
  mapping?: unknown;
  format?: string;
  accept?: string;
  apiKey?: string | null;
}

async function upload(u: Upload): Promise<JsonResponse & { bytes: Buffer }> {
  const form = new FormData();
  form.append('file', new Blob([typeof u.file === 'string' ? u.file : Buffer.from(u.file)]), u.filename ?? 'catalogue.csv');
  if (u.mapping !== undefined) form.append('mapping', typeof u.mapping === 'string' ? u.mapping : JSON.stringify(u.mapping));
  if (u.format !== undefined) form.append('format', u.format);
  const headers: Record<string, string> = {};
  if (u.apiKey !== null) headers['x-api-key'] = u.apiKey ?? key;
  if (u.accept !== undefined) headers.accept = u.accept;
  const res = await fetch(`${h.url}/api/v1/verify/catalogue`, { method: 'POST', body: form, headers });
  return fileResponse(res);
}

/** The 422 `catalogue-columns` problem: a problem document with `headers` and `missing`. */
function expectColumnsProblem(res: JsonResponse) {
  expect(res.status, res.text).toBe(422);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(schemas.errors('CatalogueColumnsProblem', res.body)).toEqual([]);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
}

const FRENCH_CSV =
  '\ufeffN°;Artiste;Titre;Technique;Date;Estimation\r\n' +
  '12;Rembrandt;Ecce Homo;;;\r\n' +
  '13;Le Tintoret;The Last Supper;;;1 000 - 1 500 €\r\n' +
  '\r\n' +
  '14;École française vers 1800;Portrait of a Lady;huile sur toile;;\r\n' +
  '15;;Sans titre;;;\r\n';

describe('POST /api/v1/verify/catalogue: columns, rows, summary', () => {
  it('reads a French Excel CSV (BOM, `;`), finds its columns and verifies each row like the batch, archived and metered', async () => {
    const res = await upload({ file: FRENCH_CSV });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(schemas.errors('CatalogueResponse', res.body)).toEqual([]);
    expect(res.body.columns).toEqual({ lot: 'N°', artist: 'Artiste', title: 'Titre', reference: null, medium: 'Technique', date: 'Date', estimate: 'Estimation' });
    expect(res.body.rows.map((r: any) => [r.row, r.lot, r.result.verdict ?? r.result.code])).toEqual([
      [2, '12', 'contradicted'],
      [3, '13', 'attested'],
      [5, '14', 'unavailable'],
      [6, '15', 'invalid_subject'],
    ]);
    expect(res.body.rows[2].input).toEqual({ subject_artist: 'École française vers 1800', subject_title: 'Portrait of a Lady', subject_medium: 'huile sur toile' });
    expect(res.body.rows[3].result.errors).toEqual([{ path: 'subject_artist', message: 'subject_artist must not be blank' }]);
    expect(res.body.summary).toEqual({ rows: 4, attested: 1, contradicted: 1, unavailable: 1, errors: 1 });
    // Each served row is its own archived verification, visible to the key, and billed.
    const ids = res.body.rows.filter((r: any) => r.result.request_id).map((r: any) => r.result.request_id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) {
      const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${id}`, { headers: { 'x-api-key': key } });
      expect(trace.status).toBe(200);
    }
  });

  it('answers 422 catalogue-columns with the headers and what is missing, then verifies with a mapping', async () => {
    const csv = 'Numéro de vente,Peintre du lot,Oeuvre vendue\n1,Rembrandt,Ecce Homo\n';
    const refused = await upload({ file: csv });
    expectColumnsProblem(refused);
    expect(refused.body.type).toBe('https://errors.svc.example/problems/catalogue-columns');
    expect(refused.body.headers).toEqual(['Numéro de vente', 'Peintre du lot', 'Oeuvre vendue']);
    expect(refused.body.missing).toEqual(['lot', 'artist', 'title']);
    const mapped = await upload({ file: csv, mapping: { lot: 'Numéro de vente', artist: 'Peintre du lot', title: 'Oeuvre vendue' } });
    expect(mapped.status, mapped.text).toBe(200);
    expect(mapped.body.rows[0].result.verdict).toBe('contradicted');
    const wrong = await upload({ file: csv, mapping: { lot: 'Numéro de vente', artist: 'Artist', title: 'Oeuvre vendue' } });
    expectColumnsProblem(wrong);
    expect(wrong.body.missing).toEqual(['artist']);
    expect(wrong.body.detail).toContain('artist → "Artist"');
  });

  it('refuses a bad mapping or format with a 400 naming the field, and another body type with a 415', async () => {
    expectProblem(await upload({ file: FRENCH_CSV, mapping: '{not json' }), 400);
    const unknown = await upload({ file: FRENCH_CSV, mapping: { painter: 'Artiste' } });
    expectProblem(unknown, 400);
    const format = await upload({ file: FRENCH_CSV, format: 'pdf' });
    expectProblem(format, 400);
    expect(format.body.errors[0].path).toBe('format');
    const text = await call(h.url, 'POST', '/api/v1/verify/catalogue', { body: FRENCH_CSV, headers: { 'content-type': 'text/csv', 'x-api-key': key } });
    expectProblem(text, 415);
    const noFile = await call(h.url, 'POST', '/api/v1/verify/catalogue', { json: { mapping: {} }, headers: { 'x-api-key': key } });
    expectProblem(noFile, 400);
  });

  it('takes pasted lines as JSON {csv} (the MCP tool\'s form)', async () => {
    const res = await call(h.url, 'POST', '/api/v1/verify/catalogue', { json: { csv: 'Lot,Artist,Title\n1,Rembrandt,Ecce Homo\n' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows.map((r: any) => [r.row, r.lot, r.result.verdict])).toEqual([[2, '1', 'contradicted']]);
  });

  it('reads a Windows-1252 CSV (accents of a French Windows Excel) and a German header', async () => {
    const bytes = Buffer.from('Los\tKünstler\tTitel\n7\tLe Tintoret\tThe Last Supper\n8\tCézanne\tPommes\n', 'latin1');
    const res = await upload({ file: bytes });
    expect(res.status, res.text).toBe(200);
    expect(res.body.columns).toMatchObject({ lot: 'Los', artist: 'Künstler', title: 'Titel' });
    expect(res.body.rows[1].input.subject_artist).toBe('Cézanne');
  });

  it('refuses, in the sandbox, a catalogue over its row limit, saying so', async () => {
    const csv = `Lot,Artist,Title\n${Array.from({ length: 101 }, (_, i) => `${i},Rembrandt,Ecce Homo`).join('\n')}`;
    const res = await upload({ file: csv, apiKey: null });
    expectProblem(res, 413);
    expect(res.body.detail).toContain('sandbox');
    expect(res.body.detail).toContain('100 rows');
  });

  it('refuses a catalogue of more than 10,000 rows with a 413 naming the rows limit', async () => {
    const csv = `Lot,Artist,Title\n${Array.from({ length: 10_001 }, (_, i) => `${i},Rembrandt,Ecce Homo`).join('\n')}`;
    const res = await upload({ file: csv });
    expectProblem(res, 413);
    expect(res.body.detail).toContain('rows limit');
  });
});

describe('POST /api/v1/verify/catalogue: the annotated file', () => {
  it('answers the annotated CSV (format or Accept), every cell safe from formula injection', async () => {
    const csv =
      'Lot,Artist,Title,Notes\n' +
      '1,Rembrandt,Ecce Homo,"=HYPERLINK(""http://evil.example"",""click"")"\n' +
      '2,+Le Tintoret,The Last Supper,-2+3\n' +
      '3,@SUM(1+1),"\tTab title",ok\n';
    const res = await upload({ file: csv, accept: 'text/csv' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="catalogue.annotated.csv"');
    expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parse(res.text.slice(1), { relax_column_count: true });
    expect(rows[0]).toEqual(['Lot', 'Artist', 'Title', 'Notes', 'verdict', 'matched_artist', 'qualifier', 'requalification_fr', 'requalification_en', 'citations', 'near_matches', 'reason', 'request_id']);
    expect(rows[1]!.slice(0, 5)).toEqual(['1', 'Rembrandt', 'Ecce Homo', '\'=HYPERLINK("http://evil.example","click")', 'contradicted']);
    expect(rows[1]![7]).toBe('école de Rembrandt van Rijn');
    expect(rows[1]![12]).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[2]!.slice(0, 4)).toEqual(['2', '\'+Le Tintoret', 'The Last Supper', '\'-2+3']);
    expect(rows[3]!.slice(0, 2)).toEqual(['3', '\'@SUM(1+1)']);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('answers NDJSON as rows are verified: columns, one line per row, the summary', async () => {
    const res = await upload({ file: FRENCH_CSV, accept: 'application/x-ndjson' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = res.text.trim().split('\n').map((l) => JSON.parse(l));
    for (const line of lines) expect(schemas.errors('CatalogueNdjsonLine', line)).toEqual([]);
    expect(lines.map((l) => l.type)).toEqual(['columns', 'row', 'row', 'row', 'row', 'summary']);
    expect(lines[0]).toMatchObject({ total: 4, columns: { lot: 'N°' } });
    expect(lines[1]).toMatchObject({ row: 2, lot: '12', result: { verdict: 'contradicted' } });
    expect(lines[5]).toEqual({ type: 'summary', rows: 4, attested: 1, contradicted: 1, unavailable: 1, errors: 1 });
  });

  it('reads a real 10,000-row XLSX (formula cells as their cached value) and answers the annotated XLSX', async () => {
    const titles = ['Ecce Homo', 'The Last Supper', 'Portrait of a Lady'];
    const artists = ['Rembrandt', 'Le Tintoret', 'École française vers 1800'];
    const rows: unknown[][] = [['Lot', 'Artist', 'Title', 'Estimate']];
    for (let i = 0; i < 10_000; i++) rows.push([i + 1, artists[i % 3], titles[i % 3], i === 0 ? { formula: '1000*2', result: 2000 } : 1500]);
    const file = await xlsxOf(rows as never);
    const res = await upload({ file, filename: 'Vente 12 mars.xlsx', format: 'xlsx' });
    expect(res.status, res.text.slice(0, 500)).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Vente_12_mars.annotated.xlsx"');
    const back = await rowsOfXlsx(res.bytes);
    expect(back).toHaveLength(10_001);
    expect(back[0]).toEqual(['Lot', 'Artist', 'Title', 'Estimate', 'verdict', 'matched_artist', 'qualifier', 'requalification_fr', 'requalification_en', 'citations', 'near_matches', 'reason', 'request_id']);
    expect(back[1]!.slice(0, 5)).toEqual(['1', 'Rembrandt', 'Ecce Homo', '2000', 'contradicted']);
    expect(back[2]![4]).toBe('attested');
    expect(back[3]![4]).toBe('unavailable');
    expect(back[3]![11]).toBe('no_artist_named');
    expect(back[10_000]![0]).toBe('10000');
    expect(new Set(back.slice(1).map((r) => r[12])).size).toBe(10_000);
  }, 300_000);

  it('refuses XLSX zip bombs with a 413 naming the inflated size limit, whether their sizes are declared or lie', async () => {
    for (const lying of [false, true]) {
      const res = await upload({ file: xlsxBomb(100 * 1024 * 1024, lying), filename: 'bomb.xlsx' });
      expectProblem(res, 413);
      expect(res.body.detail).toContain('inflated size limit');
    }
  });

  it('refuses a file that is neither CSV text nor an XLSX with a 400', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expectProblem(await upload({ file: png, filename: 'x.png' }), 400);
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]);
    expectProblem(await upload({ file: brokenZip, filename: 'x.xlsx' }), 400);
  });
});

describe('README: the catalogue example', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const example = readFileSync(new URL('../../docs/examples/catalogue.csv', import.meta.url));

  it('answers docs/examples/catalogue.csv as the README says', async () => {
    expect(readme).toContain('-F file=@docs/examples/catalogue.csv');
    const res = await upload({ file: example, filename: 'catalogue.csv' });
    expect(res.status, res.text).toBe(200);
    const stated = JSON.parse(/# JSON: \{"columns":(\{[^}]*\})/.exec(readme)![1]!);
    expect(res.body.columns).toEqual(stated);
    expect(res.body.rows[0]).toMatchObject({ row: 2, lot: '12', result: { verdict: 'attested' } });
    expect(res.body.summary).toMatchObject({ rows: 4, errors: 0 });
    const pasted = /-d '(\{"csv":[^']*\})'/.exec(readme)![1]!;
    const json = await call(h.url, 'POST', '/api/v1/verify/catalogue', { body: pasted, headers: { 'content-type': 'application/json' } });
    expect(json.status, json.text).toBe(200);
    expect(json.body.rows[0].result.verdict).toBe('contradicted');
  });
});
