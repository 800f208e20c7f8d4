/**
 * Operator research as a layer over the shipped corpus (`CorpusIndex.extend`): the works it
 * touches, with their `operator` claims and attributions appended, the works and artists it adds.
 */
import type { CorpusIndex, CorpusLayer } from '../corpus/corpus-index.js';
import type { Attribution, Claim, CorpusArtist, CorpusWork } from '../corpus/corpus.model.js';
import type { OperatorClaim, OperatorResearch } from './operator-research.model.js';
import { attributionDisplay } from '../corpus/qualifier-phrases.js';

/** The claim as shown: the researcher's sentence, then who researched it and when it was applied. */
export function operatorClaimText(claim: Pick<OperatorClaim, 'claim' | 'researcher'>, appliedAt: string | undefined): string {
  const date = appliedAt ? `, ${appliedAt.slice(0, 10)}` : '';
  return `${claim.claim} [operator research: ${claim.researcher}${date}]`;
}

export function operatorLayer(base: CorpusIndex, research: OperatorResearch): CorpusLayer {
  const artists: CorpusArtist[] = research.artists.map((a) => ({
    artist_id: a.artist_id,
    name: a.name,
    aliases: [],
    birth_year: a.birth_year,
    death_year: a.death_year,
  }));
  const names = new Map<string, string>(artists.map((a) => [a.artist_id, a.name]));
  const nameOf = (artistId: string) => names.get(artistId) ?? base.artist(artistId)?.name ?? artistId;

  const drafts = new Map<string, { work: CorpusWork; attributions: Attribution[]; claims: Claim[] }>();
  for (const w of research.works) {
    drafts.set(w.work_id, {
      work: {
        work_id: w.work_id,
        title: w.title,
        title_aliases: [],
        inventory_numbers: w.inventory_number ? [w.inventory_number] : [],
        attributions: [],
        claims: [],
      },
      attributions: [],
      claims: [],
    });
  }
  for (const c of research.claims) {
    let draft = drafts.get(c.work_id);
    if (draft === undefined) {
      const work = base.work(c.work_id);
      if (work === undefined) continue; // a work of another shipped build: nothing to lay it over
      draft = { work, attributions: [], claims: [] };
      drafts.set(c.work_id, draft);
    }
    draft.claims.push({
      pillar: c.pillar,
      kind: c.kind,
      claim: operatorClaimText(c, research.applied_at[c.import_id]),
      source: 'operator',
      source_ref: c.source_ref,
    });
    if (c.attribution !== null) {
      const appliedAt = research.applied_at[c.import_id];
      draft.attributions.push({
        artist_id: c.attribution.artist_id,
        qualifier: c.attribution.qualifier,
        current: c.attribution.qualifier !== 'formerly_attributed_to',
        display: attributionDisplay(c.attribution.qualifier, nameOf(c.attribution.artist_id)),
        source: 'operator',
        source_ref: c.source_ref,
        ...(appliedAt ? { effective_date: appliedAt.slice(0, 10) } : {}),
      });
    }
  }
  const works: CorpusWork[] = [];
  for (const { work, attributions, claims } of drafts.values()) {
    if (attributions.length === 0 && claims.length === 0 && base.work(work.work_id) !== undefined) continue;
    works.push({
      ...work,
      attributions: [...work.attributions, ...attributions],
      claims: [...work.claims, ...claims],
    });
  }
  return { artists, works };
}
