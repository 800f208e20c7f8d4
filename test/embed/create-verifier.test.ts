import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { AttestationEngine } from '../../core/attestation/use-cases/verify-attribution.js';
import { sampleSubjects } from '../../corpus/build/subject-samples.js';
import { createVerifier } from '../../runtimes/embed/index.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { loopTurnsDuring } from '../support/loop-turns.js';

let snapshot: CorpusSnapshot;
let h: Harness;
beforeAll(async () => {
  snapshot = await loadCorpusSnapshot();
  h = await startHarness({ snapshot, env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '100000' } });
});
afterAll(async () => h.stop());

const outcome = (r: any) => ({
  verdict: r.verdict,
  verified_pillars: r.verified_pillars,
  contradicted_pillars: r.contradicted_pillars,
  attestations: r.attestations,
  near_matches: r.near_matches,
  suggested_requalification: r.suggested_requalification,
  corpus_revision: r.corpus_revision,
});

describe('createVerifier()', () => {
  it('works with no options on the bundled corpus and gives the HTTP API\'s verdicts', async () => {
    const verifier = createVerifier();
    const artists = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
    // Every 997th work: a spread over all sources, by rule, not hand-picked.
    const subjects = snapshot.works
      .filter((_, i) => i % 997 === 0)
      .map((w) => ({ subject_artist: artists.get(w.attributions[0].artist_id)!.name, subject_title: w.title }));
    subjects.push({ subject_artist: 'Banksy', subject_title: 'Girl with Balloon' });
    const verdicts = new Set<string>();
    for (const s of subjects) {
      const embedded = await verifier.verify(s);
      const http = await call(h.url, 'POST', '/api/v1/verify', { json: s });
      expect(outcome(embedded), JSON.stringify(s)).toEqual(outcome(http.body));
      verdicts.add(embedded.verdict);
    }
    expect(verdicts.has('attested')).toBe(true);
    expect(verdicts.has('unavailable')).toBe(true);
    const coverage = await verifier.coverage();
    const httpCoverage = await call(h.url, 'GET', '/api/v1/verify/coverage');
    expect({ ...coverage, generated_at: '' }).toEqual({ ...httpCoverage.body, generated_at: '' });
  });

  it("answers the README's coverage examples over HTTP from the shipped corpus", async () => {
    const ask = async (subject_artist: string, subject_title: string) =>
      (await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist, subject_title } })).body;
    const sargent = await ask('John Singer Sargent', 'Carnation, Lily, Lily, Rose');
    expect(sargent.verdict).toBe('attested');
    expect(sargent.attestations.every((a: any) => a.verified_by === 'import:tate' && a.source_ref.includes('n01615'))).toBe(true);
    const picasso = await ask('Pablo Picasso', 'Guernica');
    expect(picasso.verdict).toBe('unavailable');
    expect(picasso.attestations).toEqual([]);
    const camille = await ask('Pissarro', 'The Boulevard Montmartre at Night');
    expect(camille.verdict).toBe('attested');
    expect(camille.parsed.name).toBe('Camille Pissarro');
    const pissarro = await ask('Pissarro', 'Bookplate and New Year Card');
    expect(pissarro.verdict).toBe('unavailable');
    expect(pissarro.attestations).toEqual([]);
    expect(pissarro.near_matches.map((m: any) => [m.artist, m.reason]).sort()).toEqual([
      ['Esther Pissarro', 'ambiguous_artist'],
      ['Lucien Pissarro', 'ambiguous_artist'],
    ]);
  });

  it('echoes an inverted artist line in natural order, even where the corpus holds the inverted form', async () => {
    // The shipped corpus has the alias "Turner, Joseph Mallord William": the most literal form matches.
    const answer = await createVerifier({ snapshot }).verify({ subject_artist: 'TURNER, Joseph Mallord William (1775-1851)', subject_title: 'Norham Castle, Sunrise' });
    expect(answer.verdict).toBe('attested');
    expect(answer.parsed).toMatchObject({ name: 'Joseph Mallord William TURNER', dates: { birth_year: 1775, death_year: 1851 } });
    const plain = await createVerifier({ snapshot }).verify({ subject_artist: 'Sir Joshua Reynolds P.R.A.', subject_title: 'The Age of Innocence' });
    expect(plain.parsed.name).toBe('Sir Joshua Reynolds');
  });

  it('rejects invalid input with field errors', async () => {
    await expect(createVerifier({ snapshot }).verify({ subject_artist: ' ', subject_title: 'x' })).rejects.toMatchObject({
      code: 'VALIDATION',
      errors: [{ path: 'subject_artist', message: 'subject_artist must not be blank' }],
    });
  });
});

describe('createVerifier().verifyBatch: shares the host and stops on its signal (issue 25, defects 3 and 8)', () => {
  const batchOf = (n: number) => sampleSubjects(snapshot, n, 25).map(({ subject_artist, subject_title }) => ({ subject_artist, subject_title }));

  it("lets the host's event loop run while it answers 1,000 subjects", async () => {
    const verifier = createVerifier({ snapshot });
    await verifier.verify({ subject_artist: 'Banksy', subject_title: 'x' }); // the corpus loaded
    const { turns, value: result } = await loopTurnsDuring(() => verifier.verifyBatch(batchOf(1000)));
    expect(result.served).toBe(1000);
    // Answered in one go, the batch would have let no turn of the loop pass.
    expect(turns).toBeGreaterThan(1);
  });

  it('answers no subject after its signal aborts, and rejects with the signal\'s reason', async () => {
    const verifier = createVerifier({ snapshot });
    await verifier.verify({ subject_artist: 'Banksy', subject_title: 'x' });
    const controller = new AbortController();
    const real = AttestationEngine.prototype.answer;
    // The real engine answers; the 10th answer is when the host gives up.
    const answers = vi.spyOn(AttestationEngine.prototype, 'answer').mockImplementation(function (this: AttestationEngine, ...args) {
      const answer = real.apply(this, args);
      if (answers.mock.calls.length === 10) controller.abort();
      return answer;
    });
    try {
      await expect(verifier.verifyBatch(batchOf(1000), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
      expect(answers.mock.calls.length).toBe(10);
      await expect(verifier.verifyBatch(batchOf(5), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
      expect(answers.mock.calls.length).toBe(10);
    } finally {
      answers.mockRestore();
    }
  });
});

