/** Claim construction shared by the source readers: one readable sentence per claim. */
import type { Claim, ClaimKind, Pillar, Qualifier, SourceTag } from '../../core/attestation/corpus/corpus.model.js';

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

const CONDITION_WORDS =
  /\b(restor(ed|ation|ations|er)|conserv(ed|ator)|conservation(?! file)|damage[ds]?|damaging|relined|relining|cleaned|cleaning|repaint(ed|ing|s)?|overpaint(ed|ing|s)?|retouch(ed|ing|es)?|flak(ing|ed)|torn|abrad(ed|ing)|in (good|poor|fair) condition|condition)\b/i;

/** Whether a provenance entry or note mentions restoration, damage or condition. */
export function mentionsCondition(text: string): boolean {
  return CONDITION_WORDS.test(text);
}

export function quote(text: string, max = 300): string {
  return `“${truncateText(text, max)}”`;
}
