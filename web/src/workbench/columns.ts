import type { Schemas } from '../api/client';

/** Which header names each column (the catalogue endpoint's `mapping`). */
export type ColumnMapping = Schemas['CatalogueMapping'];
export type ColumnKey = keyof ColumnMapping;
export const COLUMN_KEYS: readonly ColumnKey[] = ['lot', 'artist', 'title', 'reference', 'medium', 'date', 'estimate'];
export const REQUIRED_COLUMNS: readonly ColumnKey[] = ['lot', 'artist', 'title'];
