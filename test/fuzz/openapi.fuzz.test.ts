import fc from 'fast-check';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemas, seedCast } from '../support/area-a.js';
import { call, type Harness, type JsonResponse, startHarness } from '../support/http-harness.js';
import { rawRequest } from '../support/raw-http.js';

/**
 * The fuzz suite (issue 14): walks the OpenAPI document the server serves and, for every
 * operation, sends malformed requests (wrong types, missing and extra fields, huge and deep
 * bodies, bad and over-long path parameters, wrong media types, no credential, every method).
 * Each answer must be a status the document lists for that operation (405 with `Allow` for a
 * method the path does not serve), a problem document when it is an error, never a 5xx, and
 * the server must still serve afterwards. Generic: routes added later are walked too.
 * Deterministic: fast-check samples with a fixed seed.
 */

const SEED = 20261124;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND'];

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: Record<string, any>;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Param[];
  responses: Record<string, unknown>;
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, { schema: Record<string, any> }> };
}

let h: Harness;
let document: any;
let operations: Operation[];
let token: string;
let key: string;

const sample = <T>(arb: fc.Arbitrary<T>, n: number, offset = 0): T[] => fc.sample(arb, { seed: SEED + offset, numRuns: n });

beforeAll(async () => {
  const high = '1000000';
  h = await startHarness({
    snapshot: { build_id: 'fuzz', artists: [], works: [] },
    env: {
      RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: high,
      RATE_LIMIT_VERIFY_KEY_PER_MINUTE: high,
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: high,
      RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE: high,
      RATE_LIMIT_TENANT_PER_MINUTE: high,
      RATE_LIMIT_UPLOAD_PER_MINUTE: high,
      RATE_LIMIT_AGENTS_PER_MINUTE: high,
    },
  });
  ({ admin: token } = await seedCast(h));
  key = (await h.deps.keys.create('fuzz', 1_000_000)).key;
  document = (await call(h.url, 'GET', '/api/v1/openapi.json')).body;
  operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, operationId: op.operationId, parameters: op.parameters ?? [], responses: op.responses, security: op.security, requestBody: op.requestBody })),
  );
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

/** A resolvable `$ref` (components) or the schema itself. */
function resolve(schema: Record<string, any> | undefined): Record<string, any> {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) s = s.$ref.split('/').slice(1).reduce((o: any, k: string) => o?.[k], document) ?? {};
  return s;
}

/** What the caller may present: a bearer token, an API key, or nothing. */
function credentials(op: Operation): Record<string, string> {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('bearer')) return { authorization: `Bearer ${token}` };
  if (schemes.includes('apiKey') && !(op.security ?? []).some((s) => Object.keys(s).length === 0)) return { 'x-api-key': key };
  return {};
}
const needsCredential = (op: Operation) => (op.security ?? []).length > 0 && !(op.security ?? []).some((s) => Object.keys(s).length === 0);

/** A plausible value for a path parameter: the cast's tenant for tenant_id, else a token. */
const plausible = (p: Param) => (p.name === 'tenant_id' ? 'acme' : 'x1');

function pathWith(op: Operation, values: Record<string, string> = {}): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? plausible(op.parameters.find((p) => p.name === name)!)));
}

/** Values of the wrong type or shape for a schema. */
function wrongValues(schema: Record<string, any>): unknown[] {
  const s = resolve(schema);
  const type = s.type ?? (s.enum ? typeof s.enum[0] : s.anyOf ? 'union' : undefined);
  const all: unknown[] = ['text', 12345, -1, 1.5, true, null, [], {}, [1, 'a'], { a: 1 }, 'x'.repeat(20_000), '\u0000', '🦄'.repeat(50)];
  return all.filter((v) => {
    if (type === 'string' && typeof v === 'string' && !s.enum && !s.pattern && !s.format && s.maxLength === undefined) return false;
    if ((type === 'integer' || type === 'number') && typeof v === 'number' && Number.isInteger(v) && s.minimum === undefined) return false;
    if (type === 'boolean' && typeof v === 'boolean') return false;
    if (type === 'object' && v !== null && typeof v === 'object' && !Array.isArray(v) && !s.required?.length) return false;
    return true;
  });
}

function bodies(op: Operation): { name: string; body: string | Buffer; type: string }[] {
  const json = (v: unknown) => JSON.stringify(v);
  const schema = resolve(op.requestBody?.content['application/json']?.schema);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, any>);
  const out: { name: string; body: string | Buffer; type: string }[] = [
    { name: 'empty object', body: '{}', type: 'application/json' },
    { name: 'null', body: 'null', type: 'application/json' },
    { name: 'array', body: '[1,2,3]', type: 'application/json' },
    { name: 'string', body: '"text"', type: 'application/json' },
    { name: 'number', body: '42', type: 'application/json' },
    { name: 'invalid JSON', body: '{"a": ', type: 'application/json' },
    { name: 'BOM and garbage', body: '\uFEFF{]', type: 'application/json' },
    { name: 'extra fields only', body: json({ unexpected: true, __proto__x: 1, constructor: 'x' }), type: 'application/json' },
    { name: 'deep arrays', body: '['.repeat(5000) + ']'.repeat(5000), type: 'application/json' },
    { name: 'deep objects', body: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), type: 'application/json' },
    { name: 'over 1 MiB', body: json({ padding: 'x'.repeat(1_100_000) }), type: 'application/json' },
    { name: 'wrong media type', body: 'plain words', type: 'text/plain' },
    { name: 'form encoded', body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
    { name: 'xml', body: '<a>1</a>', type: 'application/xml' },
  ];
  if (op.requestBody?.content['multipart/form-data']) {
    const b = 'FuzzBoundary';
    const part = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    out.push(
      { name: 'multipart without boundary', body: 'abc', type: 'multipart/form-data' },
      { name: 'multipart truncated in a part', body: `${part}half`, type: `multipart/form-data; boundary=${b}` },
      { name: 'multipart truncated in headers', body: `--${b}\r\nContent-Disposition: form-da`, type: `multipart/form-data; boundary=${b}` },
      { name: 'multipart without closing boundary', body: `${part}text\r\n--${b}`, type: `multipart/form-data; boundary=${b}` },
      { name: 'multipart with no file part', body: `--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--${b}--\r\n`, type: `multipart/form-data; boundary=${b}` },
      { name: 'multipart garbage', body: Buffer.from(sample(fc.uint8Array({ minLength: 10, maxLength: 200 }), 1)[0]!), type: `multipart/form-data; boundary=${b}` },
    );
  }
  // One field wrong at a time, the others absent; then every field wrong at once.
  for (const [name, prop] of properties) {
    for (const [i, value] of wrongValues(prop).entries()) out.push({ name: `${name} = ${JSON.stringify(value)?.slice(0, 20)} (${i})`, body: json({ [name]: value }), type: 'application/json' });
  }
  if (properties.length > 0) {
    out.push({ name: 'every field a number', body: json(Object.fromEntries(properties.map(([n]) => [n, 7]))), type: 'application/json' });
    out.push({ name: 'every field null', body: json(Object.fromEntries(properties.map(([n]) => [n, null]))), type: 'application/json' });
  }
  // Random JSON values (fixed seed), as bodies.
  for (const [i, v] of sample(fc.jsonValue({ maxDepth: 4 }), 8, op.path.length).entries()) out.push({ name: `random json ${i}`, body: json(v) ?? 'null', type: 'application/json' });
  return out;
}

function queries(op: Operation): string[] {
  const params = op.parameters.filter((p) => p.in === 'query');
  const out = ['?unknown_param=1', '?%ZZ=%ZZ', `?${'a'.repeat(5000)}=1`];
  for (const p of params) {
    for (const v of ['', 'abc', '-1', '0', '1e309', '99999999999999999999', 'NaN', 'true', '%00', '\u0000', 'x'.repeat(5000), '🦄', '[]', '{"a":1}']) {
      out.push(`?${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`);
    }
    out.push(`?${encodeURIComponent(p.name)}=1&${encodeURIComponent(p.name)}=2`);
    out.push(`?${encodeURIComponent(p.name)}[]=1`);
  }
  return out;
}

function pathValues(op: Operation): Record<string, string>[] {
  const params = op.parameters.filter((p) => p.in === 'path');
  if (params.length === 0) return [];
  const nasty = ['x'.repeat(300), 'x'.repeat(5000), '...', '%', ' ', '\u0000', '🦄'.repeat(40), "'; DROP TABLE calls; --", '<script>', '-1', '0', ...sample(fc.string({ unit: 'binary', maxLength: 40 }), 6)];
  return params.flatMap((p) => nasty.map((v) => ({ [p.name]: v })));
}

function templateMatches(template: string, concrete: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(concrete);
}

function documented(op: Operation, status: number): boolean {
  return Object.keys(op.responses).includes(String(status));
}

function expectAnswer(op: Operation, res: { status: number; headers: Headers | Record<string, string>; body: any; text?: string }, what: string) {
  const header = (name: string) => (res.headers instanceof Headers ? res.headers.get(name) : (res.headers[name] ?? null));
  const label = `${op.method} ${op.path} [${what}] → ${res.status} ${(res.text ?? JSON.stringify(res.body) ?? '').slice(0, 300)}`;
  expect(res.status, label).toBeLessThan(500);
  expect(documented(op, res.status), `${label}: status not documented (${Object.keys(op.responses).join(', ')})`).toBe(true);
  // The media types the document gives this status: a problem document, or a protocol's own error
  // body where the operation documents one (a JSON-RPC error on /mcp), checked against its schema
  // by the harness's response validator.
  const declared = Object.keys((op.responses[String(res.status)] as { content?: Record<string, unknown> } | undefined)?.content ?? {});
  if (res.status >= 400 && op.method !== 'HEAD' && declared.length > 0 && !declared.includes('application/problem+json')) {
    expect(declared, label).toContain((header('content-type') ?? '').split(';')[0]);
  } else if (res.status >= 400 && op.method !== 'HEAD') {
    expect(header('content-type'), label).toMatch(/^application\/problem\+json/);
    expect(schemas.errors('Problem', res.body), label).toEqual([]);
    expect(res.body.status, label).toBe(res.status);
  }
  if (res.status === 401) expect(header('www-authenticate'), label).toBeTruthy();
}

async function stillServes() {
  const health = await call(h.url, 'GET', '/healthz');
  expect(health.status).toBe(200);
}

async function send(op: Operation, path: string, options: { body?: string | Buffer; type?: string; headers?: Record<string, string> } = {}): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...credentials(op), ...options.headers };
  if (options.type) headers['content-type'] = options.type;
  return call(h.url, op.method, path, { body: options.body, headers });
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('finds the operations (the document lists them all)', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it('malformed bodies: a documented 4xx problem document, never a 5xx', async () => {
    for (const op of operations.filter((o) => o.requestBody)) {
      for (const b of bodies(op)) expectAnswer(op, await send(op, pathWith(op), { body: b.body, type: b.type }), b.name);
      await stillServes();
    }
  }, 120_000);

  it('malformed query strings: documented answers', async () => {
    for (const op of operations.filter((o) => o.method === 'GET' || o.method === 'DELETE')) {
      for (const q of queries(op)) expectAnswer(op, await send(op, `${pathWith(op)}${q}`), q.slice(0, 40));
      await stillServes();
    }
  }, 120_000);

  it('bad and over-long path parameters: documented answers', async () => {
    for (const op of operations) {
      for (const values of pathValues(op)) {
        const res = await send(op, pathWith(op, values), op.requestBody ? { body: '{}', type: 'application/json' } : {});
        // A value with `/` or `..` may leave the route (the path is then another resource, or none).
        const escaped = pathWith(op, values);
        if (res.status === 404 && !documented(op, 404) && Object.values(values).some((v) => v.includes('/'))) continue;
        expectAnswer(op, res, JSON.stringify(values).slice(0, 40));
      }
      await stillServes();
    }
  }, 120_000);

  it('no credential, or a wrong one, where one is required: 401 with WWW-Authenticate', async () => {
    for (const op of operations.filter(needsCredential)) {
      for (const headers of [{}, { authorization: 'Bearer not.a.token' }, { 'x-api-key': 'svk_not_a_key' }, { authorization: 'Basic YTpi' }] as Record<string, string>[]) {
        const res = await call(h.url, op.method, pathWith(op), { headers, ...(op.requestBody ? { json: {} } : {}) });
        expectAnswer(op, res, `credential ${JSON.stringify(headers)}`);
        expect(res.status, `${op.method} ${op.path} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
    await stillServes();
  }, 60_000);

  it('every method on every path: the documented ones answer as documented, OPTIONS is 204, others 405 with Allow', async () => {
    const byPath = new Map<string, Operation[]>();
    for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
    for (const [path, ops] of byPath) {
      const concrete = pathWith(ops[0]!);
      // Allow: the methods of every documented path the concrete path matches.
      const allowed = new Set(operations.filter((o) => o.path === path || templateMatches(o.path, concrete)).map((o) => o.method));
      if (allowed.has('GET')) allowed.add('HEAD');
      allowed.add('OPTIONS');
      for (const method of METHODS) {
        if (ops.some((o) => o.method === method)) continue;
        // `/knowledge/sync` is also `/knowledge/{item_id}`: another operation of that method serves it.
        if (operations.some((o) => o.method === (method === 'HEAD' ? 'GET' : method) && o.path !== path && templateMatches(o.path, concrete))) continue;
        const res = await rawRequest(h.url, [`${method} ${concrete} HTTP/1.1\r\nHost: ${new URL(h.url).host}\r\nConnection: close\r\n\r\n`], { head: method === 'HEAD' });
        const get = ops.find((o) => o.method === 'GET');
        if (method === 'HEAD' && get) {
          expect(documented(get, res.status), `HEAD ${path} → ${res.status}`).toBe(true);
          continue;
        }
        if (method === 'HEAD') {
          expect(res.status, `HEAD ${path}`).toBe(405);
        } else if (method === 'OPTIONS') {
          expect(res.status, `OPTIONS ${path}`).toBe(204);
        } else {
          expect(res.status, `${method} ${path} → ${res.status} ${res.body.slice(0, 200)}`).toBe(405);
          expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(schemas.errors('Problem', res.json)).toEqual([]);
        }
        expect(new Set(res.headers.allow?.split(', ')), `${method} ${path}`).toEqual(allowed);
      }
    }
    await stillServes();
  }, 60_000);
});

/**
 * The catalogue endpoint's files (issue 26): random bytes, random CSV-shaped text (quotes,
 * separators, line breaks, formula leads, NUL), random bytes behind a zip's magic and zips of
 * random parts. Each answer is a documented status (200, 400, 413, 422), a problem document
 * when it is an error, never a 5xx; the server still serves afterwards.
 */
describe('fuzzing the catalogue files', () => {
  const upload = async (bytes: Uint8Array, filename: string) => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(bytes)]), filename);
    const res = await fetch(`${h.url}/api/v1/verify/catalogue`, { method: 'POST', body: form, headers: { 'x-api-key': key } });
    const text = await res.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  };
  const expectCatalogueAnswer = (res: { status: number; headers: Headers; body: any; text: string }, what: string) => {
    const label = `[${what}] → ${res.status} ${res.text.slice(0, 300)}`;
    expect([200, 400, 413, 422], label).toContain(res.status);
    if (res.status === 200) expect(schemas.errors('CatalogueResponse', res.body), label).toEqual([]);
    else {
      expect(res.headers.get('content-type'), label).toMatch(/^application\/problem\+json/);
      expect(schemas.errors(res.status === 422 ? 'CatalogueColumnsProblem' : 'Problem', res.body), label).toEqual([]);
    }
  };
  const cell = fc.string({ unit: fc.constantFrom('a', 'é', 'Z', '1', ' ', '"', ',', ';', '\t', '\n', '\r', '=', '+', '-', '@', '\u0000', '🦄', 'Lot', 'Artist', 'Titre'), maxLength: 12 });
  const csvText = fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 8 }).map((rows) => rows.map((r) => r.join(fc.sample(fc.constantFrom(',', ';', '\t'), 1)[0])).join('\n'));

  it('random bytes, CSV-shaped text and broken zips: documented answers, never a 5xx', async () => {
    const headed = sample(csvText, 8, 1).map((t) => `Lot;Artist;Title\n${t}`);
    const files: [string, Uint8Array, string][] = [
      ...sample(fc.uint8Array({ maxLength: 3000 }), 5, 2).map((b, i) => [`random bytes ${i}`, b, 'x.bin'] as [string, Uint8Array, string]),
      ...sample(csvText, 8, 3).map((t, i) => [`csv text ${i}`, new TextEncoder().encode(t), 'x.csv'] as [string, Uint8Array, string]),
      ...headed.map((t, i) => [`headed csv ${i}`, new TextEncoder().encode(t), 'x.csv'] as [string, Uint8Array, string]),
      ...sample(fc.uint8Array({ maxLength: 3000 }), 5, 4).map((b, i) => [`zip magic ${i}`, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), b]), 'x.xlsx'] as [string, Uint8Array, string]),
      ...sample(fc.dictionary(fc.constantFrom('xl/workbook.xml', 'xl/worksheets/sheet1.xml', '[Content_Types].xml', 'xl/sharedStrings.xml', 'x'), fc.uint8Array({ maxLength: 500 })), 5, 5).map(
        (parts, i) => [`zip of random parts ${i}`, zipSync(parts), 'x.xlsx'] as [string, Uint8Array, string],
      ),
    ];
    for (const [what, bytes, filename] of files) expectCatalogueAnswer(await upload(bytes, filename), what);
    await stillServes();
  }, 180_000);
});
