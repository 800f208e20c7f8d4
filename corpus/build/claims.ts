/** Claim construction shared by the source readers: one readable sentence per claim. */
import type { Claim, ClaimKind, Pillar, Qualifier, SourceTag } from '../../core/attestation/corpus.model.js';

export function claim(pillar: Pillar, kind: ClaimKind, sentence: string, source: SourceTag, source_ref: string): Claim {
  return { pillar, kind, claim: sentence, source, source_ref };
}

/**
 * "Tate records this work as by Joseph Mallord William Turner (Tate D12345)."
 * "Tate records this work as 'studio of John Hoppner' (Tate N00233)."
 * "Tate records this work as formerly attributed to Thomas Girtin (Tate D36562)."
 */
export function attributionSentence(holder: string, display: string, qualifier: Qualifier, ref: string): string {
  if (qualifier === 'firm') return `${holder} records this work as by ${display} (${ref}).`;
  if (qualifier === 'formerly_attributed_to' && /^formerly attributed to\b/i.test(display)) {
    return `${holder} records this work as ${display} (${ref}).`;
  }
  return `${holder} records this work as '${display}' (${ref}).`;
}

/** Cuts a text at a sentence or clause boundary before `max` characters, marking the cut. */
export function truncateText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max);
  const cut = Math.max(head.lastIndexOf('. '), head.lastIndexOf('; '));
  const base = cut > max * 0.5 ? head.slice(0, cut + 1) : head.slice(0, head.lastIndexOf(' ') > 0 ? head.lastIndexOf(' ') : max);
  return `${base.replace(/[;,\s]+$/, '')} […]`;
}

/** Sentence ends that are not abbreviations ("Mrs.", "Co.", "no."), clause breaks, note markers. */
const SEGMENT_BREAK =
  /;\s+|\n+|(?<=[a-z0-9\])])(?<!\b(?:Mr|Mrs|Ms|Dr|St|Ste|Co|Inc|Ltd|Jr|Sr|no|No|nos|Nos|Bros|Esq|Messrs|Mme|Mlle|Mmes|Capt|Col|Gen|Rev|Hon|vol|Vol|p|pp|ca|c|cf|fig|Fig|ed|eds))\.\s+(?=[A-Z[(])|\s+(?=\[\d+\]\s)/;

/** Provenance text split into segments (clauses and note sentences) for sale / condition scanning. */
export function provenanceSegments(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split(SEGMENT_BREAK)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0);
}

const SALE_WORDS = /\b(sold|sale|auction|lot|purchased|bought|acquired|cost|price)\b/i;
const PRICE = /[$£€]\s?\d|\b\d[\d,.]*\s*(francs|guineas|gns|guilders|livres|florins|pounds|dollars|marks|lire|reichsmark)\b/i;

/** Segments that name a sale or purchase together with a price. */
export function saleSegments(text: string): string[] {
  return provenanceSegments(text).filter((s) => SALE_WORDS.test(s) && PRICE.test(s));
}

const CONDITION_WORDS =
  /\b(restor(ed|ation|ations|er)|conserv(ed|ator)|conservation(?! file)|damage[ds]?|damaging|relined|relining|cleaned|cleaning|repaint(ed|ing|s)?|overpaint(ed|ing|s)?|retouch(ed|ing|es)?|flak(ing|ed)|torn|abrad(ed|ing)|in (good|poor|fair) condition|condition)\b/i;

/** Segments that mention restoration, damage or condition. "Conservancy" is not a match. */
export function conditionSegments(text: string): string[] {
  return provenanceSegments(text).filter((s) => CONDITION_WORDS.test(s));
}

export function quote(text: string, max = 300): string {
  return `“${truncateText(text, max)}”`;
}
