import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { httpCorpus } from '../support/http-corpus.js';

/**
 * The stdio tests' corpus: the HTTP tests' one (an attested work where a museum and the
 * knowledge base agree, a contradicted "studio of" work, two works sharing a title), with
 * one more alias for Turner, the Temeraire's object as Tate describes it, and its own build id.
 */
export const stdioCorpus: CorpusSnapshot = {
  ...httpCorpus,
  build_id: 'stdiotest001',
  artists: httpCorpus.artists.map((a) => (a.artist_id === 'art_turner' ? { ...a, aliases: [...a.aliases, 'William Turner'] } : a)),
  works: httpCorpus.works.map((w) =>
    w.work_id === 'wrk_tate_N00524'
      ? { ...w, object: { object_type: 'painting', medium: 'Oil paint on canvas', date: '1839', dimensions: 'support: 908 x 1219 mm', collection: 'Tate' } }
      : w,
  ),
};
