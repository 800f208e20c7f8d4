/**
 * A sale catalogue as a sheet (issue 26, ADR 0041): the header cells and the data rows as text,
 * each row with its 1-based row number in the sheet it was read from. Every cell is text: a
 * number, a date or a formula's cached value as the file holds it, never a computed value.
 */

/** The columns a catalogue may name; lot, artist and title are required. */
export const CATALOGUE_FIELDS = ['lot', 'artist', 'title', 'reference', 'medium', 'date', 'estimate'] as const;
export type CatalogueField = (typeof CATALOGUE_FIELDS)[number];
export const REQUIRED_CATALOGUE_FIELDS = ['lot', 'artist', 'title'] as const satisfies readonly CatalogueField[];

/** The most data rows one catalogue may hold. */
export const MAX_CATALOGUE_ROWS = 10_000;
/** The most data rows a keyless (sandbox) caller may send in one catalogue. */
export const SANDBOX_CATALOGUE_MAX_ROWS = 100;

export interface SheetRow {
  /** The row's number in the sheet, 1-based (the header is usually row 1). */
  row: number;
  cells: string[];
}

export interface Sheet {
  /** The header row's cells, trimmed. */
  headers: string[];
  /** The non-blank rows under the header, in order. */
  rows: SheetRow[];
}

/** How the file was written, so that an annotated CSV is written back the same way. */
export interface SheetSource {
  format: 'csv' | 'xlsx';
  /** The CSV's field separator (`;` from French Excel); `,` for an XLSX. */
  delimiter: string;
  /** The CSV's text encoding as detected; null for an XLSX. */
  encoding: 'utf-8' | 'utf-16le' | 'windows-1252' | null;
  /** The worksheet's name for an XLSX; null for a CSV. */
  sheetName: string | null;
}

export interface ReadSheet {
  sheet: Sheet;
  source: SheetSource;
}

/** A caller's explicit mapping: field → the header text of its column. */
export type CatalogueMapping = Partial<Record<CatalogueField, string>>;

/** Each field's column as found: its header text, or null. */
export type CatalogueColumns = Record<CatalogueField, string | null>;

/** The columns as found, with their positions in the header row. */
export interface FoundColumns {
  columns: CatalogueColumns;
  positions: Record<CatalogueField, number | null>;
}

/** The formats a catalogue's answer may take. */
export const CATALOGUE_FORMATS = ['json', 'ndjson', 'csv', 'xlsx'] as const;
export type CatalogueFormat = (typeof CATALOGUE_FORMATS)[number];

/** The columns appended to the catalogue in its annotated CSV or XLSX, in order. */
export const ANNOTATION_COLUMNS = [
  'verdict',
  'matched_artist',
  'qualifier',
  'requalification_fr',
  'requalification_en',
  'citations',
  'near_matches',
  'reason',
  'request_id',
] as const;
export type AnnotationColumn = (typeof ANNOTATION_COLUMNS)[number];

/** A table of text to write as a CSV or an XLSX: every cell already safe to open in a spreadsheet. */
export interface AnnotatedTable {
  headers: string[];
  rows: string[][];
}
