/** The bounds a catalogue file is read within (ADR 0041), and the two ways reading one fails. */
export interface CatalogueLimits {
  /** Bytes of the file as sent. */
  maxBytes: number;
  /** Data rows under the header. */
  maxRows: number;
  /** Columns of any row. */
  maxColumns: number;
  /** Non-blank cells in all. */
  maxCells: number;
  /** Characters of one cell (Excel's own limit). */
  maxCellChars: number;
  /** Bytes an XLSX's parts may inflate to, in all (declared and actual). */
  maxInflatedBytes: number;
  /** Parts (files) an XLSX may hold. */
  maxZipEntries: number;
  /** Wall-clock milliseconds the worker may take; it is terminated after. */
  timeoutMs: number;
  /** Heap of the worker (V8 old generation), MB. */
  maxHeapMb: number;
}

export const DEFAULT_CATALOGUE_LIMITS: CatalogueLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 10_000,
  maxColumns: 256,
  maxCells: 1_000_000,
  maxCellChars: 32_767,
  maxInflatedBytes: 64 * 1024 * 1024,
  maxZipEntries: 1_000,
  timeoutMs: 30_000,
  maxHeapMb: 768,
};

/** A file over one of the bounds; `limit` names it (rows, columns, cells, bytes, inflated bytes...). */
export class CatalogueLimitExceeded extends Error {
  constructor(
    readonly limit: string,
    message: string,
  ) {
    super(message);
  }
}

/** A file that is not a catalogue this reads (not text, not an XLSX, a broken zip). */
export class CatalogueUnreadable extends Error {}
