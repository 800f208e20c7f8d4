import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../../adapters/postgres/postgres-database.js';
import { tsqueryAll, tsvectorOf, tsvectorWithPositions } from '../../adapters/postgres/tsvector.js';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database.js';
import { parseSearchQuery } from '../../core/shared/search-query.js';
import { resolveAuthSecret } from '../../runtimes/shared/composition/auth-secret.js';
import { openDatabase } from '../../runtimes/shared/composition/open-database.js';
import { loadConfig } from '../../runtimes/shared/settings/config.js';
import { createPostgresDatabase, postgresCluster } from '../support/postgres.js';

const root = mkdtempSync(join(tmpdir(), 'svc-db-settings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('database configuration', () => {
  it('accepts postgres://, postgresql:// and sqlite: URLs and names the variable for anything else', () => {
    for (const url of ['postgres://u@h/db', 'postgresql://u:p@h:5433/db?sslmode=require', 'sqlite:/tmp/x.sqlite', '']) {
      expect(() => loadConfig({ DATABASE_URL: url })).not.toThrow();
    }
    for (const url of ['mysql://h/db', 'postgres:/missing-slashes', 'sqlite:', 'redis://h']) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/DATABASE_URL must be postgres/);
    }
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX must be at least 1/);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS must be a number/);
    expect(loadConfig({}).database).toMatchObject({ poolMax: 10, statementTimeoutMs: 10_000, connectTimeoutMs: 5_000 });
  });

  it('requires JWT_SECRET on PostgreSQL, where several instances must share it', () => {
    const logger = pino({ level: 'silent' });
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATA_DIR: root });
    expect(() => resolveAuthSecret(config, logger)).toThrow(/JWT_SECRET must be set when DATABASE_URL is PostgreSQL/);
    const secret = 'x'.repeat(40);
    expect(resolveAuthSecret(loadConfig({ DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: secret }), logger)).toBe(secret);
  });

  it('fails a start on an unreachable PostgreSQL within the connect timeout, with the cause', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DB_CONNECT_TIMEOUT_MS: '500' });
    await expect(openDatabase(config)).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});

describe('SQLite: lock wait (DB_STATEMENT_TIMEOUT_MS is its busy timeout)', () => {
  it('a writer blocked by another process gives up after the timeout, and nothing is half written', async () => {
    const file = join(root, 'busy.sqlite');
    const database = await openSqliteDatabase({ filename: file, busyTimeoutMs: 200 });
    const other = new BetterSqlite3(file);
    other.exec('BEGIN IMMEDIATE');
    const started = Date.now();
    await expect(database.db.insertInto('tenants').values({ tenant_id: 't', name: 't', created_at: '2026-01-01T00:00:00.000Z' }).execute()).rejects.toThrow(/locked|busy/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    other.exec('ROLLBACK');
    other.close();
    expect(await database.db.selectFrom('tenants').selectAll().execute()).toEqual([]);
    expect(await database.ping()).toBe('ok (sqlite)');
    await database.close();
  });
});

describe.skipIf(postgresCluster === null)('PostgreSQL: pool and statement timeout', () => {
  it('cancels a statement that runs past the statement timeout, and the pool stays usable', async () => {
    const database = await openPostgresDatabase({ connectionString: await createPostgresDatabase(), poolMax: 2, statementTimeoutMs: 300 });
    try {
      await expect(sql`select pg_sleep(2)`.execute(database.db)).rejects.toThrow(/statement timeout/);
      expect(await database.ping()).toMatch(/^ok \(postgres; pool \d+\/2 busy, 0 waiting\)$/);
      // Never more connections than the pool allows, however many queries wait.
      const counts = await Promise.all(
        Array.from({ length: 8 }, () => sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'svc-platform'`.execute(database.db)),
      );
      for (const c of counts) expect(c.rows[0].n).toBeLessThanOrEqual(2);
    } finally {
      await database.close();
    }
  });

  it('two processes migrating one new database at once leave one schema', async () => {
    const url = await createPostgresDatabase();
    const [x, y] = await Promise.all([openPostgresDatabase({ connectionString: url }), openPostgresDatabase({ connectionString: url })]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(x.db);
    const names = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(y.db);
    expect(rows[0].n).toBe(names.rows.length);
    expect(new Set(names.rows.map((r) => r.name)).size).toBe(names.rows.length);
    await Promise.all([x.close(), y.close()]);
  });
});

describe('PostgreSQL text search values (built in the application)', () => {
  it('folds case and accents like the other adapters and quotes every lexeme', () => {
    expect(tsvectorOf("Élodie's CAFÉ, café")).toBe("'elodie' 's' 'cafe'");
    expect(tsvectorWithPositions('café au lait, café')).toBe("'cafe':1,4 'au':2 'lait':3");
    expect(tsqueryAll(parseSearchQuery('Ref* & | ! (x)'))).toBe("'ref':* & 'x'");
  });

  it('keeps a word longer than PostgreSQL allows as a prefix no query can mistake for the whole word', () => {
    const long = 'a'.repeat(5000);
    const [lexeme] = tsvectorOf(long).slice(1, -1).split("' '");
    expect(Buffer.byteLength(lexeme)).toBe(2046);
  });

  it('refuses a text with more distinct words than a tsvector holds, with a validation error', () => {
    const words = Array.from({ length: 120_000 }, (_, i) => `w${i.toString(36)}x${i}`).join(' ');
    expect(() => tsvectorOf(words)).toThrow(/too many distinct words/);
  });
});
