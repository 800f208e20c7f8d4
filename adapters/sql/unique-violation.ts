/** A unique or primary-key violation, as SQLite (better-sqlite3) or PostgreSQL (pg) reports it. */
export function isUniqueViolation(err: unknown): boolean {
  const code = String((err as { code?: unknown })?.code ?? '');
  return code.startsWith('SQLITE_CONSTRAINT') || code === '23505';
}
