import { PassThrough } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { AttestationEngine } from '../../core/attestation/use-cases/verify-attribution.js';
import { sampleSubjects } from '../../corpus/build/subject-samples.js';
import type { VerifyBackend } from '../../runtimes/mcp/backend.js';
import { embeddedBackend } from '../../runtimes/stdio/backends.js';
import { McpServer } from '../../runtimes/stdio/protocol.js';
import { silentLog } from '../../runtimes/mcp/mcp-log.js';
import { StdioTransport } from '../../runtimes/stdio/transport.js';
import { LineClient } from './stdio-harness.js';

/**
 * Issue 25, defect 3 on stdio: a batch computed in-process stops when its request is cancelled
 * or its client goes (stdin closed past the drain window, stdout broken). The engine's answers
 * are counted as they are made (the real engine runs; the spy only counts), so "stopped" is a
 * count below the batch's size that no longer grows, never a duration.
 */
let backend: VerifyBackend;
let subjects: { subject_artist: string; subject_title: string }[];
const SIZE = 1000;

beforeAll(async () => {
  // The shipped corpus: ordinary subjects cost what they cost in production, so a batch of
  // 1,000 spans many of the scheduler's slices and the input is read between them.
  const snapshot = await loadCorpusSnapshot();
  backend = embeddedBackend({ snapshot });
  await backend.prepare?.();
  subjects = sampleSubjects(snapshot, SIZE, 25).map(({ subject_artist, subject_title }) => ({ subject_artist, subject_title }));
});
afterEach(() => vi.restoreAllMocks());

async function start(drainTimeoutMs?: number) {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const server = new McpServer({ backend, log: silentLog, drainTimeoutMs });
  await server.connect(new StdioTransport(toServer, fromServer));
  const client = new LineClient(toServer, fromServer);
  await client.initialize('2025-11-25');
  const answers = vi.spyOn(AttestationEngine.prototype, 'answer');
  const batch = (id: string) => client.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'verify_art_records_batch', arguments: { subjects } } });
  /** Until the engine has answered at least one subject of the batch. */
  const started = async () => {
    while (answers.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
  };
  return { client, server, toServer, fromServer, answers, batch, started };
}

describe('svc-verify: a batch stops computing when nobody wants its answer', () => {
  it('answers a whole batch of 1,000 when nothing cancels it', async () => {
    const { client, answers, batch } = await start();
    batch('whole');
    const response = await client.responseTo('whole', 60_000);
    expect(response.result.structuredContent).toMatchObject({ subjects: SIZE, served: SIZE });
    expect(answers.mock.calls.length).toBe(SIZE);
  });

  it('notifications/cancelled for the batch stops it: no response, fewer answers than subjects, then no more', async () => {
    const { client, answers, batch, started } = await start();
    batch('b1');
    await started();
    client.notify('notifications/cancelled', { requestId: 'b1', reason: 'user gave up' });
    // The server reads lines in order: once this ping is answered, the cancellation was handled.
    await client.request('ping', undefined, 'after-cancel');
    const stopped = answers.mock.calls.length;
    // The batch's request has ended when a second batch runs to its end on the same server.
    batch('b2');
    const second = await client.responseTo('b2', 60_000);
    expect(second.result.structuredContent.served).toBe(SIZE);
    expect(stopped).toBeLessThan(SIZE);
    expect(answers.mock.calls.length).toBe(stopped + SIZE);
    expect(client.received.some((m) => m.id === 'b1')).toBe(false);
  });

  it('stdin closing stops it once the drain window has passed, without answering it', async () => {
    const { client, server, toServer, answers, batch, started } = await start(0);
    batch('b1');
    await started();
    toServer.end();
    await server.closed;
    const stopped = answers.mock.calls.length;
    expect(stopped).toBeLessThan(SIZE);
    // Closed means settled: nothing of the batch is still running.
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answers.mock.calls.length).toBe(stopped);
    expect(client.received.some((m) => m.id === 'b1')).toBe(false);
  });

  it('stdout failing (the client is gone) stops it at once, drain window or not', async () => {
    const { server, fromServer, answers, batch, started } = await start(60_000);
    batch('b1');
    await started();
    fromServer.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await server.closed;
    const stopped = answers.mock.calls.length;
    expect(stopped).toBeLessThan(SIZE);
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answers.mock.calls.length).toBe(stopped);
  });
});
