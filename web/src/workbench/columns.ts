import type { Schemas } from '../api/client';

export const COLUMN_KEYS = ['lot', 'artist', 'title', 'reference', 'medium', 'date', 'estimate'] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];
/** Which header names each column (the catalogue endpoint's `mapping`). */
export type ColumnMapping = Partial<Record<ColumnKey, string>>;
export const REQUIRED_COLUMNS: readonly ColumnKey[] = ['lot', 'artist', 'title'];

/** Header words in English, French, German, Dutch and Italian, as the catalogue endpoint reads them. */
const HEADER_WORDS: Record<ColumnKey, string[]> = {
  lot: ['lot', 'n°', 'no', 'no.', 'nr', 'nr.', 'numero', 'number', 'los', 'kavel', 'lotto'],
  artist: ['artist', 'artiste', 'kunstler', 'kunstenaar', 'artista', 'author', 'auteur'],
  title: ['title', 'titre', 'titel', 'titolo'],
  reference: ['reference', 'ref', 'subject_ref', 'work_id'],
  medium: ['medium', 'technique', 'technik', 'techniek', 'tecnica'],
  date: ['date', 'datum', 'data'],
  estimate: ['estimate', 'estimation', 'schatzung', 'schatting', 'stima'],
};

const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

/** The columns found from a header row; a missing required one needs the person's mapping. */
export function recogniseColumns(headers: string[]): { mapping: ColumnMapping; missing: ColumnKey[] } {
  const mapping: ColumnMapping = {};
  for (const key of COLUMN_KEYS) {
    const found = headers.find((h) => HEADER_WORDS[key].includes(fold(h)));
    if (found !== undefined) mapping[key] = found;
  }
  return { mapping, missing: REQUIRED_COLUMNS.filter((k) => mapping[k] === undefined) };
}

/** The batch items of the data rows under `mapping` (the 1-based sheet row of each kept alongside). */
export function itemsOf(rows: string[][], mapping: ColumnMapping): { row: number; item: Schemas['VerifyBatchItem'] }[] {
  const [header, ...data] = rows;
  const at = (key: ColumnKey) => (mapping[key] === undefined ? -1 : header.indexOf(mapping[key]!));
  const idx = Object.fromEntries(COLUMN_KEYS.map((k) => [k, at(k)])) as Record<ColumnKey, number>;
  const cell = (r: string[], key: ColumnKey) => (idx[key] === -1 ? undefined : r[idx[key]]?.trim() || undefined);
  return data.map((r, i) => {
    const item: Schemas['VerifyBatchItem'] = { subject_artist: cell(r, 'artist') ?? '', subject_title: cell(r, 'title') ?? '' };
    const lot = cell(r, 'lot');
    if (lot !== undefined) item.lot = lot;
    const ref = cell(r, 'reference');
    if (ref !== undefined) item.subject_ref = ref;
    const medium = cell(r, 'medium');
    if (medium !== undefined) item.subject_medium = medium;
    const date = cell(r, 'date');
    if (date !== undefined) item.subject_date = date;
    return { row: i + 2, item };
  });
}
