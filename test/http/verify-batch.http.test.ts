import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/area-a.js';
import { catalogueCorpus } from '../fixtures/catalogue-corpus.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { openApiValidator } from '../support/openapi-validator.js';

let h: Harness;
let key: string;
const schemas = openApiValidator();
const SANDBOX_BUDGET = 5;

beforeAll(async () => {
  h = await startHarness({ snapshot: catalogueCorpus, env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: String(SANDBOX_BUDGET) } });
  key = (await h.deps.keys.create('catalogue partner', 10_000)).key;
});
afterAll(async () => h.stop());

const verify = (json: unknown, apiKey = key) => call(h.url, 'POST', '/api/v1/verify', { json, headers: { 'x-api-key': apiKey } });
const batch = (json: unknown, apiKey: string | null = key) =>
  call(h.url, 'POST', '/api/v1/verify/batch', { json, headers: apiKey === null ? {} : { 'x-api-key': apiKey } });

describe('POST /api/v1/verify and /verify/batch: which object (subject_medium, subject_date)', () => {
  const lot = { subject_artist: 'William Turner of Oxford', subject_title: 'Magdalen Tower' };

  it('describes the work an answer rests on, and refuses a lot of another kind with object_mismatch', async () => {
    const same = await verify({ ...lot, subject_medium: 'aquarelle sur papier', subject_date: 'vers 1820' });
    expect(schemas.errors('VerificationResponse', same.body)).toEqual([]);
    expect([same.body.verdict, same.body.reason, same.body.parsed.object_type]).toEqual(['attested', null, 'drawing']);
    expect(same.body.works).toEqual([
      { work_id: 'wrk_tate_N01003', title: 'Magdalen Tower', object_type: 'drawing', medium: 'Watercolour on paper', date: '1820', dimensions: 'support: 300 x 400 mm', collection: 'Tate', source_ref: 'https://www.tate.org.uk/art/artworks/wrk_tate_N01003' },
    ]);
    const other = await verify({ ...lot, subject_medium: 'huile sur toile' });
    expect(schemas.errors('VerificationResponse', other.body)).toEqual([]);
    expect([other.body.verdict, other.body.reason, other.body.parsed.object_type]).toEqual(['unavailable', 'object_mismatch', 'painting']);
    expect(other.body.attestations).toEqual([]);
    expect(other.body.near_matches.map((m: any) => [m.work_id, m.reason])).toEqual([['wrk_tate_N01003', 'object_mismatch']]);
    expect(other.body.works.map((w: any) => w.object_type)).toEqual(['drawing']);
    const later = await verify({ ...lot, subject_date: '1860' });
    expect([later.body.verdict, later.body.reason]).toEqual(['unavailable', 'object_mismatch']);
  });

  it('reads each subject\'s medium in a batch', async () => {
    const res = await batch({ subjects: [{ ...lot, subject_medium: 'Radierung', lot: '1' }, { ...lot, subject_medium: 'watercolour', lot: '2' }] });
    expect(res.status).toBe(200);
    expect(schemas.errors('VerifyBatchResponse', res.body)).toEqual([]);
    expect(res.body.results.map((r: any) => [r.lot, r.result.verdict, r.result.reason])).toEqual([
      ['1', 'unavailable', 'object_mismatch'],
      ['2', 'attested', null],
    ]);
  });

  it('refuses a medium or date that is not a short string with a 400 naming the field', async () => {
    const long = await verify({ ...lot, subject_medium: 'x'.repeat(201) });
    expectProblem(long, 400);
    expect(long.body.errors).toEqual([{ path: 'subject_medium', message: 'subject_medium must be at most 200 characters' }]);
    const number = await verify({ ...lot, subject_date: 1820 });
    expectProblem(number, 400);
    expect(number.body.errors).toEqual([{ path: 'subject_date', message: 'subject_date must be a string' }]);
  });
});

describe('POST /api/v1/verify: the parsed echo', () => {
  it('reads a catalogue artist line and title, and says how it read them', async () => {
    const res = await verify({ subject_artist: 'TURNER, Joseph Mallord William (London 1775-1851 Chelsea)', subject_title: '12. The Fighting Temeraire, 1839' });
    expect(res.status).toBe(200);
    expect(schemas.errors('VerificationResponse', res.body)).toEqual([]);
    expect(res.body.verdict).toBe('attested');
    expect(res.body.parsed).toEqual({
      name: 'Joseph Mallord William TURNER',
      qualifier: null,
      dates: { birth_year: 1775, death_year: 1851, active_from: null, active_to: null, circa: false, text: 'London 1775-1851 Chelsea' },
      title: 'The Fighting Temeraire',
      title_read_as: null,
      object_type: null,
    });
    expect(res.body.subject).toEqual({ artist: 'TURNER, Joseph Mallord William (London 1775-1851 Chelsea)', title: '12. The Fighting Temeraire, 1839' });
  });

  it('echoes a claimed French qualifier and judges it against the record', async () => {
    const res = await verify({ subject_artist: 'Atelier de John Hoppner', subject_title: 'Portrait of Mrs Jordan' });
    expect(res.body.parsed.qualifier).toBe('workshop_of');
    expect(res.body.verdict).toBe('attested');
    expect(res.body.suggested_requalification).toBeNull();
  });

  it('tells surname homonyms apart by the title, and refuses to pick when both have it', async () => {
    const one = await verify({ subject_artist: 'Turner', subject_title: 'Oxford from Headington Hill' });
    expect(one.body.verdict).toBe('attested');
    expect(one.body.parsed.name).toBe('William Turner');
    const both = await verify({ subject_artist: 'Turner', subject_title: 'A River Scene' });
    expect(both.body.verdict).toBe('unavailable');
    expect(both.body.near_matches.map((m: any) => [m.artist, m.reason]).sort()).toEqual([
      ['Joseph Mallord William Turner', 'ambiguous_artist'],
      ['William Turner', 'ambiguous_artist'],
    ]);
    expect(schemas.errors('VerificationResponse', both.body)).toEqual([]);
  });

  it('refuses dates that fit no artist of the name, with the artist as a near match', async () => {
    const res = await verify({ subject_artist: 'Joseph Mallord William Turner (1701-1760)', subject_title: 'The Fighting Temeraire' });
    expect(res.body.verdict).toBe('unavailable');
    expect(res.body.near_matches[0]).toMatchObject({ artist: 'Joseph Mallord William Turner', reason: 'similar_artist' });
  });
});

describe('POST /api/v1/verify/batch', () => {
  const subjects = [
    { subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire', lot: '101' },
    { subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan', lot: '102' },
    { subject_artist: 'John Hoppner\u0000', subject_title: 'Portrait of Mrs Jordan', lot: '103' },
    { subject_artist: 'Banksy', subject_title: 'Girl with Balloon' },
    'not an object',
    { subject_artist: 'J. M. W. Turner', subject_title: '  ', lot: '106' },
    { subject_artist: 'J. M. W. Turner', subject_title: 'Sketchbook leaf', subject_ref: 'D00002', lot: '107' },
  ];

  it('answers one result per subject in order, errors in place, the same verdicts as one by one', async () => {
    // The document accepts what the service answers: a validating gateway lets the batch through.
    expect(schemas.errors('VerifyBatchRequest', { subjects })).toEqual([]);
    expect(schemas.errors('VerifyBatchRequest', { subjects: [] })).not.toEqual([]);
    const res = await batch({ subjects });
    expect(res.status).toBe(200);
    expect(schemas.errors('VerifyBatchResponse', res.body)).toEqual([]);
    expect(res.text).toBe(JSON.stringify(res.body));
    expect(res.body).toMatchObject({ engine: 'records-attestation/v1', subjects: 7, served: 4, errors: 3 });
    expect(res.body.results.map((r: any) => [r.index, r.lot, r.result?.verdict ?? r.error.code])).toEqual([
      [0, '101', 'attested'],
      [1, '102', 'contradicted'],
      [2, '103', 'invalid_subject'],
      [3, null, 'unavailable'],
      [4, null, 'invalid_subject'],
      [5, '106', 'invalid_subject'],
      [6, '107', 'attested'],
    ]);
    expect(res.body.results[2].error.errors).toEqual([{ path: 'subject_artist', message: 'must not contain the NUL character (U+0000)' }]);
    expect(res.body.results[5].error.errors).toEqual([{ path: 'subject_title', message: 'subject_title must not be blank' }]);
    for (const [i, subject] of subjects.entries()) {
      const item = res.body.results[i];
      if (item.result === null) continue;
      const { lot: _lot, ...input } = subject as Record<string, string>;
      const single = await verify(input);
      const strip = (r: any) => ({ ...r, request_id: undefined, served_at: undefined });
      expect(strip(item.result)).toEqual(strip(single.body));
    }
  });

  it('gives each served subject its own request_id, archived on its own; the response keeps the request\'s id', async () => {
    const res = await batch({ subjects: subjects.slice(0, 2) });
    const ids = res.body.results.map((r: any) => r.result.request_id);
    expect(new Set(ids).size).toBe(2);
    expect(ids).not.toContain(res.headers.get('x-request-id'));
    for (const [i, id] of ids.entries()) {
      const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${id}`, { headers: { 'x-api-key': key } });
      expect(trace.status).toBe(200);
      expect(trace.body.response).toEqual(res.body.results[i].result);
      const { lot: _lot, ...input } = subjects[i] as Record<string, string>;
      expect(trace.body.request).toEqual(input);
    }
  });

  it('sends a batch of several hundred results as the bytes JSON.stringify gives, in order, the answers as archived', async () => {
    // The body is written a part at a time as the groups are served (ADR 0052): more results
    // than one part holds, errors between them, a lot of every kind.
    const served = [subjects[0], subjects[6]] as Array<Record<string, string>>;
    const many = Array.from({ length: 300 }, (_, i) => (i % 7 === 3 ? 'not an object' : { ...served[i % 2], lot: i % 5 === 0 ? undefined : `lot "${i}" ü` }));
    const res = await batch({ subjects: many });
    expect(res.status).toBe(200);
    expect(res.text).toBe(JSON.stringify(res.body));
    expect(res.body).toMatchObject({ subjects: 300, served: 257, errors: 43 });
    expect(res.body.results.map((r: any) => r.index)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(res.body.results.map((r: any) => r.lot)).toEqual(many.map((m) => (typeof m === 'object' ? (m.lot ?? null) : null)));
    expect(res.body.results.filter((r: any) => r.error !== null).every((r: any) => r.index % 7 === 3 && r.error.code === 'invalid_subject')).toBe(true);
    for (const i of [0, 1, 64, 65, 299]) {
      const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${res.body.results[i].result.request_id}`, { headers: { 'x-api-key': key } });
      expect(trace.body.response).toEqual(res.body.results[i].result);
    }
  });

  it('meters exactly the served subjects', async () => {
    const fresh = await h.deps.keys.create('metered batch', 10_000);
    const res = await batch({ subjects }, fresh.key);
    const usage = await call(h.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': fresh.key } });
    expect(usage.body.served_calls).toBe(res.body.served);
    expect(usage.body.served_calls).toBe(4);
  });

  it('counts every sandbox subject against the sandbox budget; subjects past it are rate_limited entries', async () => {
    const many = Array.from({ length: SANDBOX_BUDGET + 2 }, (_, i) => ({ subject_artist: 'Banksy', subject_title: `t${i}`, lot: String(i) }));
    const res = await batch({ subjects: many }, null);
    expect(res.status).toBe(200);
    expect(res.body.served).toBe(SANDBOX_BUDGET);
    expect(res.body.results.slice(SANDBOX_BUDGET).map((r: any) => r.error.code)).toEqual(['rate_limited', 'rate_limited']);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expectProblem(await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: 'Banksy', subject_title: 'x' } }), 429);
  });

  it('400 for a malformed body, no subjects, or more than 1,000 subjects; 415 for another media type', async () => {
    const one = { subject_artist: 'Banksy', subject_title: 'x' };
    const tooMany = await batch({ subjects: Array.from({ length: 1001 }, () => one) });
    expectProblem(tooMany, 400);
    expect(tooMany.body.errors).toEqual([{ path: 'subjects', message: 'subjects must hold at most 1000 subjects' }]);
    expect((await batch({ subjects: Array.from({ length: 1000 }, () => one) })).status).toBe(200);
    expectProblem(await batch({ subjects: [] }), 400);
    expectProblem(await batch({ subjects: 'Turner' }), 400);
    expectProblem(await batch({}), 400);
    expectProblem(await batch([one]), 400);
    expectProblem(await call(h.url, 'POST', '/api/v1/verify/batch', { body: '{"subjects": [', headers: { 'content-type': 'application/json', 'x-api-key': key } }), 400);
    expectProblem(await call(h.url, 'POST', '/api/v1/verify/batch', { body: 'subjects', headers: { 'content-type': 'text/plain', 'x-api-key': key } }), 415);
  });
});
