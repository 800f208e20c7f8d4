import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_SCHEMA } from '../../adapters/postgres/postgres-database.js';
import { migrateTo, migrateToLatest, migrationOrder, migrationsOf, SHARED_MIGRATION_NAMES } from '../../adapters/sql/migrations/index.js';
import type { SqlDialectSchema } from '../../adapters/sql/sql-dialect.js';
import { openSqliteDatabase, SQLITE_SCHEMA } from '../../adapters/sqlite/sqlite-database.js';
import { createPostgresDatabase, postgresCluster } from '../support/postgres.js';

const root = mkdtempSync(join(tmpdir(), 'svc-dialect-migrations-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const memorySqlite = () => new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });

/**
 * The names the dialect steps were recorded under before ADR 0044, written out here (not read
 * from `formerly`): a database migrated by an earlier release holds exactly these.
 */
const FORMER_NAMES: Record<string, Record<string, string>> = {
  sqlite: {
    '0002-tenancy-calls.sqlite-fts': '0002-tenancy-calls-fts',
    '0004-knowledge-agents-workspace.sqlite-fts': '0004-knowledge-fts',
  },
  pg: {
    '0002-tenancy-calls.pg-search': '0002-tenancy-calls-search',
    '0004-knowledge-agents-workspace.pg-search': '0004-knowledge-search',
    '0008-hardening.pg-knowledge-postings': '0009-knowledge-postings',
  },
};

/** Rewrites the migration records as the earlier release wrote them. */
async function recordUnderFormerNames(db: Kysely<any>, dialect: string): Promise<void> {
  for (const [name, former] of Object.entries(FORMER_NAMES[dialect])) {
    await db.updateTable('kysely_migration').set({ name: former }).where('name', '=', name).execute();
  }
}

const recordedNames = async (db: Kysely<any>): Promise<string[]> =>
  (await db.selectFrom('kysely_migration').select('name').orderBy('timestamp').orderBy('name').execute()).map((r) => r.name as string);

/** Kysely's own migrator over the current names, without the renaming `migrateTo` does first. */
const plainMigrator = (db: Kysely<any>, schema: SqlDialectSchema) =>
  new Migrator({ db, provider: { getMigrations: async () => migrationsOf(schema) } satisfies MigrationProvider });

describe('dialect migrations', () => {
  for (const schema of [SQLITE_SCHEMA, POSTGRES_SCHEMA]) {
    it(`${schema.dialect}: each of its own steps sorts straight after its shared parent, in the order Kysely's migrator runs them`, async () => {
      const db = memorySqlite();
      try {
        const order = await migrationOrder(db, schema);
        // Every shared migration, in its own order, and every dialect step.
        expect(order.filter((n) => SHARED_MIGRATION_NAMES.includes(n))).toEqual(SHARED_MIGRATION_NAMES);
        expect(order).toHaveLength(SHARED_MIGRATION_NAMES.length + schema.migrations.length);
        expect(schema.migrations.length).toBeGreaterThan(0);
        for (const m of schema.migrations) {
          const at = order.indexOf(`${m.parent}.${schema.dialect}-${m.name}`);
          expect(at).toBeGreaterThan(0);
          // Straight after the parent, or after another step of the same parent.
          const before = order.slice(0, at).reverse();
          const sibling = before.findIndex((n) => !n.startsWith(`${m.parent}.`));
          expect(before[sibling]).toBe(m.parent);
        }
        // No dialect step takes a number of the shared sequence.
        const sharedNumbers = new Set(SHARED_MIGRATION_NAMES.map((n) => n.slice(0, 4)));
        for (const n of order.filter((x) => !SHARED_MIGRATION_NAMES.includes(x))) expect(sharedNumbers.has(n.slice(0, 4))).toBe(true);
      } finally {
        await db.destroy();
      }
    });
  }

  it('refuses a dialect step whose parent is no shared migration', () => {
    const orphan: SqlDialectSchema = { ...SQLITE_SCHEMA, migrations: [{ parent: '0009-knowledge-postings', name: 'x', migration: { up: async () => {} } }] };
    expect(() => migrationsOf(orphan)).toThrow(/0009-knowledge-postings, which is no shared migration/);
  });

  it('SQLite: a database migrated under the former names opens, runs nothing again and keeps the new names', async () => {
    const filename = join(root, 'former.sqlite');
    await (await openSqliteDatabase({ filename })).close();
    const plain = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(filename) }) });
    try {
      const current = await recordedNames(plain);
      await recordUnderFormerNames(plain, 'sqlite');
      expect(await recordedNames(plain)).toContain('0004-knowledge-fts');
      // Kysely alone refuses such a database: the rename is what opens it.
      const { error } = await plainMigrator(plain, SQLITE_SCHEMA).migrateToLatest();
      expect(String(error)).toMatch(/corrupted migrations: previously executed migration 0002-tenancy-calls-fts is missing/);
      expect(await migrateToLatest(plain, SQLITE_SCHEMA)).toEqual([]);
      expect(await recordedNames(plain)).toEqual(current);
    } finally {
      await plain.destroy();
    }
    const reopened = await openSqliteDatabase({ filename });
    try {
      await reopened.db.insertInto('tenants').values({ tenant_id: 't1', name: 'T', created_at: '2026-01-01T00:00:00.000Z' }).execute();
      expect(await reopened.db.selectFrom('tenants').select('tenant_id').execute()).toEqual([{ tenant_id: 't1' }]);
    } finally {
      await reopened.close();
    }
  });

  describe.skipIf(postgresCluster === null)('PostgreSQL: databases migrated under the former names', () => {
    const plainPostgres = (url: string) => new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });

    it('at the latest schema: opens, runs nothing again, keeps the new names', async () => {
      const plain = plainPostgres(await createPostgresDatabase({ migrated: false }));
      try {
        await migrateToLatest(plain, POSTGRES_SCHEMA);
        const current = await recordedNames(plain);
        expect(current).toContain('0008-hardening.pg-knowledge-postings');
        await recordUnderFormerNames(plain, 'pg');
        expect(await recordedNames(plain)).toContain('0009-knowledge-postings');
        const { error } = await plainMigrator(plain, POSTGRES_SCHEMA).migrateToLatest();
        expect(String(error)).toMatch(/corrupted migrations/);
        expect(await migrateToLatest(plain, POSTGRES_SCHEMA)).toEqual([]);
        expect(await recordedNames(plain)).toEqual(current);
      } finally {
        await plain.destroy();
      }
    });

    it('as a release before the knowledge postings left it (at 0008): the postings step runs under its new name, then the later shared ones', async () => {
      const plain = plainPostgres(await createPostgresDatabase({ migrated: false }));
      try {
        await migrateTo(plain, '0008-hardening', POSTGRES_SCHEMA);
        await recordUnderFormerNames(plain, 'pg');
        expect(await recordedNames(plain)).toEqual([
          '0001-attestation',
          '0002-tenancy-calls',
          '0002-tenancy-calls-search',
          '0003-operator-research',
          '0004-knowledge-agents-workspace',
          '0004-knowledge-search',
          '0005-sync-run-leases',
          '0006-research-orders-plans',
          '0007-webhooks',
          '0008-hardening',
        ]);
        const later = SHARED_MIGRATION_NAMES.slice(SHARED_MIGRATION_NAMES.indexOf('0008-hardening') + 1);
        expect(later.slice(0, 3)).toEqual(['0010-compact-archive', '0011-webhook-fair-claims', '0012-call-erasures']);
        expect(await migrateToLatest(plain, POSTGRES_SCHEMA)).toEqual(['0008-hardening.pg-knowledge-postings', ...later]);
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM knowledge_postings`.execute(plain);
        expect(rows).toEqual([{ n: 0 }]);
      } finally {
        await plain.destroy();
      }
    });
  });
});
