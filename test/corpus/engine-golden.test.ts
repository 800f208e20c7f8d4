/**
 * Golden check of the verdict engine: `evaluate` (and `AttestationEngine.answer`) over a large,
 * fixed set of subjects from the shipped corpus, hashed and compared with the committed digest
 * (engine-golden.digest.json). An optimisation of the engine must leave every answer
 * byte-identical; a deliberate change of a rule or of the corpus regenerates the digest with
 * `UPDATE_ENGINE_GOLDEN=1 npx vitest run test/corpus/engine-golden.test.ts` (review the sample diff).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { AttestationEngine } from '../../core/attestation/use-cases/verify-attribution.js';
import { evaluate } from '../../core/attestation/verdict/evaluate.js';
import type { VerifyInput } from '../../core/attestation/verdict/verification.model.js';
import { seededRandom } from '../../adapters/node/seeded-random.js';
import { readCases } from '../../corpus/build/eval-run.js';
import { DEFAULT_CATALOGUE_CASES } from '../../corpus/build/eval-catalogue-sample.js';
import { catalogueSubjects, sampleSubjects } from '../../corpus/build/subject-samples.js';

const DIGEST_FILE = fileURLToPath(new URL('./engine-golden.digest.json', import.meta.url));

interface GoldenDigest {
  /** Subjects per group, and the sha256 of their outcomes' JSON, one line each. */
  groups: Record<string, { count: number; sha256: string }>;
  /** A few outcomes in full, to read what changed when a digest differs. */
  sample: Record<string, string[]>;
}

/** Characters that take every path of the folding (ASCII, Latin-1, combining marks, quotes, other scripts, astral). */
const ALPHABET = [...'aZ09 ,.;:-\'()[]&/éÉøßæŒłİıǅﬁ\u0301\u0308\u2019\u2013\u00a0ΩЖ日本\u{1d400}'];

/** Noise and decorated forms: random text of ALPHABET, and corpus names and titles with it around them. */
function noisySubjects(snapshot: CorpusSnapshot, count: number): VerifyInput[] {
  const random = seededRandom(99);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const noise = (max: number) => Array.from({ length: Math.floor(random() * max) }, () => pick(ALPHABET)).join('');
  const out: VerifyInput[] = [];
  for (let i = 0; i < count; i += 1) {
    const work = pick(snapshot.works);
    const artist = snapshot.artists.find((a) => a.artist_id === work.attributions[0]?.artist_id);
    const name = artist?.name ?? noise(20);
    const r = random();
    if (r < 0.3) out.push({ subject_artist: noise(40), subject_title: noise(60) });
    else if (r < 0.6) out.push({ subject_artist: `${noise(4)}${name.toUpperCase()}${noise(4)}`, subject_title: `${noise(3)}${work.title}${noise(3)}` });
    else out.push({ subject_artist: name, subject_title: work.title, subject_ref: pick([...work.inventory_numbers, work.work_id, noise(8)]) });
  }
  return out;
}

const strip = ({ subject_artist, subject_title, subject_ref }: VerifyInput): VerifyInput =>
  subject_ref === undefined ? { subject_artist, subject_title } : { subject_artist, subject_title, subject_ref };

let groups: Record<string, VerifyInput[]>;
let index: CorpusIndex;

beforeAll(async () => {
  const snapshot = await loadCorpusSnapshot();
  index = CorpusIndex.build(snapshot);
  groups = {
    sample_subjects: sampleSubjects(snapshot, 20_000).map(strip),
    catalogue_subjects: catalogueSubjects(snapshot, 20_000).map(strip),
    eval_cases: readCases<VerifyInput>().map(strip),
    catalogue_cases: readCases<VerifyInput>(DEFAULT_CATALOGUE_CASES).map(strip),
    noisy_subjects: noisySubjects(snapshot, 3_000),
  };
}, 120_000);

function digestOf(lines: readonly string[]): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line).update('\n');
  return hash.digest('hex');
}

function outcomes(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [group, subjects] of Object.entries(groups)) out[group] = subjects.map((s) => JSON.stringify(evaluate(index, s)));
  // The engine's envelope over the same evaluation, with a fixed clock and ids.
  let n = 0;
  const engine = new AttestationEngine(
    { current: () => ({ index, revision: 'golden' }) },
    { now: () => new Date(Date.UTC(2026, 10, 24)) },
    { uuid: () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`, secret: () => 'unused' },
  );
  // The served text (its disclaimer appended, not serialised again) is the digest's: it must be
  // the JSON of the response it comes with, and of `answer`'s.
  out.engine_answers = (groups.catalogue_subjects ?? []).slice(0, 2_000).map((s, i) => {
    const { response, json } = engine.served(s, i % 2 === 0 ? `req-${i}` : undefined);
    expect(json).toBe(JSON.stringify(response));
    expect(Object.keys(response).at(-1)).toBe('disclaimer');
    return json;
  });
  return out;
}

describe('engine golden digest', () => {
  it('answers every subject byte-identically to the committed digest', () => {
    const all = outcomes();
    const actual: GoldenDigest = { groups: {}, sample: {} };
    for (const [group, lines] of Object.entries(all)) {
      actual.groups[group] = { count: lines.length, sha256: digestOf(lines) };
      actual.sample[group] = lines.filter((_, i) => i % 997 === 0).slice(0, 4);
    }
    if (process.env.UPDATE_ENGINE_GOLDEN === '1') writeFileSync(DIGEST_FILE, `${JSON.stringify(actual, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(DIGEST_FILE, 'utf8')) as GoldenDigest;
    expect(actual.sample).toEqual(expected.sample);
    expect(actual.groups).toEqual(expected.groups);
    // Every verdict occurs, and the mix reaches the fuzzy search (near matches) and the ambiguous paths.
    const flat = Object.values(all).flat().join('\n');
    for (const needle of ['"verdict":"attested"', '"verdict":"contradicted"', '"verdict":"unavailable"', '"reason":"similar_title"', '"reason":"similar_artist"', '"reason":"ambiguous_title"', '"reason":"ambiguous_artist"']) {
      expect(flat).toContain(needle);
    }
  }, 120_000);
});
