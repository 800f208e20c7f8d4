import { describe, expect, it } from 'vitest';
import { McpServer } from '../../runtimes/stdio/protocol.js';
import { silentLog } from '../../runtimes/mcp/mcp-log.js';
import { StdioTransport } from '../../runtimes/stdio/transport.js';
import { PassThrough } from 'node:stream';
import { LineClient, modernMeta, slowBackend, startInMemory, testBackend } from './stdio-harness.js';


describe('JSON-RPC error codes', () => {
  it('-32700: a line that is not JSON gets a parse error with id null, and the server keeps serving', async () => {
    const { client } = await startInMemory();
    client.writeLine('{"jsonrpc":"2.0","id":1,"method":"ping"');
    client.writeLine('\u0000\u0001binary');
    const errors = await client.waitFor(() => client.received.filter((m) => m.error?.code === -32700).length === 2);
    expect(errors).toBeDefined();
    for (const m of client.received) expect(m).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
    expect((await client.request('ping', undefined, 2)).result).toEqual({});
  });

  it('-32700: a line over the size bound is refused and skipped; the next line is served', async () => {
    const { client } = await startInMemory({ maxMessageBytes: 4096 });
    client.send({ jsonrpc: '2.0', id: 'big', method: 'ping', params: { pad: 'x'.repeat(10_000) } });
    const refused = await client.responseTo(null);
    expect(refused.error.code).toBe(-32700);
    expect(refused.error.message).toMatch(/larger than 4096 bytes/);
    expect((await client.request('ping', undefined, 'after')).result).toEqual({});
    expect(client.received.some((m) => m.id === 'big')).toBe(false);
  });

  it.each([
    ['a number', '42', null],
    ['null', 'null', null],
    ['a string', '"ping"', null],
    ['an object without jsonrpc', '{"id":1,"method":"ping"}', 1],
    ['jsonrpc 1.0', '{"jsonrpc":"1.0","id":5,"method":"ping"}', 5],
    ['no method', '{"jsonrpc":"2.0","id":6}', 6],
    ['a numeric method', '{"jsonrpc":"2.0","id":7,"method":7}', 7],
    ['an empty method', '{"jsonrpc":"2.0","id":8,"method":""}', 8],
    ['a null id', '{"jsonrpc":"2.0","id":null,"method":"ping"}', null],
    ['an object id', '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', null],
    ['a fractional id', '{"jsonrpc":"2.0","id":1.5,"method":"ping"}', null],
    ['string params', '{"jsonrpc":"2.0","id":9,"method":"ping","params":"x"}', 9],
    ['null params', '{"jsonrpc":"2.0","id":10,"method":"ping","params":null}', 10],
    ['a batch outside 2025-03-26', '[{"jsonrpc":"2.0","id":11,"method":"ping"}]', null],
  ])('-32600: %s', async (_label, line, id) => {
    const { client } = await startInMemory();
    client.writeLine(line);
    const res = await client.waitFor((m) => m.error !== undefined);
    expect(res).toEqual({ jsonrpc: '2.0', id, error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) } });
    expect((await client.request('ping', undefined, 'next')).result).toEqual({});
  });

  it('-32601: unknown methods, before and after initialize', async () => {
    const { client } = await startInMemory();
    expect((await client.request('resources/list')).error).toEqual({ code: -32601, message: 'Method not found: resources/list' });
    await client.initialize('2025-06-18');
    for (const method of ['prompts/list', 'logging/setLevel', 'completion/complete', 'tools/delete']) {
      expect((await client.request(method, {})).error.code).toBe(-32601);
    }
    expect((await client.request('x'.repeat(500))).error.message.length).toBeLessThan(130);
  });

  it('-32602: params given as an array', async () => {
    const { client } = await startInMemory();
    await client.initialize('2025-11-25');
    client.writeLine('{"jsonrpc":"2.0","id":"arr","method":"tools/list","params":[]}');
    expect((await client.responseTo('arr')).error.code).toBe(-32602);
  });

  it('-32603: an unexpected internal failure is answered without its text', async () => {
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    const identity = {
      get name(): string {
        throw new Error('secret internal detail at /srv/app.js:12');
      },
      title: 't',
      version: '1',
    };
    const server = new McpServer({ backend: testBackend(), log: silentLog, identity });
    await server.connect(new StdioTransport(toServer, fromServer));
    const client = new LineClient(toServer, fromServer);
    const res = await client.request('initialize', { protocolVersion: '2025-06-18', capabilities: {} });
    expect(res.error).toEqual({ code: -32603, message: 'Internal error' });
    expect(JSON.stringify(client.received)).not.toMatch(/secret/);
  });

  it('ignores JSON-RPC responses sent by the client (this server sends no requests)', async () => {
    const { client } = await startInMemory();
    client.send({ jsonrpc: '2.0', id: 99, result: {} });
    client.send({ jsonrpc: '2.0', id: 98, error: { code: 1, message: 'x' } });
    await client.request('ping', undefined, 'p');
    expect(client.received.map((m) => m.id)).toEqual(['p']);
  });
});

describe('JSON-RPC batches (2025-03-26 only)', () => {
  it('answers a batch with an array of the responses, notifications and invalid members handled one by one', async () => {
    const { client } = await startInMemory();
    await client.initialize('2025-03-26');
    client.writeLine(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'b', method: 'tools/list' },
        5,
        { jsonrpc: '2.0', id: 'c', method: 'initialize', params: { protocolVersion: '2025-03-26' } },
        { jsonrpc: '2.0', id: 'd', method: 'nope' },
      ]),
    );
    const batch = await client.waitFor((m) => Array.isArray(m));
    expect(batch.map((r: any) => r.id)).toEqual(['a', 'b', null, 'c', 'd']);
    expect(batch[0].result).toEqual({});
    expect(batch[1].result.tools).toHaveLength(4);
    expect(batch[2].error.code).toBe(-32600);
    expect(batch[3].error.code).toBe(-32600);
    expect(batch[4].error.code).toBe(-32601);
  });

  it('answers an empty batch with one -32600, and a batch of notifications with nothing', async () => {
    const { client } = await startInMemory();
    await client.initialize('2025-03-26');
    client.writeLine('[]');
    expect((await client.responseTo(null)).error.code).toBe(-32600);
    client.writeLine('[{"jsonrpc":"2.0","method":"notifications/initialized"}]');
    await client.request('ping', undefined, 'after');
    expect(client.received.filter((m) => Array.isArray(m))).toEqual([]);
  });
});

describe('notifications/cancelled', () => {
  it('a cancelled in-flight call gets no response, and its work is aborted', async () => {
    const slow = slowBackend();
    const { client } = await startInMemory({ backend: slow.backend });
    await client.initialize('2025-06-18');
    client.send({ jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'verify_coverage', arguments: {} } });
    client.notify('notifications/cancelled', { requestId: 'c1', reason: 'user gave up' });
    await client.request('ping', undefined, 'p1');
    // The call has ended (aborted); a response to it would be written before the next one.
    await slow.settled();
    await client.request('ping', undefined, 'p2');
    expect(client.received.some((m) => m.id === 'c1')).toBe(false);
    expect(slow.aborted).toEqual(['coverage']);
  });

  it('works statelessly too, ignores unknown ids, and tells 1 from "1"', async () => {
    const slow = slowBackend();
    const { client } = await startInMemory({ backend: slow.backend });
    const params = { name: 'verify_art_records', arguments: { subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' }, _meta: modernMeta() };
    client.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
    client.send({ jsonrpc: '2.0', id: '1', method: 'tools/call', params });
    client.notify('notifications/cancelled', { requestId: 'unknown' });
    client.notify('notifications/cancelled', { requestId: 1 });
    await slow.reached(2);
    await client.request('ping', { _meta: modernMeta() }, 'p');
    slow.release();
    const survivor = await client.responseTo('1');
    expect(survivor.result.structuredContent.verdict).toBe('contradicted');
    await slow.settled();
    await client.request('ping', { _meta: modernMeta() }, 'p2');
    expect(client.received.some((m) => m.id === 1)).toBe(false);
    expect(slow.aborted).toEqual(['verify']);
  });

  it('refuses a second request reusing the id of one in progress', async () => {
    const slow = slowBackend();
    const { client } = await startInMemory({ backend: slow.backend });
    const params = { name: 'verify_coverage', arguments: {}, _meta: modernMeta() };
    client.send({ jsonrpc: '2.0', id: 'dup', method: 'tools/call', params });
    client.send({ jsonrpc: '2.0', id: 'dup', method: 'tools/call', params });
    const first = await client.responseTo('dup');
    expect(first.error.code).toBe(-32600);
    slow.release();
    const both = await client.waitFor(() => client.received.filter((m) => m.id === 'dup').length === 2);
    expect(both).toBeDefined();
    expect(client.received.filter((m) => m.id === 'dup')[1].result.structuredContent.counts.artists).toBe(2);
  });
});

describe('end of input', () => {
  it('answers the calls in flight when stdin ends, then closes', async () => {
    const slow = slowBackend();
    const { client, server, toServer } = await startInMemory({ backend: slow.backend });
    await client.initialize('2025-11-25');
    client.send({ jsonrpc: '2.0', id: 'last', method: 'tools/call', params: { name: 'verify_coverage', arguments: {} } });
    await slow.reached(1);
    toServer.end();
    slow.release();
    await server.closed;
    expect(client.received.find((m) => m.id === 'last').result.structuredContent.counts.artists).toBe(2);
  });

  it('abandons calls still running after the drain timeout, without answering them', async () => {
    const slow = slowBackend();
    const { client, server, toServer } = await startInMemory({ backend: slow.backend, drainTimeoutMs: 50 });
    await client.initialize('2025-11-25');
    client.send({ jsonrpc: '2.0', id: 'stuck', method: 'tools/call', params: { name: 'verify_coverage', arguments: {} } });
    toServer.end();
    await server.closed;
    expect(slow.aborted).toEqual(['coverage']);
    expect(client.received.some((m) => m.id === 'stuck')).toBe(false);
  });

  it('close() stops the server the same way', async () => {
    const { client, server, toServer } = await startInMemory();
    await client.initialize('2025-11-25');
    await server.close();
    await server.closed;
    const late = `${JSON.stringify({ jsonrpc: '2.0', id: 'late', method: 'ping' })}\n`;
    client.write(late);
    // Nobody reads the input any more: the line stays in the stream, unanswered.
    expect(toServer.readableLength).toBe(Buffer.byteLength(late));
    expect(client.received.some((m) => m.id === 'late')).toBe(false);
  });
});
