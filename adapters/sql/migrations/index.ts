import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { ColumnTypes, DialectMigration, SqlDialectSchema } from '../sql-dialect.js';
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
import * as m0014 from './0014-call-stats-agents.js';
import * as m0015 from './0015-call-stats-durations.js';
import * as m0017 from './0017-call-stats-histograms.js';
import * as m0018 from './0018-call-stats-hours.js';

/** A shared migration: written once for every dialect, in the dialect's column types. */
interface SharedMigration {
  up(db: Kysely<any>, types: ColumnTypes): Promise<void>;
  down?(db: Kysely<any>, types: ColumnTypes): Promise<void>;
}

/**
 * The shared sequence, compiled in (no directory scan), so it runs the same from source and
 * from dist. A number here is taken for every dialect; a dialect's own steps take none
 * (`DialectMigration`: named after the shared migration they complete).
 */
const SHARED_MIGRATIONS: Record<string, SharedMigration> = {
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
  '0014-call-stats-agents': m0014,
  '0015-call-stats-durations': m0015,
  '0017-call-stats-histograms': m0017,
  '0018-call-stats-hours': m0018,
};

export const SHARED_MIGRATION_NAMES: readonly string[] = Object.keys(SHARED_MIGRATIONS);

/** Kysely's migration table (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

/** `<parent>.<dialect>-<name>`: sorts straight after its parent, before any later shared migration. */
export const dialectMigrationName = (schema: SqlDialectSchema, m: DialectMigration): string => `${m.parent}.${schema.dialect}-${m.name}`;

/** Every migration of a database of this dialect, by name: the shared ones in its column types and its own. */
export function migrationsOf(schema: SqlDialectSchema): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(SHARED_MIGRATIONS)) {
    all[name] = { up: (db) => m.up(db, schema.columnTypes), down: m.down && ((db) => m.down!(db, schema.columnTypes)) };
  }
  for (const m of schema.migrations) {
    if (!(m.parent in SHARED_MIGRATIONS)) throw new Error(`Dialect migration ${m.name} of ${schema.dialect} completes ${m.parent}, which is no shared migration.`);
    all[dialectMigrationName(schema, m)] = m.migration;
  }
  return all;
}

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

const migratorOf = (db: Kysely<any>, schema: SqlDialectSchema): Migrator => new Migrator({ db, provider: new StaticMigrationProvider(migrationsOf(schema)) });

/**
 * A database migrated before a dialect step took its parent's name has it recorded under its
 * former name (`0009-knowledge-postings`, which took a number of the shared sequence): the
 * record is renamed, so the migrator finds every step it ran. Idempotent, and harmless to a
 * database that never ran it or has no migration table yet.
 */
async function adoptFormerNames(db: Kysely<any>, schema: SqlDialectSchema): Promise<void> {
  const renames = schema.migrations.filter((m) => m.formerly !== undefined);
  if (renames.length === 0) return;
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return;
  for (const m of renames) {
    await db.updateTable(MIGRATION_TABLE).set({ name: dialectMigrationName(schema, m) }).where('name', '=', m.formerly!).execute();
  }
}

/** Brings the schema to the latest version; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>, schema: SqlDialectSchema): Promise<string[]> {
  return migrateTo(db, undefined, schema);
}

/** Up (or down) to the migration named `target`, the latest when undefined (tests build older schemas with it). */
export async function migrateTo(db: Kysely<any>, target: string | undefined, schema: SqlDialectSchema): Promise<string[]> {
  await adoptFormerNames(db, schema);
  const migrator = migratorOf(db, schema);
  const { error, results } = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** The names of every migration of the dialect in the order Kysely's migrator runs them. */
export async function migrationOrder(db: Kysely<any>, schema: SqlDialectSchema): Promise<string[]> {
  return (await migratorOf(db, schema).getMigrations()).map((m) => m.name);
}
