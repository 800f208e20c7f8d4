import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { PACKAGE_VERSION } from '../support/package-version.js';
import { openApiValidator } from '../support/openapi-validator.js';

/**
 * `/mcp`, the remote MCP server (ADR 0045), with the official SDK's Streamable HTTP client and
 * with raw requests for what a client library would never send.
 */

let h: Harness;
let key: string;
const opened: Client[] = [];
const schemas = openApiValidator();
const ALLOWED = 'https://assistant.example.com';
const SANDBOX_PER_MINUTE = 40;

beforeAll(async () => {
  h = await startHarness({ snapshot: httpCorpus, env: { MCP_ALLOWED_ORIGINS: ALLOWED, RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: String(SANDBOX_PER_MINUTE) } });
  key = (await h.container.get<ApiKeys>(ATTESTATION.ApiKeys).create('mcp partner', 10_000)).key;
});
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await h.stop();
});

async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), { requestInit: { headers } });
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  await client.connect(transport);
  opened.push(client);
  return client;
}

const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const post = (json: unknown, headers: Record<string, string> = {}) => call(h.url, 'POST', '/mcp', { json, headers: { ...MCP_HEADERS, 'x-api-key': key, ...headers } });
const rpc = (method: string, params?: Record<string, unknown>, id: number | string = 1) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });

const TEMERAIRE = { subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' };
const HOPPNER = { subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' };
/** What does not change between two answers to the same subject. */
const verdictOf = (r: any) => ({ verdict: r.verdict, attestations: r.attestations, reason: r.reason, near_matches: r.near_matches, suggested_requalification: r.suggested_requalification });

describe('the official SDK client over Streamable HTTP', () => {
  it('initializes, pings and lists the four tools, as svc-verify does on stdio', async () => {
    const client = await connect({ authorization: `Bearer ${key}` });
    expect(client.getServerVersion()).toMatchObject({ name: 'svc-verify', version: PACKAGE_VERSION });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/verify_coverage/);
    expect(await client.ping()).toEqual({});
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['verify_art_records', 'verify_coverage', 'verify_art_records_batch', 'verify_catalogue']);
    for (const tool of tools) expect(tool.outputSchema).toBeDefined();
  });

  it('verifies a catalogue given as CSV text, each row archived as the API archives it; a catalogue without its columns is a tool error', async () => {
    const client = await connect({ authorization: `Bearer ${key}` });
    const csv = `Lot;Artiste;Titre\n1;${TEMERAIRE.subject_artist};${TEMERAIRE.subject_title}\n2;Banksy;Girl with Balloon\n`;
    const result = await client.callTool({ name: 'verify_catalogue', arguments: { csv } });
    expect(result.isError).toBeFalsy();
    const sheet = result.structuredContent as { rows: { lot: string; result: { verdict: string; request_id: string } }[]; summary: { rows: number } };
    expect(sheet.summary.rows).toBe(2);
    expect(sheet.rows.map((r) => r.lot)).toEqual(['1', '2']);
    const archived = await call(h.url, 'GET', `/api/v1/verify/requests/${sheet.rows[0]!.result.request_id}`, { headers: { 'X-API-Key': key } });
    expect(archived.status).toBe(200);
    const refused = await client.callTool({ name: 'verify_catalogue', arguments: { csv: 'a;b\n1;2\n' } });
    expect(refused.isError).toBe(true);
  });

  it('calls each tool with the same answers as the HTTP API, the key as Authorization: Bearer', async () => {
    const client = await connect({ authorization: `Bearer ${key}` });
    for (const subject of [TEMERAIRE, HOPPNER, { subject_artist: 'Banksy', subject_title: 'Girl with Balloon' }]) {
      const result = await client.callTool({ name: 'verify_art_records', arguments: subject });
      expect(result.isError).toBeFalsy();
      const http = await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers: { 'x-api-key': key } });
      expect(verdictOf(result.structuredContent)).toEqual(verdictOf(http.body));
      expect(schemas.errors('VerificationResponse', result.structuredContent)).toEqual([]);
    }
    const counts = await client.callTool({ name: 'verify_coverage', arguments: {} });
    expect((counts.structuredContent as any).counts.artists).toBe(2);
    const page = await client.callTool({ name: 'verify_coverage', arguments: { artist: 'Turner' } });
    const http = await call(h.url, 'GET', '/api/v1/verify/coverage?artist=Turner', { headers: { 'x-api-key': key } });
    const { generated_at: _a, ...fromTool } = page.structuredContent as Record<string, unknown>;
    const { generated_at: _b, ...fromHttp } = http.body;
    expect(fromTool).toEqual(fromHttp);

    const batch = await client.callTool({ name: 'verify_art_records_batch', arguments: { subjects: [TEMERAIRE, { subject_artist: 'Turner' }, { ...HOPPNER, lot: '12' }] } });
    const b = batch.structuredContent as any;
    expect(b).toMatchObject({ subjects: 3, served: 2, errors: 1 });
    expect(b.results[0].result.verdict).toBe('attested');
    expect(b.results[1].error.code).toBe('invalid_subject');
    expect(b.results[2]).toMatchObject({ lot: '12', result: { verdict: 'contradicted' } });
  });

  it('archives and meters each verification against the key: its request_id is a trace of the API', async () => {
    const client = await connect({ 'x-api-key': key });
    const result = await client.callTool({ name: 'verify_art_records', arguments: TEMERAIRE });
    const requestId = (result.structuredContent as any).request_id;
    const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${requestId}`, { headers: { 'x-api-key': key } });
    expect(trace.status).toBe(200);
    expect(trace.body).toMatchObject({ request_id: requestId, tier: 'production', request: TEMERAIRE });
    const billed = await call(h.url, 'GET', '/api/v1/verify/requests', { headers: { 'x-api-key': key } });
    expect(billed.body.data.map((r: any) => r.request_id)).toContain(requestId);
  });

  it('answers bad arguments with an isError result and an unknown tool with JSON-RPC -32602', async () => {
    const client = await connect({ authorization: `Bearer ${key}` });
    const bad = await client.callTool({ name: 'verify_art_records', arguments: { subject_artist: 'Rembrandt' } });
    expect(bad.isError).toBe(true);
    expect(bad.content).toEqual([{ type: 'text', text: expect.stringMatching(/subject_title is required/) }]);
    const nul = await client.callTool({ name: 'verify_art_records', arguments: { subject_artist: 'Turner', subject_title: 'a\u0000b' } });
    expect(nul.isError).toBe(true);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  it('serves the sandbox without a key, each POST one unit of its budget, a sandbox batch one per subject', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'verify_art_records', arguments: TEMERAIRE });
    const requestId = (result.structuredContent as any).request_id;
    const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${requestId}`);
    expect(trace.body.tier).toBe('sandbox');

    const ping = await call(h.url, 'POST', '/mcp', { json: rpc('ping'), headers: MCP_HEADERS });
    expect(ping.status).toBe(200);
    const remaining = Number(ping.headers.get('x-ratelimit-remaining'));
    expect(ping.headers.get('ratelimit-policy')).toMatch(/"verify-sandbox"/);
    // A batch of more subjects than the budget has left: the ones past it are rate_limited entries.
    const subjects = Array.from({ length: remaining + 2 }, () => TEMERAIRE);
    const batch = await call(h.url, 'POST', '/mcp', { json: rpc('tools/call', { name: 'verify_art_records_batch', arguments: { subjects } }), headers: { ...MCP_HEADERS, 'mcp-protocol-version': '2025-11-25' } });
    expect(batch.status, batch.text).toBe(200);
    const entries = batch.body.result.structuredContent.results;
    expect(entries.filter((e: any) => e.result !== null)).toHaveLength(remaining);
    expect(entries.slice(remaining).map((e: any) => e.error.code)).toEqual(['rate_limited', 'rate_limited']);
    const refused = await call(h.url, 'POST', '/mcp', { json: rpc('ping'), headers: MCP_HEADERS });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // A key has its own budget.
    expect((await post(rpc('ping'))).status).toBe(200);
  });
});

describe('authentication: the API key as the API takes it, or as a bearer token', () => {
  it('refuses an unknown key with a 401 and a challenge naming both ways', async () => {
    const refused: Record<string, string>[] = [{ authorization: 'Bearer sk_not_a_key' }, { 'x-api-key': 'sk_not_a_key' }, { authorization: 'Basic dXNlcjpwYXNz' }];
    for (const headers of refused) {
      const res = await call(h.url, 'POST', '/mcp', { json: rpc('ping'), headers: { ...MCP_HEADERS, ...headers } });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="mcp", ApiKey realm="verify"/);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
    const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), { requestInit: { headers: { authorization: 'Bearer sk_revoked' } } }))).rejects.toThrow();
  });

  it('refuses two different keys in one request (401: neither is taken), accepts the same key twice', async () => {
    const twice = await post(rpc('ping'), { authorization: `Bearer ${key}` });
    expect(twice.status).toBe(200);
    const differ = await post(rpc('ping'), { authorization: 'Bearer sk_other' });
    expect(differ.status).toBe(401);
    expect(differ.headers.get('www-authenticate')).toMatch(/error="invalid_key"/);
  });
});

describe('Origin validation against DNS rebinding', () => {
  it('refuses a foreign Origin with a 403 before anything runs, whatever the key', async () => {
    for (const origin of ['http://evil.example.com', 'null', 'http://localhost.evil.example.com', 'https://assistant.example.com:8443']) {
      const res = await post(rpc('tools/call', { name: 'verify_art_records', arguments: TEMERAIRE }), { origin });
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/not allowed to call \/mcp/);
    }
  });

  it('accepts loopback origins, the configured ones and requests without Origin', async () => {
    const port = new URL(h.url).port;
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, 'http://[::1]:3000', ALLOWED, undefined]) {
      const res = await post(rpc('ping'), origin ? { origin } : {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    }
  });
});

describe('the Streamable HTTP transport, stateless', () => {
  it('answers GET and DELETE with 405 and Allow: no server stream, no session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await call(h.url, method, '/mcp', { headers: { accept: 'text/event-stream', 'x-api-key': key } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toMatch(/POST/);
    }
  });

  it('issues no session id and serves a request after initialize from its MCP-Protocol-Version header', async () => {
    const init = await post(rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }));
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(init.body.result.protocolVersion).toBe('2025-06-18');
    // 2025-06-18 has titles and outputSchema; 2024-11-05 has neither.
    const modern = await post(rpc('tools/list'), { 'mcp-protocol-version': '2025-06-18' });
    expect(modern.body.result.tools[0]).toHaveProperty('outputSchema');
    const old = await post(rpc('tools/list'), { 'mcp-protocol-version': '2024-11-05' });
    expect(old.body.result.tools[0]).not.toHaveProperty('outputSchema');
    // Initialize again: each POST stands alone, nothing is "already initialized".
    expect((await post(rpc('initialize', { protocolVersion: '2025-11-25' }))).body.result.protocolVersion).toBe('2025-11-25');
  });

  it('refuses an unsupported MCP-Protocol-Version with a 400 JSON-RPC error', async () => {
    for (const version of ['1900-01-01', 'not-a-version']) {
      const res = await post(rpc('tools/list'), { 'mcp-protocol-version': version });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { supported: expect.arrayContaining(['2025-11-25']) } } });
    }
  });

  it('serves 2026-07-28 requests that name their version in _meta', async () => {
    const res = await post(rpc('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }), { 'mcp-protocol-version': '2026-07-28' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ resultType: 'complete', ttlMs: expect.any(Number) });
  });

  it('answers notifications with 202 and no body, batches only in 2025-03-26', async () => {
    const note = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(note.status).toBe(202);
    expect(note.text).toBe('');
    const batch = await post([rpc('ping', undefined, 1), rpc('tools/list', undefined, 2), { jsonrpc: '2.0', method: 'notifications/initialized' }], { 'mcp-protocol-version': '2025-03-26' });
    expect(batch.status).toBe(200);
    expect(batch.body.map((r: any) => r.id)).toEqual([1, 2]);
    const refused = await post([rpc('ping')], { 'mcp-protocol-version': '2025-11-25' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: -32600, message: expect.stringMatching(/batches are not supported/) });
  });

  it('answers malformed input with a JSON-RPC error or a problem document, never a 500', async () => {
    const parse = await call(h.url, 'POST', '/mcp', { body: '{"jsonrpc": "2.0", "id": 1,', headers: { ...MCP_HEADERS, 'x-api-key': key } });
    expect(parse.status).toBe(400);
    expect(parse.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/Parse error/) } });
    const deep = await call(h.url, 'POST', '/mcp', { body: `${'['.repeat(100)}${']'.repeat(100)}`, headers: { ...MCP_HEADERS, 'x-api-key': key } });
    expect(deep.body.error.code).toBe(-32700);
    for (const json of ['a string', 42, null]) {
      const res = await post(json);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    }
    for (const json of [{}, { jsonrpc: '2.0', id: 1.5, method: 'ping' }, []]) {
      const res = await post(json);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    }
    // An invalid request whose id can be read is answered in JSON-RPC, to that id.
    const wrongVersion = await post({ jsonrpc: '1.0', id: 7, method: 'ping' });
    expect(wrongVersion.status).toBe(200);
    expect(wrongVersion.body).toMatchObject({ id: 7, error: { code: -32600 } });
    const unknownMethod = await post(rpc('resources/list'));
    expect(unknownMethod.body.error.code).toBe(-32601);
    const empty = await call(h.url, 'POST', '/mcp', { headers: { ...MCP_HEADERS, 'x-api-key': key } });
    expect(empty.status).toBe(400);
    const text = await call(h.url, 'POST', '/mcp', { body: 'ping', headers: { ...MCP_HEADERS, 'content-type': 'text/plain', 'x-api-key': key } });
    expect(text.status).toBe(415);
    const large = await post({ ...rpc('tools/call', { name: 'verify_art_records', arguments: { subject_artist: 'x'.repeat(1_100_000), subject_title: 't' } }) });
    expect(large.status).toBe(413);
    const html = await post(rpc('ping'), { accept: 'text/html' });
    expect(html.status).toBe(406);
    expect(html.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  it('answers any JSON value with 200, 202 or 400 and a JSON body (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: fc.constantFrom('ping', 'tools/list', 'tools/call', 'initialize', 'x'), params: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: ['jsonrpc', 'method'] }),
        ),
        async (json) => {
          const res = await post(json, { 'mcp-protocol-version': '2025-03-26' });
          expect([200, 202, 400]).toContain(res.status);
          if (res.status !== 202) expect(res.body).toMatchObject({});
        },
      ),
      { numRuns: 60 },
    );
  });
});
