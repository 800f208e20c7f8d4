import { describe, expect, it } from 'vitest';
import { CorpusHolder } from '../../../core/attestation/operator-research/corpus-provider.js';
import { CorpusIndex } from '../../../core/attestation/corpus/corpus-index.js';
import { evaluate } from '../../../core/attestation/verdict/evaluate.js';
import { operatorLayer } from '../../../core/attestation/operator-research/operator-layer.js';
import { EMPTY_OPERATOR_RESEARCH, type OperatorResearch } from '../../../core/attestation/operator-research/operator-research.model.js';
import { validateOperatorLines, type OperatorLine } from '../../../core/attestation/operator-research/operator-validation.js';
import { parseQualifier } from '../../../core/attestation/corpus/qualifier-phrases.js';
import { ImportOperatorResearch, OperatorResearchSync } from '../../../core/attestation/use-cases/operator-research.js';
import { MemoryOperatorResearchStore } from '../../../adapters/memory/memory-operator-research.store.js';
import { ARTISTS, WORKS, fixtureSnapshot } from '../../fixtures/attestation/fixture-corpus.js';

const NOW = new Date('2026-11-21T10:00:00Z');
const clock = { now: () => NOW };
let n = 0;
const ids = { uuid: () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`, secret: () => 'x' };

const base = { pillar: 'provenance', kind: 'ownership_event', claim: 'Bought from the artist, 1801.', source_ref: 'https://example.org/r/1', researcher: 'A. Dupont' };
const lines = (...values: unknown[]): OperatorLine[] => values.map((value, i) => ({ line: i + 1, value }));

function validate(values: unknown[], research: OperatorResearch = EMPTY_OPERATOR_RESEARCH, index = CorpusIndex.build(fixtureSnapshot())) {
  return validateOperatorLines(lines(...values), { index, research, import_id: 'imp_test', file: 'f.ndjson', now: NOW });
}

describe('operator research lines', () => {
  it('accepts a claim on an existing work and one that adds a work with its attribution', () => {
    const r = validate([
      { ...base, work_id: WORKS.norham.work_id },
      { ...base, artist: 'Rembrandt van Rijn', title: 'An Old Man Reading', inventory_number: 'P-12', pillar: 'authentication', kind: 'attribution', attribution: { artist: 'Rembrandt', qualifier: 'Workshop of' } },
      { ...base, artist: 'Rijn, Rembrandt van', title: 'An old man reading', inventory_number: 'p 12', pillar: 'market', kind: 'sale', claim: 'Sold in 1921.' },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.batch.works).toHaveLength(1);
    expect(r.batch.works[0]).toMatchObject({ artist_id: 'art_rembrandt', title: 'An Old Man Reading', inventory_number: 'P-12' });
    expect(r.batch.claims.map((c) => c.work_id)).toEqual([WORKS.norham.work_id, r.batch.works[0].work_id, r.batch.works[0].work_id]);
    expect(r.batch.claims[1].attribution).toEqual({ artist_id: 'art_rembrandt', qualifier: 'workshop_of' });
    expect(r.batch.import).toMatchObject({ claims: 3, works_added: 1, artists_added: 0, researchers: ['A. Dupont'], lines: 3 });
  });

  it('resolves artist + title to the existing work, by inventory number when titles repeat', () => {
    const one = validate([{ ...base, artist: 'J. M. W. Turner', title: 'Norham Castle: Sunrise' }]);
    expect(one.ok && one.batch.claims[0].work_id).toBe(WORKS.norham.work_id);
    const picked = validate([{ ...base, artist: 'Turner, Joseph Mallord William', title: 'Study of Sea', inventory_number: 'D35960' }]);
    expect(picked.ok && picked.batch.claims[0].work_id).toBe(WORKS.seaB.work_id);
    const ambiguous = validate([{ ...base, artist: 'J. M. W. Turner', title: 'Study of Sea' }]);
    expect(ambiguous).toEqual({ ok: false, errors: [{ line: 1, message: expect.stringMatching(/2 works of this artist are titled "Study of Sea": give work_id/) }] });
  });

  it('reports every bad line by number and yields no batch', () => {
    const r = validate([
      { ...base, work_id: WORKS.norham.work_id },
      { ...base, work_id: 'wrk_nope' },
      { ...base, work_id: WORKS.norham.work_id, pillar: 'market' },
      { ...base, work_id: WORKS.norham.work_id, source_ref: 'see the file in the archive' },
      { ...base, work_id: WORKS.norham.work_id, colour: 'red' },
      { ...base, work_id: WORKS.norham.work_id, artist: 'Turner' },
      { ...base, artist: 'Pablo Picasso', title: 'Guernica', pillar: 'authentication', kind: 'attribution', attribution: { artist: 'Pablo Picasso', qualifier: 'firm' } },
      { ...base, artist: 'Pablo Picasso', artist_death_year: 1973, title: 'Guernica' },
      { ...base, work_id: WORKS.norham.work_id, pillar: 'provenance', attribution: { artist: 'Turner', qualifier: 'firm' } },
      { ...base, work_id: WORKS.norham.work_id, pillar: 'authentication', kind: 'attribution', attribution: { artist: 'J. M. W. Turner', qualifier: 'sort of' } },
      [1, 2],
      { ...base, work_id: WORKS.norham.work_id },
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byLine = Object.fromEntries(r.errors.map((e) => [e.line, e.message]));
    expect(Object.keys(byLine).map(Number)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(byLine[2]).toMatch(/work_id wrk_nope is not in the corpus/);
    expect(byLine[3]).toMatch(/kind ownership_event does not fit pillar market/);
    expect(byLine[4]).toMatch(/source_ref must be an http\(s\) URL/);
    expect(byLine[5]).toMatch(/unknown field colour/);
    expect(byLine[6]).toMatch(/either work_id or artist and title/);
    expect(byLine[7]).toMatch(/"Pablo Picasso" is not covered by the corpus: give artist_death_year \(in or before 1955\)/);
    expect(byLine[8]).toMatch(/artist_death_year 1973 is too recent/);
    expect(byLine[9]).toMatch(/attribution is only for the authentication pillar/);
    expect(byLine[10]).toMatch(/attribution.qualifier must be a qualifier/);
    expect(byLine[11]).toBe('not a JSON object');
    expect(byLine[12]).toBe('same claim as line 1');
  });

  it('adds an artist who died long enough ago, and needs an attribution for a new work', () => {
    const missing = validate([{ ...base, artist: 'Jean Petitot', artist_death_year: 1691, title: 'Miniature of a Lady' }]);
    expect(missing).toEqual({ ok: false, errors: [{ line: 1, message: expect.stringMatching(/new work "Miniature of a Lady" needs an attribution/) }] });
    const r = validate([
      { ...base, artist: 'Jean Petitot', artist_birth_year: 1607, artist_death_year: 1691, title: 'Miniature of a Lady', pillar: 'authentication', kind: 'attribution', attribution: { artist: 'Jean Petitot', qualifier: 'firm' } },
      { ...base, artist: 'Petitot, Jean', title: 'Miniature of a Lady' },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.batch.artists).toEqual([{ artist_id: expect.stringMatching(/^art_op_[0-9a-f]{10}$/), import_id: 'imp_test', name: 'Jean Petitot', birth_year: 1607, death_year: 1691 }]);
    expect(r.batch.works[0].artist_id).toBe(r.batch.artists[0].artist_id);
    expect(new Set(r.batch.claims.map((c) => c.work_id)).size).toBe(1);
    const unnamed = validate([
      { ...base, artist: 'Jean Petitot', artist_death_year: 1691, title: 'Miniature of a Lady', pillar: 'authentication', kind: 'attribution', attribution: { artist: 'Gustave Courbet', qualifier: 'after' } },
    ]);
    expect(unnamed).toEqual({ ok: false, errors: [{ line: 1, message: expect.stringMatching(/new artist "Jean Petitot" is named by no attribution/) }] });
  });

  it('refuses a claim an earlier import already made, and an empty file', () => {
    const first = validate([{ ...base, work_id: WORKS.norham.work_id }]);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const research: OperatorResearch = { revision: 1, artists: [], works: [], claims: first.batch.claims, applied_at: { imp_test: NOW.toISOString() } };
    expect(validate([{ ...base, work_id: WORKS.norham.work_id }], research)).toEqual({ ok: false, errors: [{ line: 1, message: expect.stringMatching(/already in the corpus/) }] });
    expect(validate([])).toEqual({ ok: false, errors: [{ line: 0, message: 'the file holds no claims' }] });
  });

  it('reads qualifiers as codes or phrases', () => {
    expect(parseQualifier('workshop_of')).toBe('workshop_of');
    expect(parseQualifier('Workshop of')).toBe('workshop_of');
    expect(parseQualifier('formerly attributed to')).toBe('formerly_attributed_to');
    expect(parseQualifier('firm')).toBe('firm');
    expect(parseQualifier('by')).toBe('firm');
    expect(parseQualifier('possibly by')).toBe('possibly');
    expect(parseQualifier('kind of')).toBeUndefined();
  });
});

describe('operator research over the corpus', () => {
  async function imported(values: unknown[]) {
    const holder = new CorpusHolder(fixtureSnapshot());
    const store = new MemoryOperatorResearchStore();
    const outcome = await new ImportOperatorResearch(holder, store, clock, ids).execute(lines(...values), 'f.ndjson');
    return { holder, store, outcome };
  }

  it('lets the operator tier decide the verdict of the work it attributes', async () => {
    const { holder, outcome } = await imported([
      { ...base, work_id: WORKS.norham.work_id, pillar: 'authentication', kind: 'attribution', claim: 'Studio hand in the sky.', attribution: { artist: 'J. M. W. Turner', qualifier: 'attributed to' } },
    ]);
    expect(outcome).toMatchObject({ applied: true, corpus_revision: 'fixture-1.1' });
    const view = holder.current();
    expect(view.revision).toBe('fixture-1.1');
    const before = evaluate(holder.shipped, { subject_artist: 'Turner, Joseph Mallord William', subject_title: 'Norham Castle, Sunrise' });
    const after = evaluate(view.index, { subject_artist: 'Turner, Joseph Mallord William', subject_title: 'Norham Castle, Sunrise' });
    expect(before.verdict).toBe('attested');
    expect(after.verdict).toBe('contradicted');
    expect(after.suggested_requalification?.article).toBe('art. 4');
    expect(after.attestations[0]).toMatchObject({ verified_by: 'operator', confidence: 0.99, claim: 'Studio hand in the sky. [operator research: A. Dupont, 2026-11-21]' });
  });

  it('adds a new work, verifiable at once, and counts the operator claims', async () => {
    const { holder } = await imported([
      { ...base, artist: 'Gustave Courbet', title: 'The Wave at Étretat', pillar: 'authentication', kind: 'attribution', claim: 'Signed and dated 1869.', attribution: { artist: 'Gustave Courbet', qualifier: 'firm' } },
      { ...base, artist: 'Gustave Courbet', title: 'The Wave at Etretat', claim: 'Durand-Ruel stock book, 1872.' },
    ]);
    const out = evaluate(holder.current().index, { subject_artist: 'Courbet, Gustave', subject_title: 'Wave at Étretat' });
    expect(out.verdict).toBe('attested');
    expect(out.attestations.map((a) => a.verified_by)).toEqual(['operator', 'operator']);
    expect(out.verified_pillars).toEqual(['provenance', 'authentication']);
    const counts = holder.current().index.counts;
    expect(counts.works).toBe(fixtureSnapshot().works.length + 1);
    expect(counts.claims_by_source.operator).toBe(holder.shipped.counts.claims_by_source.operator + 2);
  });

  it('gives the same answers as a full rebuild of the merged corpus', async () => {
    const { holder, store } = await imported([
      { ...base, work_id: WORKS.mill.work_id, pillar: 'authentication', kind: 'attribution', attribution: { artist: 'Ferdinand Bol', qualifier: 'firm' } },
      { ...base, artist: 'Joseph Mallord William Turner', title: 'Norham Castle, Sunset', pillar: 'authentication', kind: 'attribution', attribution: { artist: 'J. M. W. Turner', qualifier: 'circle of' } },
      { ...base, artist: 'Jean Petitot', artist_death_year: 1691, title: 'The Mill', pillar: 'authentication', kind: 'attribution', attribution: { artist: 'Jean Petitot', qualifier: 'firm' } },
      { ...base, work_id: WORKS.youngMan.work_id, claim: 'Sold 1850.' },
    ]);
    const research = await store.load();
    const layer = operatorLayer(holder.shipped, research);
    const merged = fixtureSnapshot();
    merged.artists = [...merged.artists, ...layer.artists];
    const replaced = new Map(layer.works.map((w) => [w.work_id, w]));
    merged.works = [...merged.works.map((w) => replaced.get(w.work_id) ?? w), ...layer.works.filter((w) => !merged.works.some((m) => m.work_id === w.work_id))];
    const rebuilt = CorpusIndex.build(merged);
    const extended = holder.current().index;
    expect(extended.counts).toEqual(rebuilt.counts);
    const subjects = [
      ['Rembrandt', 'The Mill'],
      ['Ferdinand Bol', 'De Molen'],
      ['Bol, Ferdinand', 'A Young Man Seated at a Table'],
      ['J. M. W. Turner', 'Norham Castle Sunset'],
      ['J. M. W. Turner', 'Norham Castle'],
      ['Jean Petitot', 'the mill'],
      ['Jean Petito', 'The Mill'],
      ['Turner', 'Study of Sea'],
    ];
    for (const [artist, title] of subjects) {
      expect(evaluate(extended, { subject_artist: artist, subject_title: title }), `${artist} / ${title}`).toEqual(evaluate(rebuilt, { subject_artist: artist, subject_title: title }));
    }
  });

  it('a running holder picks up a new revision through the sync, and never a half import', async () => {
    const holder = new CorpusHolder(fixtureSnapshot());
    const store = new MemoryOperatorResearchStore();
    const sync = new OperatorResearchSync(holder, store);
    expect(await sync.refresh()).toBe(false);
    const other = new CorpusHolder(fixtureSnapshot());
    await new ImportOperatorResearch(other, store, clock, ids).execute(lines({ ...base, work_id: WORKS.lady.work_id }), 'f');
    expect(holder.current().revision).toBe('fixture-1.0');
    const [a, b] = await Promise.all([sync.refresh(), sync.refresh()]);
    expect([a, b]).toEqual([true, true]); // one shared refresh
    expect(holder.current().revision).toBe('fixture-1.1');
    expect(holder.current().index.work(WORKS.lady.work_id)?.claims.at(-1)?.source).toBe('operator');
    expect(await sync.refresh()).toBe(false);
  });

  it('applies nothing when a line is bad', async () => {
    const { store, outcome } = await imported([{ ...base, work_id: WORKS.lady.work_id }, { ...base, work_id: 'wrk_missing' }]);
    expect(outcome).toEqual({ applied: false, errors: [{ line: 2, message: 'work_id wrk_missing is not in the corpus' }] });
    expect(await store.revision()).toBe(0);
  });

  it('keeps the shipped index untouched', async () => {
    const { holder } = await imported([{ ...base, work_id: WORKS.lady.work_id }]);
    expect(holder.shipped.work(WORKS.lady.work_id)).toBe(WORKS.lady);
    expect(holder.shipped.counts.claims_by_source.operator).toBe(CorpusIndex.build(fixtureSnapshot()).counts.claims_by_source.operator);
    expect(ARTISTS.turner.aliases).toContain('J. M. W. Turner');
  });
});
