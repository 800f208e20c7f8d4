import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { httpCorpus } from '../support/http-corpus.js';

/**
 * The stdio tests' corpus: the HTTP tests' one (an attested work where a museum and the
 * knowledge base agree, a contradicted "studio of" work, two works sharing a title), with
 * one more alias for Turner and its own build id.
 */
export const stdioCorpus: CorpusSnapshot = {
  ...httpCorpus,
  build_id: 'stdiotest001',
  artists: httpCorpus.artists.map((a) => (a.artist_id === 'art_turner' ? { ...a, aliases: [...a.aliases, 'William Turner'] } : a)),
};
