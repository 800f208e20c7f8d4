import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { PACKAGE_VERSION } from '../support/package-version.js';
import { REPO_ROOT, serverCommand, serverEnv, verdictOf } from './stdio-harness.js';

/**
 * The official MCP TypeScript SDK client (its Client and StdioClientTransport) against the real
 * server process, in embedded mode and in remote mode against the real HTTP server, both on the
 * bundled corpus. The SDK validates every structured result against the advertised outputSchema.
 */

let api: Harness;
let key: string;
let subjects: Array<{ subject_artist: string; subject_title: string }>;
const opened: Client[] = [];

async function connect(env: Record<string, string> = {}): Promise<Client> {
  const { command, args } = serverCommand();
  const transport = new StdioClientTransport({ command, args, cwd: REPO_ROOT, env: serverEnv(env), stderr: 'pipe' });
  const client = new Client({ name: 'sdk-conformance-test', version: '1.0.0' });
  await client.connect(transport);
  opened.push(client);
  return client;
}

/** Real titles under their artist's name, altered titles and uncovered artists: every verdict path. */
function pickSubjects(snapshot: CorpusSnapshot, count: number) {
  const names = new Map(snapshot.artists.map((a) => [a.artist_id, a.name]));
  const out: Array<{ subject_artist: string; subject_title: string }> = [];
  const step = Math.max(1, Math.floor(snapshot.works.length / count));
  for (let i = 0; out.length < count && i < snapshot.works.length; i += step) {
    const work = snapshot.works[i];
    const artist = names.get(work.attributions[0]?.artist_id ?? '');
    if (!artist) continue;
    const kind = out.length % 5;
    if (kind < 3) out.push({ subject_artist: artist, subject_title: work.title });
    else if (kind === 3) out.push({ subject_artist: artist, subject_title: `${work.title} (study)` });
    else out.push({ subject_artist: `Unknown Painter ${i}`, subject_title: work.title });
  }
  return out;
}

beforeAll(async () => {
  const snapshot = await loadCorpusSnapshot();
  subjects = pickSubjects(snapshot, 25);
  api = await startHarness();
  key = (await api.deps.keys.create('stdio sdk test', 100_000)).key;
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await api?.stop();
});

async function httpVerdicts() {
  const out = [];
  for (const s of subjects) {
    const res = await call(api.url, 'POST', '/api/v1/verify', { json: s, headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    out.push(verdictOf(res.body));
  }
  return out;
}

async function toolVerdicts(client: Client) {
  const out = [];
  for (const s of subjects) {
    const result = await client.callTool({ name: 'verify_art_records', arguments: s });
    expect(result.isError).toBeFalsy();
    out.push(verdictOf(result.structuredContent));
  }
  return out;
}

describe('official SDK client, embedded mode (bundled corpus, in-process)', () => {
  it('connects, lists both tools and answers the same verdicts as the HTTP API', async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: 'svc-verify', version: PACKAGE_VERSION });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/verify_coverage/);
    await client.ping();

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['verify_art_records', 'verify_coverage', 'verify_art_records_batch', 'verify_catalogue']);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false, destructiveHint: false });
      expect(tool.outputSchema).toBeDefined();
    }

    const verdicts = await toolVerdicts(client);
    expect(new Set(verdicts.map((v) => v.verdict)).size).toBeGreaterThan(1);
    expect(verdicts).toEqual(await httpVerdicts());

    // The default answer is small (counts and how to ask); a question gets the same page as HTTP.
    const counts = await client.callTool({ name: 'verify_coverage', arguments: {} });
    expect(JSON.stringify(counts.structuredContent).length).toBeLessThan(2000);
    expect((counts.structuredContent as any).artists).toEqual([]);
    // Name forms resolve as in verify: an exonym and a surname alone (issue 23).
    for (const args of [{ artist: 'Rembrandt van Rijn' }, { artist: 'Le Titien' }, { artist: 'Van Dyck' }, { prefix: 'turn', limit: 5 }]) {
      const coverage = await client.callTool({ name: 'verify_coverage', arguments: args });
      const http = await call(api.url, 'GET', `/api/v1/verify/coverage?${new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]))}`, { headers: { 'x-api-key': key } });
      const { generated_at: _a, next_cursor: _c, ...fromTool } = coverage.structuredContent as Record<string, unknown>;
      const { generated_at: _b, next_cursor: _d, ...fromHttp } = http.body;
      expect((fromTool.artists as unknown[]).length).toBeGreaterThan(0);
      expect(fromTool).toEqual(fromHttp);
    }
  }, 120_000);

  it('returns invalid arguments as an isError result the model can read', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'verify_art_records', arguments: { subject_artist: 'Rembrandt' } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/subject_title is required/) }]);
  }, 60_000);
});

describe('official SDK client, remote mode (SVC_API_URL → the real HTTP server)', () => {
  it('answers the same verdicts as the HTTP API, through it, with the key', async () => {
    const client = await connect({ SVC_API_URL: api.url, SVC_VERIFY_KEY: key });
    expect(await toolVerdicts(client)).toEqual(await httpVerdicts());
    const coverage = await client.callTool({ name: 'verify_coverage', arguments: {} });
    expect((coverage.structuredContent as any).counts.artists).toBeGreaterThan(100);
    // Through the API: a page and its next page, with the API's own cursor.
    const first = (await client.callTool({ name: 'verify_coverage', arguments: { prefix: 'j', limit: 3 } })).structuredContent as any;
    expect(first.artists).toHaveLength(3);
    const second = (await client.callTool({ name: 'verify_coverage', arguments: { prefix: 'j', limit: 3, cursor: first.next_cursor } })).structuredContent as any;
    expect(second.artists.map((a: any) => a.artist_id)).not.toContain(first.artists[0].artist_id);
    expect(second.artists_matched).toBe(first.artists_matched);
  }, 120_000);

  it('archives what it serves: the request_id of a remote verification is a trace of the API', async () => {
    const client = await connect({ SVC_API_URL: api.url, SVC_VERIFY_KEY: key });
    const result = await client.callTool({ name: 'verify_art_records', arguments: subjects[0] });
    const requestId = (result.structuredContent as any).request_id;
    const trace = await call(api.url, 'GET', `/api/v1/verify/requests/${requestId}`, { headers: { 'x-api-key': key } });
    expect(trace.status).toBe(200);
    expect(trace.body.tier).toBe('production');
  }, 60_000);

  it('a refused key (401) is an isError result with a safe message', async () => {
    const client = await connect({ SVC_API_URL: api.url, SVC_VERIFY_KEY: 'svk_not_a_real_key' });
    for (const [name, args] of [
      ['verify_art_records', subjects[0]],
      ['verify_coverage', {}],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      const text = (result.content as any)[0].text as string;
      expect(text).toMatch(/The API key was refused \(HTTP 401\)/);
      expect(text).not.toMatch(/svk_not_a_real_key|problem|request_id|at .*\.(ts|js):\d+/);
    }
  }, 60_000);

  it('an API that is down (closed port) is an isError result with a safe message, and the server keeps serving', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const client = await connect({ SVC_API_URL: `http://127.0.0.1:${port}`, SVC_VERIFY_KEY: key });
    const result = await client.callTool({ name: 'verify_art_records', arguments: subjects[0] });
    expect(result.isError).toBe(true);
    const text = (result.content as any)[0].text as string;
    expect(text).toBe(`The attestation API at http://127.0.0.1:${port} could not be reached. Check SVC_API_URL and that the API is running.`);
    expect(text).not.toMatch(/ECONNREFUSED|fetch failed|undici|TypeError/);
    expect(text).not.toContain(key);
    await client.ping();
  }, 60_000);
});
