import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorpusHolder } from '../../../core/attestation/operator-research/corpus-provider.js';
import { QUALIFIERS, type CorpusWork } from '../../../core/attestation/corpus/corpus.model.js';
import { evaluate } from '../../../core/attestation/verdict/evaluate.js';
import { normaliseTitle } from '../../../core/attestation/matching/normalise.js';
import { ImportOperatorResearch } from '../../../core/attestation/use-cases/operator-research.js';
import { MemoryOperatorResearchStore } from '../../../adapters/memory/memory-operator-research.store.js';
import { ARTISTS, fixtureSnapshot } from '../../fixtures/attestation/fixture-corpus.js';

const snapshot = fixtureSnapshot();
const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
let n = 0;
const ids = { uuid: () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`, secret: () => 'x' };

const artistNames = Object.values(ARTISTS).map((a) => a.name);
const titles = [...snapshot.works.map((w) => w.title), 'A New Study', 'Portrait of a Man', 'The Mill at Dusk'];

/** One operator line: on an existing work or a new one, any pillar, sometimes an attribution. */
const lineArb = fc.record({
  target: fc.oneof(
    fc.record({ work_id: fc.constantFrom(...snapshot.works.map((w) => w.work_id)) }),
    fc.record({ artist: fc.constantFrom(...artistNames), title: fc.constantFrom(...titles), inventory_number: fc.option(fc.constantFrom('INV 1', 'INV 2'), { nil: undefined }) }),
  ),
  pillar: fc.constantFrom('provenance', 'authentication', 'market', 'condition'),
  claim: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== ''),
  attribution: fc.option(fc.record({ artist: fc.constantFrom(...artistNames), qualifier: fc.constantFrom(...QUALIFIERS) }), { nil: undefined }),
});
const KIND = { provenance: 'ownership_event', authentication: 'attribution', market: 'sale', condition: 'condition_note' } as const;

type GeneratedLine = typeof lineArb extends fc.Arbitrary<infer T> ? T : never;

function toLine(l: GeneratedLine, i: number) {
  const pillar = l.attribution ? 'authentication' : l.pillar;
  return {
    line: i + 1,
    value: {
      ...Object.fromEntries(Object.entries(l.target).filter(([, v]) => v !== undefined)),
      pillar,
      kind: KIND[pillar as keyof typeof KIND],
      claim: l.claim,
      source_ref: `https://example.org/research/${i}`,
      researcher: 'Property',
      ...(l.attribution ? { attribution: l.attribution } : {}),
    },
  };
}

/** Every (artist name or alias, title or alias) of a work, with the work id as subject_ref. */
function subjectsOf(work: CorpusWork) {
  const out: { subject_artist: string; subject_title: string; subject_ref: string }[] = [];
  for (const a of work.attributions) {
    const artist = snapshot.artists.find((x) => x.artist_id === a.artist_id);
    if (!artist) continue;
    for (const name of [artist.name, ...artist.aliases]) for (const title of [work.title, ...work.title_aliases]) out.push({ subject_artist: name, subject_title: title, subject_ref: work.work_id });
  }
  return out;
}

const decided = (o: ReturnType<typeof evaluate>) => ({
  verdict: o.verdict,
  verified_pillars: o.verified_pillars,
  contradicted_pillars: o.contradicted_pillars,
  attestations: o.attestations,
  suggested_requalification: o.suggested_requalification,
});

describe('properties of operator research', () => {
  it('never changes the verdict on a work it does not touch', async () => {
    const before = new CorpusHolder(snapshot).current().index;
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 8 }), async (generated) => {
        const holder = new CorpusHolder(snapshot);
        const store = new MemoryOperatorResearchStore();
        const outcome = await new ImportOperatorResearch(holder, store, clock, ids).execute(generated.map(toLine), 'p.ndjson');
        const research = await store.load();
        const touched = new Set(research.claims.map((c) => c.work_id));
        expect(outcome.applied).toBe(research.revision === 1);
        if (outcome.applied) applied += 1;
        const after = holder.current().index;
        // A title the research added, or one a touched work holds: several works may share it (ADR 0033).
        const newTitleKeys = new Set([...research.works, ...snapshot.works.filter((w) => touched.has(w.work_id))].map((w) => normaliseTitle(w.title)));
        for (const work of snapshot.works) {
          if (touched.has(work.work_id)) continue;
          for (const subject of subjectsOf(work)) {
            // Picked by its id, another work keeps its whole answer.
            expect(decided(evaluate(after, subject)), `${subject.subject_artist} / ${subject.subject_title}`).toEqual(decided(evaluate(before, subject)));
            // Without the id, the answer is the same too, unless a work the research added or touched shares the title.
            const { subject_ref: _ref, ...plain } = subject;
            if (!newTitleKeys.has(normaliseTitle(plain.subject_title))) expect(decided(evaluate(after, plain))).toEqual(decided(evaluate(before, plain)));
          }
        }
      }),
      { numRuns: 150 },
    );
    expect(applied).toBeGreaterThan(30); // the property is exercised by imports that apply, not only by rejected ones
  });

  it('orders every operator claim above every museum and knowledge-base claim', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 6 }), async (generated) => {
        const holder = new CorpusHolder(snapshot);
        const store = new MemoryOperatorResearchStore();
        await new ImportOperatorResearch(holder, store, clock, ids).execute(generated.map(toLine), 'p.ndjson');
        for (const claim of (await store.load()).claims) {
          const work = holder.current().index.work(claim.work_id) as CorpusWork;
          const artist = holder.current().index.artist(work.attributions[0]?.artist_id ?? '');
          if (!artist) continue;
          const out = evaluate(holder.current().index, { subject_artist: artist.name, subject_title: work.title, subject_ref: work.work_id });
          const firstOther = out.attestations.findIndex((a) => a.verified_by !== 'operator');
          const lastOperator = out.attestations.map((a) => a.verified_by).lastIndexOf('operator');
          if (firstOther >= 0 && lastOperator >= 0) expect(lastOperator).toBeLessThan(firstOther);
        }
      }),
      { numRuns: 60 },
    );
  });
});
