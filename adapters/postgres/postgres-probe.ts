import pg from 'pg';

/**
 * Whether a PostgreSQL database already holds this service's schema (its migration table),
 * read on a connection of its own before anything is migrated. A database that does not
 * exist or cannot be reached rejects with the driver's error.
 */
export async function postgresSchemaExists(connectionString: string, connectTimeoutMs = 5_000): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
  // A connection lost while probing must reject the query, never crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ present: boolean }>(`select to_regclass('kysely_migration') is not null as present`);
    return rows[0]?.present === true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A connection string fit for a log line or a message: the password is never shown. */
export function redactedConnectionString(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}
