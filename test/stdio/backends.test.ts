import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackendError } from '../../runtimes/mcp/backend.js';
import { apiRoot, embeddedBackend, parseRetryAfter, remoteBackend } from '../../runtimes/stdio/backends.js';
import { loadStdioConfig } from '../../runtimes/stdio/stdio-config.js';
import { stdioCorpus } from '../fixtures/stdio-corpus.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A scripted stand-in for the HTTP API: each test sets the handler. */
let handler: Handler = (_req, res) => res.end();
let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const input = { subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' };

async function failure(promise: Promise<unknown>): Promise<BackendError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackendError);
  return err as BackendError;
}

describe('remote backend', () => {
  it('posts the subject to /api/v1/verify with X-API-Key and returns the validated response', async () => {
    const real = await embeddedBackend({ snapshot: stdioCorpus }).verify(input);
    handler = (_req, res) => json(res, 200, { ...real, extra_field: 'ignored' });
    seen.length = 0;
    const backend = remoteBackend({ baseUrl: `${base}/api/v1/`, apiKey: 'svk_test', timeoutMs: 2000 });
    const r = await backend.verify(input);
    expect(r).toEqual(real);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v1/verify', body: JSON.stringify(input) });
    expect(seen[0].headers['x-api-key']).toBe('svk_test');
    expect(seen[0].headers['content-type']).toBe('application/json');
  });

  it('reads the coverage manifest from /api/v1/verify/coverage, without a key header when none is set', async () => {
    const real = await embeddedBackend({ snapshot: stdioCorpus }).coverage();
    handler = (_req, res) => json(res, 200, real);
    seen.length = 0;
    const m = await remoteBackend({ baseUrl: base, timeoutMs: 2000 }).coverage();
    expect(m).toEqual(real);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/v1/verify/coverage' });
    expect(seen[0].headers['x-api-key']).toBeUndefined();
  });

  it.each([
    [401, {}, 'unauthenticated', /API key was refused \(HTTP 401\).*SVC_VERIFY_KEY/],
    [429, { 'retry-after': '17' }, 'rate_limited', /rate limit.*\(HTTP 429\)\. Retry after 17 s\./],
    [429, {}, 'rate_limited', /rate limit.*Wait before calling again/],
    [500, {}, 'upstream_error', /failed \(HTTP 500\)\. Try again later/],
    [503, {}, 'upstream_error', /failed \(HTTP 503\)/],
    [404, {}, 'upstream_error', /No attestation API found at http:\/\/127\.0\.0\.1:\d+ \(HTTP 404\)\. Check SVC_API_URL/],
    [302, { location: 'http://elsewhere.example/' }, 'upstream_error', /redirect \(HTTP 302\)/],
    [418, {}, 'upstream_error', /refused the call \(HTTP 418\)/],
  ])('maps HTTP %i to a clear, safe error', async (status, headers, kind, message) => {
    handler = (_req, res) =>
      json(res, status, { type: 'x', title: 'y', status, detail: 'Error: connect ECONNREFUSED db:5432 at Pool.connect (/app/node_modules/pg)' }, headers);
    const err = await failure(remoteBackend({ baseUrl: base, apiKey: 'svk_bad', timeoutMs: 2000 }).verify(input));
    expect(err.failure).toBe(kind);
    expect(err.message).toMatch(message);
    expect(err.message).not.toMatch(/ECONNREFUSED|node_modules|5432/);
  });

  it('passes the field errors of a 400 problem document, and only those', async () => {
    handler = (_req, res) =>
      json(res, 400, {
        status: 400,
        detail: 'internal: zod stack at x.ts:1',
        errors: [{ path: 'subject_title', message: 'subject_title must be at most 300 characters' }, { nonsense: true }],
      });
    const err = await failure(remoteBackend({ baseUrl: base, timeoutMs: 2000 }).verify(input));
    expect(err.failure).toBe('invalid_arguments');
    expect(err.fieldErrors).toEqual([{ path: 'subject_title', message: 'subject_title must be at most 300 characters' }]);
    expect(err.message).not.toMatch(/zod|stack/);
  });

  it('refuses an answer that is not the API response shape, or not JSON', async () => {
    handler = (_req, res) => json(res, 200, { verdict: 'attested' });
    expect((await failure(remoteBackend({ baseUrl: base, timeoutMs: 2000 }).verify(input))).failure).toBe('bad_response');
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy login</html>');
    };
    expect((await failure(remoteBackend({ baseUrl: base, timeoutMs: 2000 }).coverage())).failure).toBe('bad_response');
  });

  it('refuses an answer over the size bound without buffering it', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"pad":"${'x'.repeat(200_000)}"}`);
    };
    const err = await failure(remoteBackend({ baseUrl: base, timeoutMs: 2000, maxResponseBytes: 10_000 }).coverage());
    expect(err.failure).toBe('bad_response');
  });

  it('times out a slow API with a clear message', async () => {
    handler = () => undefined; // never answers
    const err = await failure(remoteBackend({ baseUrl: base, timeoutMs: 200 }).verify(input));
    expect(err.failure).toBe('timeout');
    expect(err.message).toMatch(/did not answer within 200 ms/);
  });

  it('reports an unreachable API (closed port) without the socket error text', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const err = await failure(remoteBackend({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 }).verify(input));
    expect(err.failure).toBe('unreachable');
    expect(err.message).toBe(`The attestation API at http://127.0.0.1:${port} could not be reached. Check SVC_API_URL and that the API is running.`);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    // The caller gives up once the request is in flight (the API never answers).
    handler = () => controller.abort();
    const pending = remoteBackend({ baseUrl: base, timeoutMs: 5000 }).verify(input, controller.signal);
    expect((await failure(pending)).failure).toBe('cancelled');
  });
});

describe('embedded backend', () => {
  it('maps a validation failure to invalid_arguments with the field errors', async () => {
    const err = await failure(embeddedBackend({ snapshot: stdioCorpus }).verify({ subject_artist: '', subject_title: 'x' }));
    expect(err.failure).toBe('invalid_arguments');
    expect(err.fieldErrors[0]).toMatchObject({ path: 'subject_artist' });
  });
});

describe('configuration and helpers', () => {
  it('reads the environment: embedded without SVC_API_URL, blank values as unset, timeout default 10 s', () => {
    expect(loadStdioConfig({})).toMatchObject({ apiUrl: undefined, apiKey: undefined, apiTimeoutMs: 10_000, logLevel: 'info' });
    expect(loadStdioConfig({ SVC_API_URL: ' ', SVC_VERIFY_KEY: '' })).toMatchObject({ apiUrl: undefined, apiKey: undefined });
    expect(loadStdioConfig({ SVC_API_URL: 'https://api.example.com', SVC_VERIFY_KEY: 'svk_x', SVC_API_TIMEOUT_MS: '2500' })).toMatchObject({
      apiUrl: 'https://api.example.com',
      apiKey: 'svk_x',
      apiTimeoutMs: 2500,
    });
  });

  it('refuses a bad URL or timeout naming the variable, never echoing the key', () => {
    expect(() => loadStdioConfig({ SVC_API_URL: 'ftp://x' })).toThrow(/SVC_API_URL must be an http or https URL/);
    expect(() => loadStdioConfig({ SVC_API_URL: 'not a url' })).toThrow(/SVC_API_URL/);
    expect(() => loadStdioConfig({ SVC_API_TIMEOUT_MS: '5' })).toThrow(/SVC_API_TIMEOUT_MS must be at least 100/);
    expect(() => loadStdioConfig({ SVC_API_TIMEOUT_MS: 'soon', SVC_VERIFY_KEY: 'svk_secret' })).toThrow(/^(?![\s\S]*svk_secret)/);
  });

  it('normalises the API base address', () => {
    expect(apiRoot('https://api.example.com')).toBe('https://api.example.com');
    expect(apiRoot('https://api.example.com/')).toBe('https://api.example.com');
    expect(apiRoot('https://api.example.com/api/v1/')).toBe('https://api.example.com');
    expect(apiRoot('https://example.com/oracle/?x=1#y')).toBe('https://example.com/oracle');
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:42 GMT', now)).toBe(42);
  });
});
