import { existsSync, statSync } from 'node:fs';

/**
 * Whether a SQLite database file already holds data (exists and is not empty), read without
 * opening it: opening would create it. `:memory:` never exists beforehand.
 */
export function sqliteDatabaseExists(filename: string): boolean {
  if (filename === ':memory:') return false;
  return existsSync(filename) && statSync(filename).size > 0;
}
