import type { CorpusSnapshot, CorpusWork } from '../../core/attestation/corpus/corpus.model.js';
import { httpCorpus } from './http-corpus.js';

const TATE = 'https://www.tate.org.uk/art/artworks/';

function work(work_id: string, title: string, artist_id: string, display: string, qualifier: CorpusWork['attributions'][number]['qualifier'] = 'firm'): CorpusWork {
  const ref = `${TATE}${work_id}`;
  return {
    work_id,
    title,
    title_aliases: [],
    inventory_numbers: [work_id.replace('wrk_tate_', '')],
    attributions: [{ artist_id, qualifier, current: true, display, source: 'import:tate', source_ref: ref }],
    claims: [{ pillar: 'authentication', kind: 'attribution', claim: `Tate records this work as '${display}'.`, source: 'import:tate', source_ref: ref }],
  };
}

/**
 * The HTTP test corpus plus what catalogue forms need: a second Turner (a homonym by surname,
 * told apart by dates and titles), a work both Turners have under one title, and a work whose
 * record says what object it is (a watercolour).
 */
export const catalogueCorpus: CorpusSnapshot = {
  build_id: 'catalogue0001',
  artists: [
    ...httpCorpus.artists,
    { artist_id: 'art_wturner', name: 'William Turner', aliases: ['Turner, William', 'William Turner of Oxford'], birth_year: 1789, death_year: 1862 },
  ],
  works: [
    ...httpCorpus.works,
    work('wrk_tate_N01000', 'Oxford from Headington Hill', 'art_wturner', 'William Turner'),
    work('wrk_tate_N01001', 'A River Scene', 'art_turner', 'Joseph Mallord William Turner'),
    work('wrk_tate_N01002', 'A River Scene', 'art_wturner', 'William Turner'),
    {
      ...work('wrk_tate_N01003', 'Magdalen Tower', 'art_wturner', 'William Turner'),
      object: { object_type: 'drawing', medium: 'Watercolour on paper', date: '1820', dimensions: 'support: 300 x 400 mm', collection: 'Tate' },
    },
  ],
};
