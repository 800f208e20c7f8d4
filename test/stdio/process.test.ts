import { describe, expect, it } from 'vitest';
import { modernMeta, schemaErrors, type ServerProcess, spawnServer } from './stdio-harness.js';

/**
 * The real process (`svc-verify` on the bundled corpus), driven by raw lines on its stdin:
 * what any MCP host does. stdout must carry JSON-RPC messages and nothing else.
 */

function expectOnlyJsonRpc(p: ServerProcess) {
  expect(p.client.nonJson).toEqual([]);
  for (const m of p.client.received) {
    const messages = Array.isArray(m) ? m : [m];
    for (const msg of messages) {
      expect(msg.jsonrpc).toBe('2.0');
      expect('id' in msg).toBe(true);
      expect('result' in msg !== 'error' in msg).toBe(true);
    }
  }
}

async function endAndExit(p: ServerProcess): Promise<number | null> {
  p.child.stdin.end();
  return p.exited;
}

describe('svc-verify process over stdio', () => {
  it('serves a legacy session: handshake, errors of every kind, a bad and a huge line, tools; exits 0 when stdin closes', async () => {
    const p = spawnServer();
    const { client } = p;

    const init = await client.initialize('2025-11-25');
    expect(init.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'svc-verify' }, capabilities: { tools: {} } });
    expect((await client.request('ping', undefined, 'ping-1')).result).toEqual({});

    // -32700: not JSON, then a line over the 4 MiB bound; both answered, the server keeps serving.
    client.writeLine('{"jsonrpc":"2.0","id":"broken",');
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 'huge', method: 'ping', params: { pad: 'x'.repeat(5 * 1024 * 1024) } });
    client.writeLine(huge);
    const parseErrors = () => client.received.filter((m) => m.error?.code === -32700);
    await client.waitFor(() => parseErrors().length === 2, 20_000);
    expect(parseErrors().map((m) => m.id)).toEqual([null, null]);
    expect(parseErrors()[1].error.message).toMatch(/larger than 4194304 bytes/);
    expect(client.received.some((m) => m.id === 'huge' || m.id === 'broken')).toBe(false);

    // -32600, -32601, -32602
    client.writeLine('{"jsonrpc":"1.0","id":"old","method":"ping"}');
    expect((await client.responseTo('old')).error.code).toBe(-32600);
    expect((await client.request('resources/list', {}, 'nf')).error.code).toBe(-32601);
    expect((await client.request('tools/call', { name: 'no_such_tool', arguments: {} }, 'np')).error.code).toBe(-32602);

    // Both tools, structured results valid against the advertised schemas.
    const tools = (await client.request('tools/list', undefined, 'list')).result.tools;
    const coverage = await client.callTool('verify_coverage', {});
    expect(coverage.result.isError).toBeUndefined();
    expect(coverage.result.structuredContent.counts.artists).toBeGreaterThan(100);
    expect(schemaErrors(tools[1].outputSchema, coverage.result.structuredContent)).toEqual([]);
    const page = await client.callTool('verify_coverage', { prefix: 'r', limit: 50 });
    expect(schemaErrors(tools[1].outputSchema, page.result.structuredContent)).toEqual([]);
    const artist = page.result.structuredContent.artists.find((a: any) => a.works > 0);
    const verify = await client.callTool('verify_art_records', { subject_artist: artist.name, subject_title: 'A title nobody painted' });
    expect(verify.result.structuredContent.verdict).toBe('unavailable');
    expect(schemaErrors(tools[0].outputSchema, verify.result.structuredContent)).toEqual([]);
    const invalid = await client.callTool('verify_art_records', { subject_artist: artist.name });
    expect(invalid.result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/subject_title is required/) }] });

    expect(await endAndExit(p)).toBe(0);
    expectOnlyJsonRpc(p);
  }, 60_000);

  it('serves a stateless 2026-07-28 client: server/discover, then calls with _meta and no initialize', async () => {
    const p = spawnServer();
    const discover = await p.client.request('server/discover', { _meta: modernMeta() });
    expect(discover.result.supportedVersions).toContain('2026-07-28');
    const call = await p.client.callTool('verify_coverage', {}, modernMeta());
    expect(call.result).toMatchObject({ resultType: 'complete', structuredContent: { engine: 'records-attestation/v1' } });
    const wrong = await p.client.request('tools/list', { _meta: modernMeta('2030-01-01') });
    expect(wrong.error.code).toBe(-32022);
    expect(await endAndExit(p)).toBe(0);
    expectOnlyJsonRpc(p);
  }, 60_000);

  it('answers the requests written before stdin closed, then exits 0', async () => {
    const p = spawnServer();
    p.client.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } });
    p.client.notify('notifications/initialized');
    p.client.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'verify_coverage', arguments: {} } });
    expect(await endAndExit(p)).toBe(0);
    expect(p.client.received.map((m) => m.id).sort()).toEqual([1, 2]);
    expectOnlyJsonRpc(p);
  }, 60_000);

  it('exits 0 at once when stdin closes without a message, writing nothing on stdout', async () => {
    const p = spawnServer();
    const started = Date.now();
    expect(await endAndExit(p)).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(p.client.rawLines).toEqual([]);
  }, 30_000);

  it('refuses a bad configuration with a message on stderr, exit code 2 and nothing on stdout', async () => {
    const p = spawnServer({ SVC_API_URL: 'ftp://example.com', SVC_VERIFY_KEY: 'svk_do_not_print' });
    expect(await p.exited).toBe(2);
    expect(p.stderr()).toMatch(/SVC_API_URL must be an http or https URL/);
    expect(p.stderr()).not.toMatch(/svk_do_not_print/);
    expect(p.client.rawLines).toEqual([]);
  }, 30_000);
});
