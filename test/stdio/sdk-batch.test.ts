import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { REPO_ROOT, serverCommand, serverEnv, verdictOf } from './stdio-harness.js';

/**
 * `verify_art_records_batch` through the official MCP SDK client (which validates each
 * structured result against the advertised outputSchema), in embedded and remote mode, against
 * `POST /api/v1/verify/batch` of the real HTTP server on the bundled corpus.
 */
let api: Harness;
let key: string;
let subjects: unknown[];
const opened: Client[] = [];

async function connect(env: Record<string, string> = {}): Promise<Client> {
  const { command, args } = serverCommand();
  const client = new Client({ name: 'sdk-batch-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, cwd: REPO_ROOT, env: serverEnv(env), stderr: 'pipe' }));
  opened.push(client);
  return client;
}

beforeAll(async () => {
  const snapshot = await loadCorpusSnapshot();
  const names = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
  // Every 2,003rd work, its artist line and title in catalogue forms; plus bad subjects.
  subjects = snapshot.works
    .filter((_, i) => i % 2003 === 0)
    .map((w, i) => {
      const artist = names.get(w.attributions[0]?.artist_id ?? '')!;
      const inverted = artist.name.includes(' ') ? `${artist.name.split(' ').at(-1)!.toUpperCase()}, ${artist.name.split(' ').slice(0, -1).join(' ')}` : artist.name;
      return { subject_artist: `${inverted} (${artist.birth_year ?? ''}-${artist.death_year})`, subject_title: `${i + 1}. ${w.title}`, lot: String(i + 1) };
    });
  subjects.push({ subject_artist: 'Hoppner, John\u0000', subject_title: 'Portrait of Mrs Jordan', lot: 'nul' }, { subject_title: 'no artist' }, 42);
  api = await startHarness();
  key = (await api.deps.keys.create('stdio batch test', 100_000)).key;
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await api?.stop();
});

const outcomes = (batch: any) =>
  batch.results.map((r: any) => ({ index: r.index, lot: r.lot, error: r.error, result: r.result === null ? null : verdictOf(r.result) }));

async function httpBatch() {
  const res = await call(api.url, 'POST', '/api/v1/verify/batch', { json: { subjects }, headers: { 'x-api-key': key } });
  expect(res.status).toBe(200);
  return res.body;
}

describe('verify_art_records_batch (official SDK client)', () => {
  it('embedded: one result per subject in order, errors in place, the same as the HTTP batch', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'verify_art_records_batch');
    expect(tool?.outputSchema).toBeDefined();
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
    const result = await client.callTool({ name: 'verify_art_records_batch', arguments: { subjects } });
    expect(result.isError).toBeFalsy();
    const batch = result.structuredContent as any;
    expect(batch.subjects).toBe(subjects.length);
    expect(batch.errors).toBe(3);
    expect(new Set(batch.results.map((r: any) => r.result?.verdict).filter(Boolean)).size).toBeGreaterThan(1);
    expect(outcomes(batch)).toEqual(outcomes(await httpBatch()));
    expect((result.content as any)[0].text).toMatch(/^Batch: \d+ subjects/);
    // The same input rule as HTTP's, in the process: NUL refused, never answered.
    const nul = await client.callTool({ name: 'verify_art_records', arguments: { subject_artist: 'Hoppner, John\u0000', subject_title: 'Portrait of Mrs Jordan' } });
    expect(nul.isError).toBe(true);
    expect((nul.content as any)[0].text).toBe('Invalid arguments for verify_art_records. subject_artist: must not contain the NUL character (U+0000).');
  }, 120_000);

  it('remote: through POST /api/v1/verify/batch with the key, each served subject a trace of the API', async () => {
    const client = await connect({ SVC_API_URL: api.url, SVC_VERIFY_KEY: key });
    const result = await client.callTool({ name: 'verify_art_records_batch', arguments: { subjects } });
    expect(result.isError).toBeFalsy();
    const batch = result.structuredContent as any;
    expect(outcomes(batch)).toEqual(outcomes(await httpBatch()));
    const trace = await call(api.url, 'GET', `/api/v1/verify/requests/${batch.results[0].result.request_id}`, { headers: { 'x-api-key': key } });
    expect(trace.status).toBe(200);
  }, 120_000);

  it('a malformed batch is an isError result naming what is wrong, in both modes', async () => {
    for (const client of [await connect(), await connect({ SVC_API_URL: api.url, SVC_VERIFY_KEY: key })]) {
      for (const args of [{}, { subjects: [] }, { subjects: 'Turner' }, { subjects: Array.from({ length: 1001 }, () => ({ subject_artist: 'a', subject_title: 'b' })) }]) {
        const result = await client.callTool({ name: 'verify_art_records_batch', arguments: args });
        expect(result.isError).toBe(true);
        expect((result.content as any)[0].text).toMatch(/^Invalid arguments for verify_art_records_batch\. subjects/);
      }
    }
  }, 120_000);
});
