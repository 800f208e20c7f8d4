/**
 * Titles around a person's name that are not the name: honorifics before it (Sir, Lord,
 * Dame...) and post-nominals after it (R.A., P.R.A., Bt, K.B....). One list, read by the
 * subject parser (artist-line.ts) and by the corpus builder's artist merge, so that a claim
 * and the corpus drop the same words. Generational markers (the Elder, II, Jr.) are not titles:
 * they tell people apart and are kept. Pure.
 */
import { foldText } from './normalise.js';

/** Post-nominal letters and titles after a name (compared folded, dots and spaces removed). */
const POST_NOMINALS = new Set([
  'ra', 'pra', 'ara', 'rsa', 'prsa', 'arsa', 'rha', 'prha', 'rba', 'rbsa', 'rca', 'rwa', 'rws', 'ows', 'rsw', 'ri', 'rhs', 'rp', 'rbs', 'rbc',
  'frs', 'fsa', 'frsa', 'om', 'kb', 'kcb', 'kcvo', 'cvo', 'cbe', 'obe', 'mbe', 'bt', 'bart', 'kt', 'esq', 'esquire',
]);
/** Honorifics before a name. */
const HONORIFICS = new Set(['sir', 'lord', 'dame', 'baron', 'baronet']);

/** A token folded with its inner spaces removed; a token of ASCII letters and digits only just lower-cased (what `foldText` gives it). */
function compact(token: string): string {
  for (let i = 0; i < token.length; i += 1) {
    const code = token.charCodeAt(i);
    const letter = code | 0x20; // an upper-case ASCII letter as its lower-case one
    if (!((letter >= 0x61 && letter <= 0x7a) || (code >= 0x30 && code <= 0x39))) return foldText(token).replace(/ /g, '');
  }
  return token.toLowerCase();
}

/** Whether a segment is made only of post-nominals ("P.R.A.", "Bt", "R.A. & K.B."). */
export function isPostNominal(segment: string): boolean {
  const tokens = segment.split(/\s+/).filter((t) => t !== '' && t !== '&' && compact(t) !== 'and');
  return tokens.length > 0 && tokens.every((t) => POST_NOMINALS.has(compact(t)));
}

/** The comma segments of a name, trailing post-nominal ones dropped: "Reynolds, Sir Joshua, P.R.A." -> ["Reynolds", "Sir Joshua"]. */
export function segmentsWithoutPostNominals(name: string): string[] {
  const segments = name.split(',').map((s) => s.trim()).filter((s) => s !== '');
  while (segments.length > 1 && isPostNominal(segments[segments.length - 1] as string)) segments.pop();
  return segments;
}

/** The words of a name, trailing post-nominal words dropped: "Sir Joshua Reynolds P.R.A." -> "Sir Joshua Reynolds". */
export function withoutTrailingPostNominals(name: string): string[] {
  const words = name.split(/\s+/).filter((w) => w !== '');
  while (words.length > 1 && POST_NOMINALS.has(compact(words[words.length - 1] as string).replace(/,$/, ''))) words.pop();
  return words;
}

/** The words of a name, leading honorifics dropped (one word always stays): "Sir Joshua Reynolds" -> "Joshua Reynolds". */
export function withoutHonorifics(words: readonly string[]): string[] {
  const bare = [...words];
  while (bare.length > 1 && HONORIFICS.has(compact(bare[0] as string))) bare.shift();
  return bare;
}
