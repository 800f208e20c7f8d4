/** The legal notice every verification response carries. */
export const DISCLAIMER =
  'Records-based attestation only. This answer reports what the cited public records say about ' +
  'the work: museum open-access records (CC0), the open Wikidata knowledge base (CC0) and the ' +
  'operator\u2019s own research, each attestation naming its source. It is not an authentication, ' +
  'an expertise, a certificate or a valuation, and it is not legal advice. Claims tagged import:kb ' +
  'come from Wikidata, an open collaborative knowledge base, and rank lower than museum and operator ' +
  'records. No image or physical object was examined. Prices, market values and sanctions, export or ' +
  'ownership restrictions are out of scope. "unavailable" means the records at hand do not settle the ' +
  'question, not that the attribution is wrong; "contradicted" means the records qualify or reject it. ' +
  'Any suggested requalification uses the vocabulary of French decree no. 81-255 of 3 March 1981 as ' +
  'documentary assistance; consult a qualified expert or lawyer before relying on it.';
