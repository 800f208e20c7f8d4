import { describe, expect, it } from 'vitest';
import { PACKAGE_VERSION } from '../support/package-version.js';
import { LEGACY, MODERN, modernMeta, schemaErrors, startInMemory } from './stdio-harness.js';

const ALL_VERSIONS = [MODERN, ...[...LEGACY].reverse()];
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';
const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

describe('initialize: the handshake of each legacy revision', () => {
  it.each(LEGACY)('%s: negotiates that version and serves ping, tools/list and tools/call', async (version) => {
    const { client } = await startInMemory();
    const init = await client.initialize(version);
    expect(init.error).toBeUndefined();
    expect(init.result.protocolVersion).toBe(version);
    expect(init.result.capabilities).toEqual({ tools: { listChanged: false } });
    expect(init.result.serverInfo.name).toBe('svc-verify');
    expect(init.result.serverInfo.version).toBe(PACKAGE_VERSION);
    expect('title' in init.result.serverInfo).toBe(version >= '2025-06-18');
    expect(init.result.instructions).toMatch(/verify_coverage/);
    expect(init.result.resultType).toBeUndefined();

    expect((await client.request('ping')).result).toEqual({});
    const list = await client.request('tools/list');
    expect(list.result.tools.map((t: any) => t.name)).toEqual(['verify_art_records', 'verify_coverage', 'verify_art_records_batch', 'verify_catalogue']);
    expect(list.result.ttlMs).toBeUndefined();

    const call = await client.callTool('verify_art_records', { subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' });
    expect(call.result.isError).toBeUndefined();
    expect(call.result.content).toHaveLength(1);
    expect(call.result.content[0].type).toBe('text');
    expect(call.result.content[0].text).toMatch(/^Verdict: attested/);
    expect('structuredContent' in call.result).toBe(version >= '2025-06-18');
  });

  it('falls back to the latest handshake version for an unknown, a too-old or the stateless version', async () => {
    for (const asked of ['2099-01-01', '2024-10-07', MODERN, 'not a version']) {
      const { client } = await startInMemory();
      const init = await client.initialize(asked);
      expect(init.result.protocolVersion).toBe('2025-11-25');
    }
  });

  it('refuses initialize without a protocolVersion (-32602) and a second initialize (-32600)', async () => {
    const { client } = await startInMemory();
    const bad = await client.request('initialize', { capabilities: {}, clientInfo: { name: 'x', version: '1' } });
    expect(bad.error.code).toBe(-32602);
    const badCaps = await client.request('initialize', { protocolVersion: '2025-06-18', capabilities: 'all' });
    expect(badCaps.error.code).toBe(-32602);
    await client.initialize('2025-06-18');
    const again = await client.request('initialize', { protocolVersion: '2025-06-18', capabilities: {} });
    expect(again.error.code).toBe(-32600);
    expect(again.error.message).toMatch(/already initialized/);
  });

  it('before initialize: answers ping, refuses other requests with -32600 naming the versions, ignores notifications', async () => {
    const { client } = await startInMemory();
    client.notify('notifications/initialized');
    client.notify('notifications/whatever', { x: 1 });
    expect((await client.request('ping')).result).toEqual({});
    for (const method of ['tools/list', 'tools/call']) {
      const res = await client.request(method, method === 'tools/call' ? { name: 'verify_coverage' } : undefined);
      expect(res.error.code).toBe(-32600);
      expect(res.error.message).toMatch(/not initialized/);
      expect(res.error.data.supported).toEqual(ALL_VERSIONS);
    }
    // A handshake version named in _meta still needs the handshake.
    const legacyMeta = await client.request('tools/list', { _meta: modernMeta('2025-06-18') });
    expect(legacyMeta.error.code).toBe(-32600);
    // Only responses to requests were written.
    expect(client.received.every((m) => 'id' in m)).toBe(true);
  });
});

describe('tools/list: shapes per protocol version', () => {
  async function toolsFor(version: string) {
    const { client } = await startInMemory();
    if (version === MODERN) return (await client.request('tools/list', { _meta: modernMeta() })).result;
    await client.initialize(version);
    return (await client.request('tools/list')).result;
  }

  it('2024-11-05: name, description and a draft-07 inputSchema only', async () => {
    const { tools } = await toolsFor('2024-11-05');
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'inputSchema', 'name']);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.$schema).toBe(DRAFT_07);
    }
  });

  it('2025-03-26: adds annotations, the display title inside them', async () => {
    const { tools } = await toolsFor('2025-03-26');
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['annotations', 'description', 'inputSchema', 'name']);
      expect(tool.annotations).toEqual({ title: expect.any(String), ...ANNOTATIONS });
    }
  });

  it.each(['2025-06-18', '2025-11-25', MODERN])('%s: title, inputSchema, outputSchema and annotations', async (version) => {
    const { tools } = await toolsFor(version);
    const dialect = version === '2025-06-18' ? DRAFT_07 : DRAFT_2020;
    const [verify, coverage] = tools;
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['annotations', 'description', 'inputSchema', 'name', 'outputSchema', 'title']);
      expect(tool.annotations).toEqual(ANNOTATIONS);
      expect(tool.title.length).toBeGreaterThan(0);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.$schema).toBe(dialect);
      expect(tool.outputSchema.type).toBe('object');
      expect(tool.outputSchema.$schema).toBe(dialect);
      expect(tool.inputSchema.$ref).toBeUndefined();
    }
    expect(verify.inputSchema.required).toEqual(['subject_artist', 'subject_title']);
    expect(Object.keys(verify.inputSchema.properties)).toEqual(['subject_artist', 'subject_title', 'subject_ref', 'subject_medium', 'subject_date']);
    expect(verify.inputSchema.properties.subject_medium).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(verify.inputSchema.properties.subject_artist).toMatchObject({ type: 'string', minLength: 1, maxLength: 300 });
    expect(verify.outputSchema.required).toEqual(expect.arrayContaining(['engine', 'request_id', 'verdict', 'attestations', 'works', 'near_matches', 'disclaimer']));
    expect(coverage.inputSchema).toMatchObject({ type: 'object', properties: {}, additionalProperties: false });
    expect(coverage.outputSchema.required).toEqual(expect.arrayContaining(['engine', 'corpus_revision', 'counts', 'artists']));
    // The input schemas accept and refuse what the tool accepts and refuses.
    expect(schemaErrors(verify.inputSchema, { subject_artist: 'A', subject_title: 'B' })).toEqual([]);
    expect(schemaErrors(verify.inputSchema, { subject_artist: 'A' })).not.toEqual([]);
    expect(schemaErrors(coverage.inputSchema, {})).toEqual([]);
    expect(schemaErrors(coverage.inputSchema, { x: 1 })).not.toEqual([]);
  });

  it('refuses a cursor (this server never hands one out) with -32602', async () => {
    const { client } = await startInMemory();
    await client.initialize('2025-11-25');
    expect((await client.request('tools/list', { cursor: 'abc' })).error.code).toBe(-32602);
  });
});

describe('2026-07-28: stateless requests and server/discover', () => {
  it('server/discover advertises every version, the tools capability and the server, with or without _meta', async () => {
    const { client } = await startInMemory();
    for (const params of [{ _meta: modernMeta() }, undefined]) {
      const res = await client.request('server/discover', params);
      expect(res.result).toMatchObject({
        resultType: 'complete',
        supportedVersions: ALL_VERSIONS,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'svc-verify', version: PACKAGE_VERSION },
        instructions: expect.stringMatching(/verify_art_records/),
        ttlMs: expect.any(Number),
        cacheScope: 'public',
      });
      expect(res.result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('svc-verify');
    }
  });

  it('serves tools/list and tools/call without initialize when _meta names 2026-07-28', async () => {
    const { client } = await startInMemory();
    const list = await client.request('tools/list', { _meta: modernMeta() });
    expect(list.result).toMatchObject({ resultType: 'complete', ttlMs: expect.any(Number), cacheScope: 'public' });
    expect(list.result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'svc-verify' });
    const call = await client.callTool('verify_art_records', { subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' }, modernMeta());
    expect(call.result.resultType).toBe('complete');
    expect(call.result.structuredContent.verdict).toBe('contradicted');
    expect(schemaErrors(list.result.tools[0].outputSchema, call.result.structuredContent)).toEqual([]);
    const ping = await client.request('ping', { _meta: modernMeta() });
    expect(ping.result.resultType).toBe('complete');
  });

  it('accepts a request whose _meta lacks the capabilities and client info (treated as none)', async () => {
    const { client } = await startInMemory();
    const res = await client.request('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } });
    expect(res.result.tools).toHaveLength(4);
  });

  it('refuses an unknown version with -32022 listing the supported ones', async () => {
    const { client } = await startInMemory();
    for (const method of ['tools/list', 'server/discover']) {
      const res = await client.request(method, { _meta: modernMeta('1900-01-01') });
      expect(res.error).toEqual({
        code: -32022,
        message: 'Unsupported protocol version',
        data: { supported: ALL_VERSIONS, requested: '1900-01-01' },
      });
    }
  });

  it('refuses malformed _meta with -32602', async () => {
    const { client } = await startInMemory();
    const cases = [
      { _meta: 'x' },
      { _meta: { 'io.modelcontextprotocol/protocolVersion': 20260728 } },
      { _meta: { ...modernMeta(), 'io.modelcontextprotocol/clientCapabilities': 'all' } },
    ];
    for (const params of cases) expect((await client.request('tools/list', params)).error.code).toBe(-32602);
  });

  it('serves both eras on one connection: legacy shapes without _meta, stateless ones with it', async () => {
    const { client } = await startInMemory();
    await client.initialize('2024-11-05');
    const legacy = await client.callTool('verify_coverage', {});
    expect(legacy.result.resultType).toBeUndefined();
    expect(legacy.result.structuredContent).toBeUndefined();
    const modern = await client.callTool('verify_coverage', {}, modernMeta());
    expect(modern.result.resultType).toBe('complete');
    expect(modern.result.structuredContent.counts.artists).toBe(2);
  });
});
