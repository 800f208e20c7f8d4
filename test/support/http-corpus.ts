import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';

const TATE = 'https://www.tate.org.uk/art/artworks/';

/** A small corpus for HTTP tests: one attested, one contradicted, two sharing a title. */
export const httpCorpus: CorpusSnapshot = {
  build_id: 'httptest0001',
  artists: [
    {
      artist_id: 'art_turner',
      name: 'Joseph Mallord William Turner',
      aliases: ['Turner, Joseph Mallord William', 'J. M. W. Turner'],
      birth_year: 1775,
      death_year: 1851,
    },
    { artist_id: 'art_hoppner', name: 'John Hoppner', aliases: ['Hoppner, John'], birth_year: 1758, death_year: 1810 },
  ],
  works: [
    {
      work_id: 'wrk_tate_N00524',
      title: 'The Fighting Temeraire',
      title_aliases: ['The Fighting Temeraire, tugged to her last berth to be broken up'],
      inventory_numbers: ['N00524'],
      attributions: [
        { artist_id: 'art_turner', qualifier: 'firm', current: true, display: 'Joseph Mallord William Turner', source: 'import:tate', source_ref: `${TATE}turner-N00524` },
        { artist_id: 'art_turner', qualifier: 'firm', current: true, display: 'J. M. W. Turner', source: 'import:kb', source_ref: 'https://www.wikidata.org/wiki/Q1755487' },
      ],
      claims: [
        { pillar: 'authentication', kind: 'attribution', claim: 'Tate records this work as by Joseph Mallord William Turner (Tate N00524).', source: 'import:tate', source_ref: `${TATE}turner-N00524` },
        { pillar: 'provenance', kind: 'credit_line', claim: 'Credit line: Accepted by the nation as part of the Turner Bequest 1856.', source: 'import:tate', source_ref: `${TATE}turner-N00524` },
        { pillar: 'authentication', kind: 'attribution', claim: 'Wikidata names J. M. W. Turner as creator.', source: 'import:kb', source_ref: 'https://www.wikidata.org/wiki/Q1755487' },
      ],
    },
    {
      work_id: 'wrk_tate_N00900',
      title: 'Portrait of Mrs Jordan',
      title_aliases: [],
      inventory_numbers: ['N00900'],
      attributions: [
        { artist_id: 'art_hoppner', qualifier: 'studio_of', current: true, display: 'studio of John Hoppner', source: 'import:tate', source_ref: `${TATE}hoppner-N00900` },
      ],
      claims: [
        { pillar: 'authentication', kind: 'attribution', claim: "Tate records this work as 'studio of John Hoppner' (Tate N00900).", source: 'import:tate', source_ref: `${TATE}hoppner-N00900` },
      ],
    },
    {
      work_id: 'wrk_tate_D00001',
      title: 'Sketchbook Leaf',
      title_aliases: [],
      inventory_numbers: ['D00001'],
      attributions: [
        // "circle of": the two Sketchbook Leaf records disagree, so the shared title stays ambiguous (ADR 0033).
        { artist_id: 'art_turner', qualifier: 'circle_of', current: true, display: 'circle of Joseph Mallord William Turner', source: 'import:tate', source_ref: `${TATE}turner-D00001` },
      ],
      claims: [
        { pillar: 'authentication', kind: 'attribution', claim: "Tate records this work as 'circle of Joseph Mallord William Turner' (Tate D00001).", source: 'import:tate', source_ref: `${TATE}turner-D00001` },
      ],
    },
    {
      work_id: 'wrk_tate_D00002',
      title: 'Sketchbook Leaf',
      title_aliases: [],
      inventory_numbers: ['D00002'],
      attributions: [
        { artist_id: 'art_turner', qualifier: 'firm', current: true, display: 'Joseph Mallord William Turner', source: 'import:tate', source_ref: `${TATE}turner-D00002` },
      ],
      claims: [
        { pillar: 'authentication', kind: 'attribution', claim: 'Tate records this work as by Joseph Mallord William Turner (Tate D00002).', source: 'import:tate', source_ref: `${TATE}turner-D00002` },
      ],
    },
  ],
};
