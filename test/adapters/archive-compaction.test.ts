import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase, POSTGRES_SCHEMA } from '../../adapters/postgres/postgres-database.js';
import type { SqlDatabase, SqlDialectSchema } from '../../adapters/sql/sql-dialect.js';
import { migrateTo } from '../../adapters/sql/migrations/index.js';
import { SqlVerificationLedger } from '../../adapters/sql/sql-verification.ledger.js';
import { openSqliteDatabase, SQLITE_SCHEMA } from '../../adapters/sqlite/sqlite-database.js';
import type { VerificationTrace } from '../../core/attestation/ports.js';
import { DISCLAIMER } from '../../core/attestation/verdict/disclaimer.js';
import { createPostgresDatabase, postgresCluster } from '../support/postgres.js';
import { aTrace } from '../fixtures/verification-trace-mother.js';
import { archivedRow } from '../support/archived-row.js';

/**
 * Issue 25, point 9 (ADR 0027): the archive stores the request and response texts deflated
 * against a dictionary stored once. What was served reads back byte for byte, on SQLite and
 * PostgreSQL, for rows written compact and for rows archived before migration 0010 (converted
 * by it; its `down` converts them back).
 */
const root = mkdtempSync(join(tmpdir(), 'svc-archive-compact-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Target {
  name: string;
  skip: boolean;
  /** The service's open (migrated to the latest). */
  open(): Promise<SqlDatabase>;
  /** A plain Kysely on the same database, for the test's own migrations and legacy rows. */
  plain(): Kysely<any>;
  schema: SqlDialectSchema;
}

function sqliteTarget(): Target {
  const filename = join(root, 'archive.sqlite');
  return {
    name: 'SQLite',
    skip: false,
    open: () => openSqliteDatabase({ filename }),
    plain: () => new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(filename) }) }),
    schema: SQLITE_SCHEMA,
  };
}

function postgresTarget(): Target {
  let url: string | undefined;
  return {
    name: 'PostgreSQL',
    skip: postgresCluster === null,
    async open() {
      url ??= await createPostgresDatabase();
      return openPostgresDatabase({ connectionString: url, poolMax: 2 });
    },
    plain: () => new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) }),
    schema: POSTGRES_SCHEMA,
  };
}

/** A trace with a served response of realistic size: the real disclaimer, a few attestations. */
function servedTrace(n: number): VerificationTrace {
  const trace = aTrace({ served_at: `2026-11-0${1 + (n % 3)}T10:00:0${n % 10}.000Z` });
  trace.request = { subject_artist: `Joseph Mallord William Turner ${n}`, subject_title: `Snow Storm — “Steam-Boat” ${n}`, subject_ref: `N0${n}` };
  trace.response = {
    ...trace.response,
    subject: { artist: trace.request.subject_artist, title: trace.request.subject_title },
    verdict: n % 2 === 0 ? 'attested' : 'unavailable',
    attestations: [{ pillar: 'provenance', claim: `Tate acquired this work in 18${n} (N0${n}).`, source_ref: `https://www.tate.org.uk/art/N0${n}`, confidence: 0.85, status: 'verified', verified_by: 'import:tate' }],
    disclaimer: DISCLAIMER,
  };
  return trace;
}


for (const target of [sqliteTarget(), postgresTarget()]) {
  describe.skipIf(target.skip)(`${target.name}: the compact archive`, () => {
    it('reads back the bytes served, compactly; rows archived before migration 0010 are converted and read back the same', async () => {
      // A database as the previous release left it: migrated down to 0008, text rows in it.
      const first = await target.open();
      await first.close();
      const plain = target.plain();
      await migrateTo(plain, '0008-hardening', target.schema);
      const legacy = [servedTrace(1), servedTrace(2), servedTrace(3)];
      await plain
        .insertInto('verification_archive')
        .values(legacy.map((t) => ({ request_id: t.request_id, served_at: t.served_at, tier: t.tier, key_id: t.key_id, request_json: JSON.stringify(t.request), response_json: JSON.stringify(t.response) })))
        .execute();
      await plain.destroy();

      const database = await target.open();
      try {
        const ledger = new SqlVerificationLedger(database.db, database.archiveWriter, database.capabilities.isTransient);
        const fresh = [servedTrace(4), servedTrace(5)];
        // Each response serialised once by the caller, which sends the same text.
        const served = new Map(fresh.map((t) => [t.request_id, JSON.stringify(t.response)]));
        await Promise.all(fresh.map((t) => ledger.record(t, served.get(t.request_id))));
        for (const t of [...legacy, ...fresh]) {
          const { stored, texts } = await archivedRow(database.db, t.request_id);
          // Byte for byte what was served (the response's one serialisation), and the request.
          expect(texts.response_json).toBe(served.get(t.request_id) ?? JSON.stringify(t.response));
          expect(texts.request_json).toBe(JSON.stringify(t.request));
          expect(stored).toBeLessThan(Buffer.byteLength(texts.response_json) / 4);
          const found = await ledger.find(t.request_id);
          expect(found).toEqual(t);
          expect(JSON.stringify(found!.response)).toBe(texts.response_json);
        }
        const listed = await ledger.billed('key_a', { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' }, null, 10);
        expect(listed).toHaveLength(5);
        for (const line of listed) {
          const t = [...legacy, ...fresh].find((x) => x.request_id === line.request_id)!;
          expect(line).toEqual({ request_id: t.request_id, served_at: t.served_at, verdict: t.response.verdict, subject: t.response.subject });
        }
      } finally {
        await database.close();
      }

      // And back: 0010's down restores the text rows, every one of them.
      const again = target.plain();
      try {
        await migrateTo(again, '0008-hardening', target.schema);
        const rows = await again.selectFrom('verification_archive').select(['request_id', 'response_json']).execute();
        expect(rows).toHaveLength(5);
        for (const row of rows) expect(JSON.parse(row.response_json).request_id).toBe(row.request_id);
      } finally {
        await again.destroy();
      }
    });
  });
}
