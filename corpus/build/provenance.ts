/**
 * Provenance texts as the museums write them (the AAM convention: owners in chronological order,
 * ";" for a direct transfer, "." for a gap, dealers in parentheses, footnote markers "[1]", notes
 * after the chain) turned into ordered entries, and the entries that speak of the market.
 *
 * - `splitProvenance` gives the chain's entries in the record's order (one per owner, sale or
 *   transfer) and the notes apart. Parentheses and brackets are never split: Lugt marks
 *   "(Lugt Suppl. 633b)", dealers "(M. Knoedler & Co., New York)" and life dates
 *   "[1898-1973]" stay with their entry. Footnote markers and the cataloguers' internal remarks
 *   ("Under review by CGK.") are dropped.
 * - `marketKind` tells an entry that names a sale (sold, auction, lot, a price) from one that
 *   names a dealer; estimates are never market facts.
 */

/** Words before a period that do not end a sentence. Compared lower-case, without the period. */
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'st', 'ste', 'co', 'cie', 'inc', 'ltd', 'jr', 'sr', 'bros', 'esq', 'messrs', 'mme', 'mlle',
  'mmes', 'capt', 'col', 'gen', 'lt', 'rev', 'hon', 'prof', 'no', 'nos', 'vol', 'vols', 'p', 'pp', 'ca', 'c', 'cf', 'fig',
  'ed', 'eds', 'suppl', 'ave', 'mt', 'ft', 'bd', 'tr', 'approx', 'assoc', 'dept', 'univ', 'gal', 'etc', 'viz', 'vs',
  'comp', 'coll', 'inv', 'cat', 'illus', 'repr', 'fl', 'b', 'd', 'mass', 'conn', 'penn', 'ont', 'corp', 'mfg',
]);

/** A line that is a cataloguer's remark, not provenance ("Under review by CGK.", "Record under review for update, CGK"). */
const INTERNAL_REMARK = /^\s*(?:record\s+)?under\s+review\b.*$|^.{0,60}\bCGK\.?\s*$/i;
/** Where the notes begin: a "Notes:" line, or a line opening with a footnote marker. */
const NOTES_START = /^\s*(?:notes?\s*:|\[\d{1,2}\]\.?)/i;
/** Footnote markers inside the chain: "1897[1];", "NY [2];", "[3]." */
const NOTE_MARKER = /\s*[[{]\d{1,2}\]\.?/g;

export interface ProvenanceParts {
  /** The chain's entries in the record's order, trimmed, without trailing punctuation. */
  entries: string[];
  /** Sentences of the notes, in order. */
  notes: string[];
}

/**
 * Splits text at line breaks, at sentence ends (". " before a capital or "(") and, with
 * `semicolons`, at top-level ";" (the chain's direct transfers; a note's ";" is not a break).
 */
function splitTopLevel(text: string, semicolons = true): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  const cut = (end: number, next: number) => {
    out.push(text.slice(start, end));
    start = next;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    else if (ch === '\n') {
      depth = 0; // a line break always ends an entry, even after an unbalanced parenthesis
      cut(i, i + 1);
    } else if (semicolons && depth === 0 && ch === ';') cut(i, i + 1);
    else if (depth === 0 && ch === '.' && sentenceEnds(text, i)) cut(i, i + 1);
  }
  out.push(text.slice(start));
  return out;
}

/** Whether the period at `i` ends a sentence: followed by space and a capital, "(" or a quote; not an abbreviation. */
function sentenceEnds(text: string, i: number): boolean {
  const after = /^\s+["“(\p{Lu}\d]/u.exec(text.slice(i + 1, i + 4));
  if (!after) return false;
  const before = /(\S+)$/.exec(text.slice(Math.max(0, i - 40), i));
  if (!before) return true;
  const word = before[1].replace(/^[("“'[]+/, '');
  if (word === '') return true;
  if (word.includes('.')) return false; // "J.H", "U.S": initials run together
  if (/^\p{L}$/u.test(word)) return false; // an initial: "J. M. W. Turner", "M. Knoedler"
  return !ABBREVIATIONS.has(word.toLowerCase());
}

function clean(entry: string): string {
  return entry
    .replace(NOTE_MARKER, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s;,.:]+|[\s;,]+$/g, '')
    .replace(/\.$/, '')
    .trim();
}

/** The chain's lines and the notes' lines, internal remarks dropped. */
function chainAndNotes(text: string): { chain: string[]; notes: string[] } {
  const lines = text.replace(/\r/g, '').split('\n');
  const chain: string[] = [];
  const notes: string[] = [];
  let inNotes = false;
  for (const line of lines) {
    if (INTERNAL_REMARK.test(line)) continue;
    if (!inNotes && NOTES_START.test(line) && chain.some((l) => l.trim() !== '')) inNotes = true;
    (inNotes ? notes : chain).push(inNotes ? line.replace(/^\s*notes?\s*:\s*/i, '') : line);
  }
  return { chain, notes };
}

/** The chain as one text, as the record writes it, without notes, footnote markers or remarks. */
export function chainText(text: string): string {
  return chainAndNotes(text).chain.join(' ').replace(NOTE_MARKER, '').replace(/\s+/g, ' ').trim();
}

export function splitProvenance(text: string): ProvenanceParts {
  const { chain, notes } = chainAndNotes(text);
  const entries = splitTopLevel(chain.join('\n')).map(clean).filter((e) => /\p{L}/u.test(e));
  const noteSentences = splitTopLevel(notes.join('\n').replace(/^\s*\[\d{1,2}\]\.?\s*/gm, '\n'), false)
    .map(clean)
    .filter((e) => /\p{L}/u.test(e));
  return { entries, notes: noteSentences };
}

const SALE_WORDS =
  /\b(sold|sale|sales|auction|auctioned|lot|bought in|christie'?s?|sotheby'?s?|parke-bernet|american art association|hôtel drouot|drouot)\b/i;
const PURCHASE_WORDS = /\b(purchased|bought|acquired|paid|cost|price|for)\b/i;
export const PRICE =
  /[$£€]\s?\d|\b\d[\d,.]*\s*(francs?|guineas|gns|guilders|gulden|livres|florins|pounds|dollars|marks|reichsmarks?|lire|kronor)\b/i;
const ESTIMATE = /\bestimat/i;
const DEALER_WORDS =
  /\b(galleries|gallery|galerie|galleria|kunsthandel|art dealers?|dealer|fine art society|knoedler|durand-ruel|wildenstein|colnaghi|agnew|duveen|seligmann|bernheim-jeune|goupil|boussod|sedelmeyer|gimpel|reinhardt|macbeth|kraushaar|keppel|tregaskis|yamanaka|cassirer|thannhauser|bignou|lefèvre|lefevre)\b/i;
/** A firm's form: "& Co.", "and Company", "et Cie", "& Sons", "et Fils". */
const FIRM = /(?:&|\band|\bet)\s+(?:co|company|cie|sons|fils)\b/i;
/** Parenthesised text that is a remark, not a party: "(Inscription in pen…)", "(see …)", "(Lugt 2213a)". */
const NOT_A_PARTY = /^(inscription|inscribed|stamp|stamped|mark|label|see|as|lugt|signed|verso|recto|collector|no\.|described|listed|probably|possibly|according)\b/i;

/**
 * AAM convention: a dealer's name in parentheses, "(Name, Place)", as an entry or after "to",
 * "through", "from", "by" ("sold 1909 to (Bernheim-Jeune & Cie, Paris)").
 */
function parenthesisedDealer(entry: string): boolean {
  const lead = /^\(([^)]*)/.exec(entry);
  if (lead) {
    const inner = (lead[1] as string).trim();
    return /^\p{Lu}/u.test(inner) && inner.includes(',') && !NOT_A_PARTY.test(inner);
  }
  return /\b(?:to|through|from|by|with)\s+\(\p{Lu}/u.test(entry);
}

export type MarketKind = 'sale' | 'dealer';

/** Whether an entry names a sale (with or without a price) or a dealer; null when neither, or for an estimate. */
export function marketKind(entry: string): MarketKind | null {
  if (ESTIMATE.test(entry)) return null;
  if (SALE_WORDS.test(entry) || (PRICE.test(entry) && PURCHASE_WORDS.test(entry))) return 'sale';
  if (DEALER_WORDS.test(entry) || FIRM.test(entry) || parenthesisedDealer(entry)) return 'dealer';
  return null;
}

/** Note sentences that give a price paid in a sale or purchase (never an estimate). */
export function pricedNotes(notes: readonly string[]): string[] {
  return notes.filter((n) => !ESTIMATE.test(n) && PRICE.test(n) && (SALE_WORDS.test(n) || PURCHASE_WORDS.test(n)));
}
