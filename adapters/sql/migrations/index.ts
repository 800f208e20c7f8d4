import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './0001-attestation.js';

/** Migrations are compiled in (no directory scan), so they run the same from source and from dist. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-attestation': m0001,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/** Brings the schema to the latest version; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
