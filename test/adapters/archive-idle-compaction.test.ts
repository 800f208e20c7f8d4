import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../../adapters/postgres/postgres-database.js';
import { BODY_CODEC } from '../../adapters/sql/archive-codec.js';
import { type ArchiveCompactionOptions, IdleCompactor, PlainBacklog } from '../../adapters/sql/archive-compaction.js';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import { SqlVerificationLedger } from '../../adapters/sql/sql-verification.ledger.js';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database.js';
import { DISCLAIMER } from '../../core/attestation/verdict/disclaimer.js';
import { aTrace } from '../fixtures/verification-trace-mother.js';
import { createPostgresDatabase, postgresCluster } from '../support/postgres.js';

/**
 * ADR 0053: the archive writes a verification's texts plain and deflates them once it has been
 * idle; past its plain backlog's bound it deflates before the commit, as before. On every writer:
 * SQLite file (the archive's worker thread), SQLite in memory and PostgreSQL (the event loop's
 * connection, bodies deflated in the deflater's thread).
 */
const root = mkdtempSync(join(tmpdir(), 'svc-archive-idle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const targets: { name: string; skip: boolean; open(options: ArchiveCompactionOptions): Promise<SqlDatabase> }[] = [
  { name: 'SQLite file', skip: false, open: (archiveCompaction) => openSqliteDatabase({ filename: join(root, `${Math.random()}.sqlite`), archiveCompaction }) },
  { name: 'SQLite in memory', skip: false, open: (archiveCompaction) => openSqliteDatabase({ filename: ':memory:', archiveCompaction }) },
  {
    name: 'PostgreSQL',
    skip: postgresCluster === null,
    open: async (archiveCompaction) => openPostgresDatabase({ connectionString: await createPostgresDatabase(), poolMax: 2, archiveCompaction }),
  },
];

const trace = (n: number) => {
  const t = aTrace({ served_at: '2026-11-26T10:00:00.000Z' });
  t.response = { ...t.response, disclaimer: DISCLAIMER, subject: { artist: `Artist ${n}`, title: `Title ${n}` } };
  return t;
};

async function codecs(database: SqlDatabase): Promise<{ plain: number; deflated: number }> {
  const rows = await database.db.selectFrom('verification_archive').select('body_codec').execute();
  return { plain: rows.filter((r) => r.body_codec === BODY_CODEC.plain).length, deflated: rows.filter((r) => r.body_codec === BODY_CODEC.deflated).length };
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('not within the time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

for (const target of targets) {
  describe.skipIf(target.skip)(`${target.name}: the archive compacts when idle`, () => {
    it('writes plain, reads back the same, and deflates every row once no write came for idleMs', async () => {
      const database = await target.open({ maxPlainBytes: 64 * 1024 * 1024, idleMs: 100 });
      try {
        const ledger = new SqlVerificationLedger(database.db, database.archiveWriter, database.capabilities.isTransient);
        const traces = Array.from({ length: 250 }, (_, n) => trace(n));
        await Promise.all(traces.map((t) => ledger.record(t)));
        // Read back while plain or while being compacted: always the same trace.
        expect(await ledger.find(traces[7]!.request_id)).toEqual(traces[7]);
        await until(async () => (await codecs(database)).plain === 0);
        expect(await codecs(database)).toEqual({ plain: 0, deflated: 250 });
        const found = await ledger.findAll(traces.map((t) => t.request_id));
        for (const t of traces) expect(found.get(t.request_id)).toEqual(t);
      } finally {
        await database.close();
      }
    });

    it('past its plain bound deflates before the commit; with a bound of 0 never writes plain', async () => {
      const one = Buffer.byteLength(JSON.stringify(trace(0).response)) + 200;
      const database = await target.open({ maxPlainBytes: 3 * one, idleMs: 60_000 });
      try {
        const ledger = new SqlVerificationLedger(database.db, database.archiveWriter, database.capabilities.isTransient);
        for (let n = 0; n < 6; n++) await ledger.record(trace(n));
        const counted = await codecs(database);
        expect(counted.plain).toBeGreaterThanOrEqual(2);
        expect(counted.plain).toBeLessThanOrEqual(3);
        expect(counted.deflated).toBe(6 - counted.plain);
        // Compacted on demand: the backlog is empty again and rows are written plain.
        expect(await database.archiveWriter.compact()).toBe(counted.plain);
        await ledger.record(trace(6));
        expect(await codecs(database)).toEqual({ plain: 1, deflated: 6 });
      } finally {
        await database.close();
      }
      const never = await target.open({ maxPlainBytes: 0, idleMs: 60_000 });
      try {
        const ledger = new SqlVerificationLedger(never.db, never.archiveWriter, never.capabilities.isTransient);
        await ledger.record(trace(1));
        expect(await codecs(never)).toEqual({ plain: 0, deflated: 1 });
      } finally {
        await never.close();
      }
    });
  });
}

describe('IdleCompactor', () => {
  it('waits for idleMs without a write, stops a run when a write comes, and tries a failed step again later', async () => {
    const calls: number[] = [];
    let failing = true;
    let left = 5;
    const backlog = new PlainBacklog(1_000);
    const compactor = new IdleCompactor(
      async (limit) => {
        calls.push(Date.now());
        if (failing) {
          failing = false;
          throw new Error('database unavailable');
        }
        const rows = Math.min(limit, left);
        left -= rows;
        return { rows, bytes: rows * 10 };
      },
      backlog,
      30,
    );
    try {
      expect(backlog.admit(600)).toBe(true);
      expect(backlog.admit(600)).toBe(false);
      compactor.wrote();
      const wroteAt = Date.now();
      await until(async () => left === 0, 5_000);
      // The first step came after the idle time, failed, and the next one came later still.
      expect(calls[0]! - wroteAt).toBeGreaterThanOrEqual(25);
      expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(100);
      await until(async () => backlog.plainBytes === 0, 1_000);
    } finally {
      await compactor.close();
    }
  });
});
