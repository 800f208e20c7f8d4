import type { Chunk } from './knowledge.model.js';

export const CHUNK_TARGET = 1000;
export const CHUNK_OVERLAP = 150;

/** Whitespace runs to one space, paragraph breaks kept. */
const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n+/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0);

/** Sentences of a paragraph (a long one without any stop is cut at a space, else hard). */
function pieces(paragraph: string, max: number): string[] {
  const sentences = paragraph.match(/[^.!?]+(?:[.!?]+|$)/g)?.map((s) => s.trim()).filter((s) => s.length > 0) ?? [paragraph];
  const out: string[] = [];
  for (const s of sentences) {
    let rest = s;
    while (rest.length > max) {
      const cut = rest.lastIndexOf(' ', max);
      const at = cut > max / 2 ? cut : max;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest.length > 0) out.push(rest);
  }
  return out;
}

/**
 * Splits text into chunks of about `target` characters on paragraph, then sentence
 * boundaries; each chunk after the first starts with the last sentences (up to `overlap`
 * characters) of the one before, so an answer spanning a boundary is found whole.
 */
export function splitIntoChunks(text: string, target = CHUNK_TARGET, overlap = CHUNK_OVERLAP): Chunk[] {
  const units: { text: string; paragraphEnd: boolean }[] = [];
  for (const p of tidy(text)) {
    const ps = pieces(p, target);
    ps.forEach((t, i) => units.push({ text: t, paragraphEnd: i === ps.length - 1 }));
  }
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  let fresh = 0; // units in `current` not carried over from the previous chunk
  const flush = () => {
    if (fresh === 0) return;
    chunks.push(current.join(' '));
    const carried: string[] = [];
    let carriedLength = 0;
    for (let i = current.length - 1; i >= 0; i--) {
      if (carriedLength + current[i].length + 1 > overlap) break;
      carried.unshift(current[i]);
      carriedLength += current[i].length + 1;
    }
    current = carried;
    length = carriedLength;
    fresh = 0;
  };
  for (const unit of units) {
    if (length + unit.text.length + 1 > target && fresh > 0) flush();
    current.push(unit.text);
    length += unit.text.length + 1;
    fresh++;
  }
  flush();
  return chunks.map((t, i) => ({ chunk_index: i, text: t }));
}
