import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import type { OperatorClaim, OperatorImportBatch } from '../../core/attestation/operator-research/operator-research.model.js';
import type { OperatorResearchStore } from '../../core/attestation/ports.js';
import { isDomainError } from '../../core/shared/errors.js';
import { MemoryOperatorResearchStore } from '../../adapters/memory/memory-operator-research.store.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { boundPort, contractSuite, type Adapter } from '../support/contract-suite.js';

const ADAPTERS: Adapter<OperatorResearchStore>[] = [
  { name: 'memory', make: async () => new MemoryOperatorResearchStore() },
  ...boundPort<OperatorResearchStore>(ATTESTATION.OperatorResearchStore),
];


let importSeq = 0;

/** A batch "mother": one import with a new artist, a new work and two claims (one attribution). */
function batch(expected_revision: number, overrides: { claims?: OperatorClaim[]; workId?: string; artistId?: string } = {}): OperatorImportBatch {
  const import_id = `imp_${(importSeq += 1)}`;
  const work_id = overrides.workId ?? `wrk_op_${import_id}`;
  const artist_id = overrides.artistId ?? `art_op_${import_id}`;
  const claims: OperatorClaim[] = overrides.claims ?? [
    {
      import_id,
      line: 1,
      work_id,
      pillar: 'authentication',
      kind: 'attribution',
      claim: 'Signed lower left.',
      source_ref: 'https://example.org/a',
      researcher: 'A. Dupont',
      attribution: { artist_id, qualifier: 'workshop_of' },
    },
    {
      import_id,
      line: 3,
      work_id: 'wrk_tate_N00530',
      pillar: 'market',
      kind: 'sale',
      claim: 'Sold 1921 for 3,100 guilders — “lot 44”.',
      source_ref: 'https://example.org/b',
      researcher: 'B. Okafor',
      attribution: null,
    },
  ];
  return {
    expected_revision,
    import: {
      import_id,
      applied_at: '2026-11-21T10:00:00.000Z',
      file: 'research.ndjson',
      base_build: 'abc123def456',
      lines: 3,
      claims: claims.length,
      works_added: 1,
      artists_added: 1,
      researchers: ['A. Dupont', 'B. Okafor'],
    },
    artists: [{ artist_id, import_id, name: 'Jean Petitot', birth_year: null, death_year: 1691 }],
    works: [{ work_id, import_id, artist_id, title: 'Miniature', inventory_number: null }],
    claims: claims.map((c) => ({ ...c, import_id })),
  };
}

async function conflictOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return isDomainError(err) ? err.code : 'other';
  }
}

contractSuite('operator research store contract', ADAPTERS, (adapter) => {
  let store: OperatorResearchStore;
  beforeEach(async () => {
    store = await adapter.make();
  });

  it('starts empty at revision 0', async () => {
    expect(await store.revision()).toBe(0);
    expect(await store.load()).toEqual({ revision: 0, artists: [], works: [], claims: [], applied_at: {} });
    expect(await store.imports()).toEqual([]);
  });

  it('applies an import as revision 1 and reads back exactly what was written', async () => {
    const b = batch(0);
    const applied = await store.apply(b);
    expect(applied).toEqual({ ...b.import, revision: 1 });
    expect(await store.revision()).toBe(1);
    const research = await store.load();
    expect(research.revision).toBe(1);
    expect(research.artists).toEqual(b.artists);
    expect(research.works).toEqual(b.works);
    expect(research.claims).toEqual(b.claims);
    expect(research.applied_at).toEqual({ [b.import.import_id]: b.import.applied_at });
    expect(await store.imports()).toEqual([applied]);
  });

  it('numbers imports 1, 2, 3 and keeps claims in import then line order', async () => {
    const first = batch(0);
    const second = batch(1);
    const third = batch(2);
    await store.apply(first);
    await store.apply(second);
    await store.apply(third);
    expect((await store.imports()).map((i) => i.revision)).toEqual([1, 2, 3]);
    const research = await store.load();
    expect(research.revision).toBe(3);
    expect(research.claims.map((c) => `${c.import_id}:${c.line}`)).toEqual(
      [first, second, third].flatMap((b) => b.claims.map((c) => `${c.import_id}:${c.line}`)),
    );
  });

  it('refuses a stale import (the revision moved) with CONFLICT and applies nothing of it', async () => {
    await store.apply(batch(0));
    const stale = batch(0);
    expect(await conflictOf(store.apply(stale))).toBe('CONFLICT');
    expect(await store.revision()).toBe(1);
    const research = await store.load();
    expect(research.claims.some((c) => c.import_id === stale.import.import_id)).toBe(false);
    expect(research.works.some((w) => w.import_id === stale.import.import_id)).toBe(false);
  });

  it('refuses a work or artist id another import added, atomically', async () => {
    const first = batch(0, { workId: 'wrk_op_same', artistId: 'art_op_x' });
    await store.apply(first);
    const clash = batch(1, { workId: 'wrk_op_same', artistId: 'art_op_y' });
    expect(await conflictOf(store.apply(clash))).toBe('CONFLICT');
    const artistClash = batch(1, { workId: 'wrk_op_other', artistId: 'art_op_x' });
    expect(await conflictOf(store.apply(artistClash))).toBe('CONFLICT');
    expect(await store.revision()).toBe(1);
    const research = await store.load();
    expect(research.works.map((w) => w.work_id)).toEqual(['wrk_op_same']);
    expect(research.artists.map((a) => a.artist_id)).toEqual(['art_op_x']);
    expect(research.claims).toHaveLength(first.claims.length);
  });

  it('lets only one of two concurrent imports at the same revision through', async () => {
    const results = await Promise.allSettled([store.apply(batch(0)), store.apply(batch(0))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await store.revision()).toBe(1);
    expect((await store.load()).claims).toHaveLength(2);
  });

  it('round-trips any claim text, researcher and citation (fast-check)', async () => {
    let revision = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 400 }), fc.string({ minLength: 1, maxLength: 80 }), fc.webUrl(), async (text, researcher, url) => {
        const b = batch(revision);
        const claims = b.claims.map((c) => ({ ...c, claim: text, researcher, source_ref: url }));
        const applied = await store.apply({ ...b, claims });
        revision = applied.revision;
        const research = await store.load();
        expect(research.claims.filter((c) => c.import_id === b.import.import_id)).toEqual(claims);
      }),
      { numRuns: 25 },
    );
  });
});
