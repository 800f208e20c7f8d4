import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './0001-attestation.js';
import * as m0002 from './0002-tenancy-calls.js';
import * as m0003 from './0003-operator-research.js';
import * as m0004 from './0004-knowledge-agents-workspace.js';
import * as m0005 from './0005-sync-run-leases.js';
import * as m0006 from './0006-research-orders-plans.js';
import * as m0007 from './0007-webhooks.js';
import * as m0008 from './0008-hardening.js';
import * as m0010 from './0010-compact-archive.js';
import * as m0011 from './0011-webhook-fair-claims.js';
import * as m0012 from './0012-call-erasures.js';
import * as m0013 from './0013-call-stats.js';

/** Migrations are compiled in (no directory scan), so they run the same from source and from dist. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-attestation': m0001,
  '0002-tenancy-calls': m0002,
  '0003-operator-research': m0003,
  '0004-knowledge-agents-workspace': m0004,
  '0005-sync-run-leases': m0005,
  '0006-research-orders-plans': m0006,
  '0007-webhooks': m0007,
  '0008-hardening': m0008,
  '0010-compact-archive': m0010,
  '0011-webhook-fair-claims': m0011,
  '0012-call-erasures': m0012,
  '0013-call-stats': m0013,
};

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

/**
 * Brings the schema to the latest version; throws with the failing migration's name.
 * `dialectMigrations` are a dialect's own steps (SQLite's FTS5 index), named to sort
 * right after the shared migration they complete.
 */
export async function migrateToLatest(db: Kysely<any>, dialectMigrations: Record<string, Migration> = {}): Promise<string[]> {
  return migrateTo(db, undefined, dialectMigrations);
}

/** Up (or down) to the migration named `target`, the latest when undefined (tests build older schemas with it). */
export async function migrateTo(db: Kysely<any>, target: string | undefined, dialectMigrations: Record<string, Migration> = {}): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider({ ...MIGRATIONS, ...dialectMigrations }) });
  const { error, results } = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
