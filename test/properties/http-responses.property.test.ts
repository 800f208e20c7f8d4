import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { VERDICTS } from '../../core/attestation/verdict/verification.model.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { openApiValidator } from '../support/openapi-validator.js';

let h: Harness;
let snapshot: CorpusSnapshot;
const schemas = openApiValidator();

beforeAll(async () => {
  snapshot = await loadCorpusSnapshot();
  h = await startHarness({ snapshot, env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '1000000' } });
});
afterAll(async () => h.stop());

describe('every HTTP response validates against the OpenAPI document', () => {
  it('for arbitrary bodies: a 200 VerificationResponse or a 400 Problem, never anything else', async () => {
    const subjectish = fc.oneof(fc.string({ maxLength: 320 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.integer(), fc.constant(null), fc.constant(undefined));
    await fc.assert(
      fc.asyncProperty(subjectish, subjectish, async (artist, title) => {
        const res = await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: artist, subject_title: title } });
        if (res.status === 200) {
          expect(schemas.errors('VerificationResponse', res.body)).toEqual([]);
        } else {
          expect(res.status).toBe(400);
          expect(schemas.errors('Problem', res.body)).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('for subjects drawn from the shipped corpus (every verdict kind)', async () => {
    const artists = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
    const subjects = snapshot.works.flatMap((work) => work.attributions.map((attribution) => ({ work, attribution })));
    // Qualified attributions ("after", "attributed to", ...) are a few per cent of the corpus and
    // the ones that come out `contradicted`: drawn half of the time so every verdict kind shows up.
    const qualified = subjects.filter((s) => s.attribution.qualifier !== 'firm');
    const pick = (list: typeof subjects) => fc.integer({ min: 0, max: list.length - 1 }).map((i) => list[i]!);
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(pick(subjects), pick(qualified)), async ({ work, attribution }) => {
        const artist = artists.get(attribution.artist_id)!;
        const res = await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: artist.name, subject_title: work.title } });
        expect(res.status).toBe(200);
        expect(schemas.errors('VerificationResponse', res.body)).toEqual([]);
        seen.add(res.body.verdict);
      }),
      { numRuns: 300 },
    );
    expect([...seen].sort()).toEqual([...VERDICTS].sort());
  });
});
