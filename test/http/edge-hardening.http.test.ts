import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { bearer, expectProblem, schemas, seedCast } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { rawRequest, type RawResponse } from '../support/raw-http.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildHttpContainer } from '../../runtimes/http/container.js';
import { resolveHttpDeps } from '../../runtimes/http/http-deps.js';
import { startHttpServer } from '../../runtimes/http/server.js';
import { loadConfig } from '../../runtimes/shared/settings/config.js';

/**
 * Issue 14, the HTTP edge: what a client sends never crashes, stalls or 500s the service.
 * Every case goes through a real listening server, most over a raw socket so that the bytes
 * are exactly the attacker's, and each ends by checking that the server still serves.
 */
let h: Harness;
let admin: string;
const kb = '/api/v1/tenants/acme/knowledge';

beforeAll(async () => {
  h = await startHarness({
    snapshot: { build_id: 'edge', artists: [], works: [] },
    env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000', RATE_LIMIT_UPLOAD_PER_MINUTE: '1000000', RATE_LIMIT_AGENTS_PER_MINUTE: '1000000', RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '1000000', RATE_LIMIT_LOGIN_IP_PER_MINUTE: '1000000', RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE: '1000000' },
  });
  ({ admin } = await seedCast(h));
});
afterAll(async () => {
  await h?.stop();
});

const host = () => new URL(h.url).host;

async function stillServes() {
  const health = await call(h.url, 'GET', '/healthz');
  expect(health.status).toBe(200);
}

function expectRawProblem(res: RawResponse, status: number) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(schemas.errors('Problem', res.json)).toEqual([]);
  expect(res.json.status).toBe(status);
  expect(res.json.request_id).toBe(res.headers['x-request-id']);
}

async function documentCount(): Promise<number> {
  const list = await call(h.url, 'GET', `${kb}?limit=100`, { headers: bearer(admin) });
  expect(list.status).toBe(200);
  return list.body.data.length;
}

describe('defect 2: a truncated multipart upload', () => {
  const boundary = 'XyZboundary';
  const head = (length: number) =>
    `POST ${kb} HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${admin}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  it('ending before the closing boundary ("Unexpected end of form") is a 400, stores nothing, and the process lives', async () => {
    const before = await documentCount();
    const cases = [
      // the file part never ends
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhalf a docum`,
      // a title field, then the body stops inside the part headers of the file
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--${boundary}\r\nContent-Disposition: form-da`,
      // the file part ends, the closing boundary never comes
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nall of it\r\n--${boundary}`,
    ];
    for (const body of cases) {
      const res = await rawRequest(h.url, [head(Buffer.byteLength(body)), body]);
      expectRawProblem(res, 400);
      expect(res.json.detail).toMatch(/malformed|ends early/);
      await stillServes();
    }
    expect(await documentCount()).toBe(before);
  });

  it('a client that goes away mid-upload leaves nothing stored and the server serving', async () => {
    const before = await documentCount();
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(5000)}`;
    const { connect } = await import('node:net');
    await new Promise<void>((resolve) => {
      const socket = connect({ host: new URL(h.url).hostname, port: Number(new URL(h.url).port) }, () => {
        socket.write(head(100_000) + body, () => {
          socket.destroy();
          resolve();
        });
      });
    });
    await stillServes();
    // the upload either never started or failed: the count is unchanged once the server has seen the reset
    expect(await eventually(documentCount, (n) => n === before, { timeoutMs: 1_000, everyMs: 20 })).toBe(before);
  });
});

describe('defect 3: deeply nested JSON', () => {
  const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

  it.each([
    ['POST', '/api/v1/auth/login', false],
    ['POST', '/api/v1/verify', false],
    ['POST', '/api/v1/tenants/acme/calls', true],
    ['POST', kb, true],
    ['POST', '/api/v1/ai-agents', true],
    ['PUT', '/api/v1/workspace', true],
  ] as const)('%s %s: 5,000 and 100,000 levels are a 400 naming the depth rule', async (method, path, auth) => {
    for (const body of [deepArray(5000), deepObject(5000), deepObject(100_000)]) {
      const res = await call(h.url, method, path, { body, headers: { 'content-type': 'application/json', ...(auth ? bearer(admin) : {}) } });
      expectProblem(res, 400);
      expect(res.body.errors).toEqual([{ path: 'body', message: 'must not nest objects or arrays deeper than 64 levels' }]);
    }
    await stillServes();
  });

  it('nesting within the limit is still accepted where the schema takes free JSON (call metadata)', async () => {
    let metadata: unknown = 'leaf';
    for (let i = 0; i < 60; i++) metadata = { k: metadata };
    const res = await call(h.url, 'POST', '/api/v1/tenants/acme/calls', {
      json: { channel: 'voice', direction: 'inbound', status: 'completed', caller: '+33100000000', started_at: '2026-01-01T10:00:00Z', ended_at: '2026-01-01T10:01:00Z', metadata },
      headers: bearer(admin),
    });
    expect(res.status, res.text).toBe(201);
  });
});

describe('defect 4: methods', () => {
  const raw = (method: string, path: string) => rawRequest(h.url, [`${method} ${path} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`]);

  it('a method a known path does not serve is a 405 with Allow, TRACE and PROPFIND included', async () => {
    for (const [method, path, allow] of [
      ['TRACE', '/api/v1/verify', 'POST, OPTIONS'],
      ['PROPFIND', '/api/v1/verify', 'POST, OPTIONS'],
      ['DELETE', '/api/v1/verify', 'POST, OPTIONS'],
      ['PUT', '/api/v1/verify/coverage', 'HEAD, GET, OPTIONS'],
      ['PATCH', '/api/v1/ai-agents/agt_x', 'HEAD, GET, PUT, OPTIONS'],
      ['TRACE', '/healthz', 'HEAD, GET, OPTIONS'],
    ] as const) {
      const res = await raw(method, path);
      expectRawProblem(res, 405);
      expect(res.headers.allow?.split(', ').sort()).toEqual(allow.split(', ').sort());
    }
    await stillServes();
  });

  it('OPTIONS on a known path is a 204 with Allow', async () => {
    const res = await raw('OPTIONS', '/api/v1/verify/coverage');
    expect(res.status).toBe(204);
    expect(res.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });

  it('on an unknown path: 501 for a method the service serves nowhere, 404 for one it serves elsewhere; never 500', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'PATCH', 'LOCK']) expectRawProblem(await raw(method, '/nowhere'), 501);
    for (const method of ['GET', 'POST', 'DELETE', 'PUT']) expectRawProblem(await raw(method, '/nowhere'), 404);
    await stillServes();
  });
});

describe('defect 4: nothing of it is logged as an error', () => {
  it('405, 501, a deep body, a truncated upload and a refused head leave no error line in the log', async () => {
    const lines: { level: number; msg: string; status?: number }[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-edge-log-'));
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_SEED: 'false' });
    const running = await startHttpServer(resolveHttpDeps(await buildHttpContainer(config, logger, { snapshot: { build_id: 'log', artists: [], works: [] } })));
    try {
      const hostOf = new URL(running.url).host;
      for (const [method, path] of [['TRACE', '/api/v1/verify'], ['PROPFIND', '/nowhere'], ['DELETE', '/healthz']]) {
        await rawRequest(running.url, [`${method} ${path} HTTP/1.1\r\nHost: ${hostOf}\r\nConnection: close\r\n\r\n`]);
      }
      await call(running.url, 'POST', '/api/v1/verify', { body: '['.repeat(5000) + ']'.repeat(5000), headers: { 'content-type': 'application/json' } });
      await rawRequest(running.url, [`GET /healthz HTTP/1.1\r\nHost: ${hostOf}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
      expect(lines.filter((l) => l.msg === 'request').map((l) => l.status)).toEqual(expect.arrayContaining([405, 501, 400]));
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("defect 5: requests Node's parser refuses are problem documents", () => {
  const ok = (path = '/healthz') => `GET ${path} HTTP/1.1\r\nHost: ${host()}\r\n`;

  it.each([
    ['a 20 KB header', () => [`${ok()}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`], 431],
    ['a bad Content-Length', () => [`POST /api/v1/verify HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: abc\r\n\r\n`], 400],
    ['a garbage request line', () => ['\u0001\u0002 garbage !!\r\n\r\n'], 400],
    ['Content-Length with Transfer-Encoding', () => [`POST /api/v1/verify HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`], 400],
    ['a bad chunk size', () => [`POST /api/v1/verify HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`], 400],
  ] as const)('%s', async (_name, bytes, status) => {
    const res = await rawRequest(h.url, bytes());
    expectRawProblem(res, status);
    expect(res.headers.connection).toBe('close');
    await stillServes();
  });

  it('the timeouts are configuration, and a head timeout above the request timeout is refused at start', () => {
    expect(loadConfig({}).http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 65_000 });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '70000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS/);
    expect(h.server.headersTimeout).toBe(10_000);
    expect(h.server.requestTimeout).toBe(60_000);
    expect(h.server.keepAliveTimeout).toBe(65_000);
  });

  it('a body slower than the request timeout is a 408 problem document', async () => {
    const slow = await startHarness({ snapshot: { build_id: 'slow', artists: [], works: [] }, env: { HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '1000' } });
    try {
      const res = await rawRequest(
        slow.url,
        [`POST /api/v1/verify HTTP/1.1\r\nHost: ${new URL(slow.url).host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"subject_`],
        { keepOpen: true },
      );
      expectRawProblem(res, 408);
      expect((await call(slow.url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await slow.stop();
    }
  });
});

describe('defect 7: a 401 on an API-key route carries WWW-Authenticate', () => {
  it('an unknown key, and no key where one is required', async () => {
    const unknown = await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: 'a', subject_title: 'b' }, headers: { 'x-api-key': 'sk_not_a_key' } });
    expectProblem(unknown, 401);
    expect(unknown.headers.get('www-authenticate')).toBe('ApiKey realm="verify", header="X-API-Key", error="invalid_key"');
    const missing = await call(h.url, 'GET', '/api/v1/verify/usage');
    expectProblem(missing, 401);
    expect(missing.headers.get('www-authenticate')).toBe('ApiKey realm="verify", header="X-API-Key"');
  });
});

describe('defect 8: upload types and validation messages', () => {
  it('the JSON form refuses application/pdf at upload (415) and stores nothing', async () => {
    const before = await documentCount();
    const res = await call(h.url, 'POST', kb, { json: { title: 'faq', content: '%PDF-1.4 not really', content_type: 'application/pdf' }, headers: bearer(admin) });
    expectProblem(res, 415);
    expect(res.body.detail).toMatch(/multipart\/form-data/);
    expect(await documentCount()).toBe(before);
  });

  it('range errors name the range, and every invalid field of the body is listed', async () => {
    const body = {
      name: 'Desk',
      language: 'not a tag!',
      voice: { provider: 'p', voice_id: 'v' },
      greeting: '',
      instructions: '',
      llm: { model: 'm', temperature: 5, max_output_tokens: 0 },
      knowledge_base: { enabled: 'yes' },
      escalation: { phone_number: null, triggers: [] },
      business_hours: { timezone: 'Mars/Olympus', weekly: [] },
    };
    const res = await call(h.url, 'POST', '/api/v1/ai-agents', { json: body, headers: bearer(admin) });
    expectProblem(res, 400);
    const byPath = Object.fromEntries(res.body.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(byPath).toEqual({
      'llm.temperature': 'temperature must be between 0 and 2',
      'llm.max_output_tokens': 'max_output_tokens must be between 1 and 32768',
      'knowledge_base.enabled': 'enabled must be true or false',
      language: 'language must be a BCP 47 language tag, e.g. en-US',
      'business_hours.timezone': 'timezone must be an IANA time zone, e.g. Europe/Paris',
    });
  });

  it('a wrong type still says so, and path, query and body errors come in one answer', async () => {
    const res = await call(h.url, 'GET', '/api/v1/tenants/acme/calls?limit=0&channel=fax', { headers: bearer(admin) });
    expectProblem(res, 400);
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['channel', 'limit']);
    const typed = await call(h.url, 'PUT', '/api/v1/workspace', { json: { name: 'n', timezone: 'UTC', locale: 'en', retention_days: 'long' }, headers: bearer(admin) });
    expectProblem(typed, 400);
    expect(typed.body.errors).toEqual([{ path: 'retention_days', message: 'retention_days must be an integer' }]);
  });
});
