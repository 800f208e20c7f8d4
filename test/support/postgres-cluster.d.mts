export interface PostgresCluster {
  /** The `postgres` database, as superuser `postgres` (trust authentication, loopback). */
  url: string;
  port: number;
  bin: string;
  databaseUrl(name: string): string;
  stop(): Promise<void>;
}
export function findPostgresBin(): string | null;
export function startPostgresCluster(options?: { maxConnections?: number }): Promise<PostgresCluster>;
