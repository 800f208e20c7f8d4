export interface PostgresCluster {
  /** The `postgres` database, as superuser `postgres` (trust authentication, loopback). */
  url: string;
  port: number;
  bin: string;
  databaseUrl(name: string): string;
  /** Stops the server as `pg_ctl stop -m fast` does, waits `downMs`, starts it again on the same port and data. */
  restart(options?: { downMs?: number }): Promise<void>;
  stop(): Promise<void>;
}
export function findPostgresBin(): string | null;
export function startPostgresCluster(options?: { maxConnections?: number }): Promise<PostgresCluster>;
