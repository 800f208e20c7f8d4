/**
 * Which column of a catalogue is the lot, the artist, the title... (ADR 0041): from the header
 * cells as catalogues write them in English, French, German, Dutch and Italian, or from the
 * caller's explicit mapping. Each header is read once, in time linear in its length.
 */
import { DomainError } from '../../shared/errors.js';
import {
  CATALOGUE_FIELDS,
  type CatalogueColumns,
  type CatalogueField,
  type CatalogueMapping,
  type FoundColumns,
  REQUIRED_CATALOGUE_FIELDS,
} from './catalogue.model.js';

/**
 * The header forms of each field, normalised (lower case, accents and punctuation off: "N°" is
 * `n`, "Schätzung" is `schatzung`), best first: where two columns could be the field, the one
 * whose header comes first in this list wins, then the leftmost.
 */
const HEADER_FORMS: Record<CatalogueField, readonly string[]> = {
  lot: [
    'lot', 'lot no', 'lot n', 'lot nr', 'lot number', 'lot num', 'lots', 'n lot', 'n du lot', 'numero de lot', 'numero du lot', 'no de lot',
    'los', 'los nr', 'losnummer', 'los nummer', 'kavel', 'kavel nr', 'kavelnummer', 'lotto', 'lotto n', 'n lotto', 'numero lotto', 'lotto nr',
    'n', 'no', 'nr', 'num', 'numero', 'number', 'nummer',
  ],
  artist: [
    'artist', 'artiste', 'kunstler', 'kuenstler', 'kunstenaar', 'artista', 'artist name', 'nom de l artiste', 'artiste auteur', 'auteur',
    'author', 'maker', 'painter', 'peintre', 'maler', 'schilder', 'pittore', 'autore', 'name of artist', 'artist maker',
  ],
  title: [
    'title', 'titre', 'titel', 'titolo', 'titulo', 'work title', 'title of work', 'titre de l oeuvre', 'titre de l œuvre', 'werktitel',
    'titolo dell opera', 'object title', 'oeuvre', 'opera', 'werk',
  ],
  reference: [
    'reference', 'ref', 'referentie', 'referenz', 'riferimento', 'subject ref', 'work id', 'inventory', 'inventory number', 'inventory no',
    'inventaire', 'numero d inventaire', 'n d inventaire', 'inv', 'inv no', 'inv nr', 'inventarnummer', 'inventarisnummer', 'inventario',
    'accession number', 'accession no',
  ],
  medium: [
    'technique', 'medium', 'technik', 'techniek', 'tecnica', 'technique et support', 'medium and support', 'materials', 'material',
    'materiaux', 'materiau', 'materiaal', 'materiale', 'support',
  ],
  date: ['date', 'datum', 'data', 'year', 'annee', 'jahr', 'jaar', 'anno', 'dating', 'datation', 'datierung', 'datering', 'datazione', 'date of work'],
  estimate: [
    'estimate', 'estimation', 'schatzung', 'schaetzung', 'schatting', 'stima', 'est', 'estimates', 'estimations', 'taxatie', 'schatzpreis',
    'low estimate', 'estimation basse',
  ],
};

/** Words a header may end with that say its unit, not what it is ("Estimate (EUR)", "Estimation €"). */
const UNIT_WORDS = new Set(['eur', 'euro', 'euros', 'usd', 'gbp', 'chf', 'sek', 'dkk', 'nok', 'in', 'en']);

/**
 * A header as compared: compatibility forms folded ("º" is `o`), accents, case and punctuation
 * off, spacing collapsed, a trailing unit word off. One pass over the text.
 */
export function normaliseHeader(header: string): string {
  const folded = header.normalize('NFKD').toLowerCase();
  let out = '';
  let space = false;
  for (const ch of folded) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x300 && code <= 0x36f) continue; // a combining accent
    const word = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === 'œ';
    if (!word) {
      space = out.length > 0;
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += ch;
  }
  const lastSpace = out.lastIndexOf(' ');
  if (lastSpace > 0 && UNIT_WORDS.has(out.slice(lastSpace + 1))) out = out.slice(0, lastSpace);
  return out;
}

const FORM_RANK: Record<CatalogueField, Map<string, number>> = Object.fromEntries(
  CATALOGUE_FIELDS.map((field) => [field, new Map(HEADER_FORMS[field].map((form, rank) => [normaliseHeader(form), rank]))]),
) as Record<CatalogueField, Map<string, number>>;

/** The 422 of a catalogue whose lot, artist or title column was not found: the client maps them. */
export function columnsNotFound(headers: readonly string[], missing: readonly CatalogueField[], unknownMapping: readonly string[] = []): DomainError {
  const named = unknownMapping.length > 0 ? ` The mapping names headers the file does not have: ${unknownMapping.join(', ')}.` : '';
  return new DomainError(
    'UNPROCESSABLE',
    `The catalogue's ${missing.join(', ')} column${missing.length === 1 ? ' was' : 's were'} not found among its headers.${named} ` +
      'Send a mapping naming the header of each (keys lot, artist, title, reference, medium, date, estimate).',
    undefined,
    { kind: 'catalogue-columns', details: { headers: [...headers], missing: [...missing] } },
  );
}

/**
 * Finds each field's column: the mapping's header where it names one (compared exactly, then
 * normalised), else the header that reads as the field. A column serves one field at most.
 * Throws `catalogue-columns` (UNPROCESSABLE) when lot, artist or title is not found, or when
 * the mapping names a header the file does not have.
 */
export function findColumns(headers: readonly string[], mapping: CatalogueMapping = {}): FoundColumns {
  const normalised = headers.map(normaliseHeader);
  const taken = new Set<number>();
  const positions = Object.fromEntries(CATALOGUE_FIELDS.map((f) => [f, null])) as Record<CatalogueField, number | null>;
  const unknownMapping: string[] = [];
  for (const field of CATALOGUE_FIELDS) {
    const wanted = mapping[field];
    if (wanted === undefined) continue;
    let at = headers.findIndex((h, i) => !taken.has(i) && h === wanted.trim());
    if (at < 0) at = normalised.findIndex((h, i) => !taken.has(i) && h === normaliseHeader(wanted) && h !== '');
    if (at < 0) {
      unknownMapping.push(`${field} → "${wanted}"`);
      continue;
    }
    positions[field] = at;
    taken.add(at);
  }
  for (const field of CATALOGUE_FIELDS) {
    if (positions[field] !== null || mapping[field] !== undefined) continue;
    let best: { at: number; rank: number } | null = null;
    normalised.forEach((h, at) => {
      const rank = FORM_RANK[field].get(h);
      if (rank === undefined || taken.has(at)) return;
      if (best === null || rank < best.rank) best = { at, rank };
    });
    if (best !== null) {
      positions[field] = (best as { at: number }).at;
      taken.add((best as { at: number }).at);
    }
  }
  const missing = REQUIRED_CATALOGUE_FIELDS.filter((f) => positions[f] === null);
  if (missing.length > 0 || unknownMapping.length > 0) throw columnsNotFound(headers, missing, unknownMapping);
  const columns = Object.fromEntries(CATALOGUE_FIELDS.map((f) => [f, positions[f] === null ? null : headers[positions[f]!]!])) as CatalogueColumns;
  return { columns, positions };
}
