import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { expectProblem } from '../support/area-a.js';
import { openApiValidator } from '../support/openapi-validator.js';

let h: Harness;
let key: string;
let otherKey: string;
const schemas = openApiValidator();

beforeAll(async () => {
  h = await startHarness({ snapshot: httpCorpus });
  const keys = h.deps.keys;
  key = (await keys.create('test partner', 1000)).key;
  otherKey = (await keys.create('other partner', 1000)).key;
});
afterAll(async () => h.stop());

const verify = (json: unknown, headers: Record<string, string> = {}) =>
  call(h.url, 'POST', '/api/v1/verify', { json, headers: { 'x-api-key': key, ...headers } });


describe('POST /api/v1/verify: verdicts', () => {
  it('attests a firm attribution, name order and case ignored, with every claim sorted by confidence', async () => {
    const res = await verify({ subject_artist: 'TURNER, Joseph Mallord William', subject_title: 'the fighting temeraire' });
    expect(res.status).toBe(200);
    expect(schemas.errors('VerificationResponse', res.body)).toEqual([]);
    expect(res.body.verdict).toBe('attested');
    expect(res.body.engine).toBe('records-attestation/v1');
    expect(res.body.subject).toEqual({ artist: 'TURNER, Joseph Mallord William', title: 'the fighting temeraire' });
    expect(res.body.verified_pillars).toEqual(['provenance', 'authentication'].sort((a, b) => ['provenance', 'authentication', 'market', 'condition'].indexOf(a) - ['provenance', 'authentication', 'market', 'condition'].indexOf(b)));
    expect(res.body.attestations).toHaveLength(3);
    const confidences = res.body.attestations.map((a: any) => a.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
    const kb = res.body.attestations.find((a: any) => a.verified_by === 'import:kb');
    const museum = res.body.attestations.filter((a: any) => a.verified_by === 'import:tate');
    for (const m of museum) expect(m.confidence).toBeGreaterThan(kb.confidence);
    expect(res.body.suggested_requalification).toBeNull();
  });

  it('contradicts a qualified attribution and suggests a requalification', async () => {
    const res = await verify({ subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' });
    expect(res.status).toBe(200);
    expect(schemas.errors('VerificationResponse', res.body)).toEqual([]);
    expect(res.body.verdict).toBe('contradicted');
    expect(res.body.contradicted_pillars).toEqual(['authentication']);
    expect(res.body.suggested_requalification.article).toMatch(/5/);
  });

  it('answers unavailable (a 200, not an error) outside the corpus', async () => {
    const res = await verify({ subject_artist: 'Banksy', subject_title: 'Girl with Balloon' });
    expect(res.status).toBe(200);
    expect(res.body.verdict).toBe('unavailable');
    expect(res.body.attestations).toEqual([]);
  });

  it('lists both works as ambiguous and lets subject_ref pick one', async () => {
    const amb = await verify({ subject_artist: 'J. M. W. Turner', subject_title: 'Sketchbook leaf' });
    expect(amb.body.verdict).toBe('unavailable');
    expect(amb.body.reason).toBe('ambiguous_title');
    expect(amb.body.near_matches.map((m: any) => [m.work_id, m.reason])).toEqual([
      ['wrk_tate_D00001', 'ambiguous_title'],
      ['wrk_tate_D00002', 'ambiguous_title'],
    ]);
    const picked = await verify({ subject_artist: 'J. M. W. Turner', subject_title: 'Sketchbook leaf', subject_ref: 'D00002' });
    expect(picked.body.verdict).toBe('attested');
    expect(picked.body.attestations[0].source_ref).toContain('D00002');
  });

  it('works in the sandbox without a key', async () => {
    const res = await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' } });
    expect(res.status).toBe(200);
    expect(res.body.verdict).toBe('contradicted');
  });
});

describe('POST /api/v1/verify: bad input', () => {
  it('400 on malformed JSON', async () => {
    const res = await call(h.url, 'POST', '/api/v1/verify', { body: '{"subject_artist": "x",', headers: { 'content-type': 'application/json' } });
    expectProblem(res, 400);
    expect(res.body.detail).toMatch(/JSON/);
  });

  it('400 naming each bad field: wrong types, blank and over-long values, missing fields', async () => {
    const wrong = await verify({ subject_artist: 42, subject_title: ['x'] });
    expectProblem(wrong, 400);
    expect(wrong.body.errors.map((e: any) => e.path).sort()).toEqual(['subject_artist', 'subject_title']);

    const blank = await verify({ subject_artist: '   ', subject_title: 'Snow Storm' });
    expectProblem(blank, 400);
    expect(blank.body.errors).toEqual([{ path: 'subject_artist', message: 'subject_artist must not be blank' }]);

    const long = await verify({ subject_artist: 'Turner', subject_title: 'x'.repeat(301) });
    expectProblem(long, 400);
    expect(long.body.errors[0].path).toBe('subject_title');

    const exactly300 = await verify({ subject_artist: 'Turner', subject_title: `  ${'x'.repeat(300)}  ` });
    expect(exactly300.status).toBe(200);

    const missing = await verify({});
    expectProblem(missing, 400);
    expect(missing.body.errors).toHaveLength(2);
  });

  it('400 when the body is not a JSON object', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await call(h.url, 'POST', '/api/v1/verify', { body, headers: { 'content-type': 'application/json' } });
      expectProblem(res, 400);
    }
    expectProblem(await call(h.url, 'POST', '/api/v1/verify'), 400);
  });

  it('415 on another content type', async () => {
    expectProblem(await call(h.url, 'POST', '/api/v1/verify', { body: 'subject_artist=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
    expectProblem(await call(h.url, 'POST', '/api/v1/verify', { body: '{}', headers: { 'content-type': 'text/plain' } }), 415);
  });

  it('413 on a 2 MiB body, and the server still answers afterwards', async () => {
    const big = JSON.stringify({ subject_artist: 'Turner', subject_title: 'x'.repeat(2 * 1024 * 1024) });
    const res = await call(h.url, 'POST', '/api/v1/verify', { body: big, headers: { 'content-type': 'application/json' } }).catch(
      (err) => ({ status: -1, err }) as any,
    );
    if (res.status !== -1) expectProblem(res, 413);
    const after = await verify({ subject_artist: 'Turner, J. M. W.', subject_title: 'The Fighting Temeraire' });
    expect(after.status).toBe(200);
  });

  it('401 on an unknown key, never a silent sandbox', async () => {
    const res = await verify({ subject_artist: 'Turner', subject_title: 'x' }, { 'x-api-key': 'svk_not_a_key' });
    expectProblem(res, 401);
    expectProblem(await verify({ subject_artist: 'Turner', subject_title: 'x' }, { 'x-api-key': '' }), 401);
  });

  it('401 on a revoked key', async () => {
    const keys = h.deps.keys;
    const created = await keys.create('to revoke');
    expect((await verify({ subject_artist: 'Turner', subject_title: 'x' }, { 'x-api-key': created.key })).status).toBe(200);
    await keys.revoke(created.key_id);
    expectProblem(await verify({ subject_artist: 'Turner', subject_title: 'x' }, { 'x-api-key': created.key }), 401);
  });
});

describe('audit trail, replay and usage', () => {
  it('archives every served verification and reads the trace back for the same key only', async () => {
    const res = await verify({ subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' });
    const id = res.body.request_id;
    const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${id}`, { headers: { 'x-api-key': key } });
    expect(trace.status).toBe(200);
    expect(schemas.errors('VerificationTrace', trace.body)).toEqual([]);
    expect(trace.body.response).toEqual(res.body);
    expect(trace.body.tier).toBe('production');
    expect(trace.body.request).toEqual({ subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' });
    expectProblem(await call(h.url, 'GET', `/api/v1/verify/requests/${id}`, { headers: { 'x-api-key': otherKey } }), 404);
    expectProblem(await call(h.url, 'GET', `/api/v1/verify/requests/${id}`), 404);
  });

  it('404 on an unknown id, 400 on a malformed one', async () => {
    expectProblem(await call(h.url, 'GET', `/api/v1/verify/requests/${crypto.randomUUID()}`), 404);
    const bad = await call(h.url, 'GET', '/api/v1/verify/requests/not-a-uuid');
    expectProblem(bad, 400);
    expect(bad.body.errors[0].path).toBe('request_id');
  });

  it('replays against today\'s corpus and says whether the outcome changed', async () => {
    const res = await verify({ subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' });
    const replay = await call(h.url, 'POST', `/api/v1/verify/requests/${res.body.request_id}/replay`, { headers: { 'x-api-key': key } });
    expect(replay.status).toBe(200);
    expect(schemas.errors('ReplayResult', replay.body)).toEqual([]);
    expect(replay.body.changed).toBe(false);
    expect(replay.body.original).toEqual(res.body);
    expect(replay.body.replay.request_id).not.toBe(res.body.request_id);
    expect(replay.body.replay.verdict).toBe('contradicted');
  });

  it('meters served calls per key and month, as the invoice figure', async () => {
    const keys = h.deps.keys;
    const fresh = await keys.create('metered');
    for (let i = 0; i < 3; i++) {
      await verify({ subject_artist: 'Banksy', subject_title: `t${i}` }, { 'x-api-key': fresh.key });
    }
    await verify({ subject_artist: '', subject_title: 'x' }, { 'x-api-key': fresh.key }); // 400: not served, not metered
    const month = new Date().toISOString().slice(0, 7);
    const usage = await call(h.url, 'GET', `/api/v1/verify/usage?month=${month}`, { headers: { 'x-api-key': fresh.key } });
    expect(usage.status).toBe(200);
    expect(schemas.errors('UsageStatement', usage.body)).toEqual([]);
    expect(usage.body).toEqual({ key_id: fresh.key_id, month, plan: 'production', served_calls: 3, unit_price_eur: 0.1, amount_cents: 30, amount_eur: 0.3 });
    const current = await call(h.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': fresh.key } });
    expect(current.body.month).toBe(month);
  });

  it('usage needs a key (401) and a well-formed month (400)', async () => {
    expectProblem(await call(h.url, 'GET', '/api/v1/verify/usage'), 401);
    const bad = await call(h.url, 'GET', '/api/v1/verify/usage?month=2026-13', { headers: { 'x-api-key': key } });
    expectProblem(bad, 400);
    expect(bad.body.errors[0].path).toBe('month');
  });
});

describe('coverage', () => {
  it('serves the manifest with an ETag and honours If-None-Match', async () => {
    const res = await call(h.url, 'GET', '/api/v1/verify/coverage');
    expect(res.status).toBe(200);
    expect(schemas.errors('CoverageManifest', res.body)).toEqual([]);
    expect(res.body.counts.artists).toBe(2);
    expect(res.body.counts.works).toBe(4);
    expect(res.body.artists.map((a: any) => a.name)).toContain('Joseph Mallord William Turner');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${h.url}/api/v1/verify/coverage`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });
});

describe('conventions', () => {
  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const ok = await call(h.url, 'GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(ok.headers.get('x-request-id')).toBe('abc-123');
    const bad = await call(h.url, 'GET', '/healthz', { headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('404 problem on an unknown route, 405 on a wrong method', async () => {
    expectProblem(await call(h.url, 'GET', '/api/v1/nope'), 404);
    expectProblem(await call(h.url, 'DELETE', '/api/v1/verify/coverage'), 405);
  });

  it('serves health, readiness, metrics, the OpenAPI document and the reference page', async () => {
    expect((await call(h.url, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await call(h.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ database: expect.stringMatching(/^ok \((sqlite|postgres; pool)/), lifecycle: 'ok' });
    const metrics = await call(h.url, 'GET', '/metrics');
    expect(metrics.text).toMatch(/http_request_duration_seconds_bucket/);
    expect(metrics.text).toMatch(/attestation_verdicts_total\{verdict="attested",tier="production"\}/);
    const openapi = await call(h.url, 'GET', '/api/v1/openapi.json');
    expect(openapi.body).toEqual(schemas.document);
    const docs = await call(h.url, 'GET', '/docs');
    expect(docs.text).toMatch(/swagger-ui-bundle\.js/);
    const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    for (const [asset, type] of [['swagger-ui-bundle.js', /^text\/javascript/], ['swagger-ui.css', /^text\/css/]] as const) {
      const res = await call(h.url, 'GET', `/docs/${asset}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.text).toBe(readFileSync(join(swaggerDir, asset), 'utf8'));
    }
    const init = await call(h.url, 'GET', '/docs/init.js');
    expect(init.text).toMatch(/SwaggerUIBundle\(\{ url: '\/api\/v1\/openapi\.json'/);
    // Every asset is served as a type the document declares for it (a validating proxy checks this).
    const declared = Object.keys(schemas.document.paths['/docs/{asset}'].get.responses['200'].content);
    for (const asset of ['init.js', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-ui.css', 'favicon-32x32.png']) {
      const res = await call(h.url, 'GET', `/docs/${asset}`);
      expect(declared, asset).toContain(res.headers.get('content-type')!.split(';')[0]);
    }
    expectProblem(await call(h.url, 'GET', '/docs/package.json'), 404);
    expectProblem(await call(h.url, 'GET', '/docs/..%2Fpackage.json'), 404);
  });
});
