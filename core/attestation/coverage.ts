/** The coverage manifest: which artists the corpus covers, with how many works and claims. */
import type { CorpusIndex } from './corpus-index.js';
import { foldText } from './normalise.js';
import { ENGINE_ID, type CoverageArtist, type CoverageManifest } from './verification.model.js';

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Coverage of an index. Artists are sorted by name (folded, so case and accents do not reorder
 * them; then the name as written, then the id). An artist's `works` counts the works naming them
 * in any attribution, current or former: the works their name can be verified against.
 */
export function buildCoverage(index: CorpusIndex, corpusRevision: string, generatedAt: string): CoverageManifest {
  const artists: CoverageArtist[] = index.artists
    .map((artist) => ({
      sortKey: foldText(artist.name),
      entry: {
        artist_id: artist.artist_id,
        name: artist.name,
        aliases: [...artist.aliases],
        birth_year: artist.birth_year,
        death_year: artist.death_year,
        works: index.workIdsByArtist(artist.artist_id).length,
      },
    }))
    .sort((a, b) => cmp(a.sortKey, b.sortKey) || cmp(a.entry.name, b.entry.name) || cmp(a.entry.artist_id, b.entry.artist_id))
    .map((a) => a.entry);
  return {
    engine: ENGINE_ID,
    corpus_revision: corpusRevision,
    generated_at: generatedAt,
    counts: {
      artists: index.counts.artists,
      works: index.counts.works,
      claims: index.counts.claims,
      claims_by_source: { ...index.counts.claims_by_source },
    },
    artists,
  };
}
