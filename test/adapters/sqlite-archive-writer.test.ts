import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArchiveRow } from '../../adapters/sql/archive-writer.js';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import { SqlVerificationLedger } from '../../adapters/sql/sql-verification.ledger.js';
import { isUniqueViolation } from '../../adapters/sql/unique-violation.js';
import { SqliteArchiveWriter } from '../../adapters/sqlite/sqlite-archive-writer.js';
import { SqliteCheckpointer } from '../../adapters/sqlite/sqlite-checkpointer.js';
import { WAL_SIZE_LIMIT_BYTES } from '../../adapters/sqlite/sqlite-connection.js';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database.js';
import { sql } from 'kysely';
import { aTrace } from '../fixtures/verification-trace-mother.js';

const row = (n: number, key_id: string | null = 'key_1'): ArchiveRow => ({
  request_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  served_at: `2026-11-0${1 + (n % 2)}T10:00:00.000Z`,
  tier: key_id ? 'production' : 'sandbox',
  key_id,
  verdict: 'unavailable',
  subject_artist: `A ${n}`,
  subject_title: 'T',
  request_json: JSON.stringify({ subject_artist: `A ${n}`, subject_title: 'T' }),
  response_json: JSON.stringify({ n }),
});

let database: SqlDatabase | undefined;
const dirs: string[] = [];
const newDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await database?.close();
  database = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function fileDatabase(filename = join(newDir('archive-writer-'), 'svc.db')): Promise<SqlDatabase & { archiveWriter: SqliteArchiveWriter }> {
  database = await openSqliteDatabase({ filename, checkpointIntervalMs: 3_600_000, busyTimeoutMs: 300 });
  expect(database.archiveWriter).toBeInstanceOf(SqliteArchiveWriter);
  return database as SqlDatabase & { archiveWriter: SqliteArchiveWriter };
}

const archived = (db: SqlDatabase) => db.db.selectFrom('verification_archive').select('request_id').orderBy('request_id').execute();
const meters = (db: SqlDatabase) => db.db.selectFrom('verification_usage').selectAll().orderBy('meter_id').orderBy('month').execute();

describe('SQLite archive writer (worker thread, own connection)', () => {
  it('commits a batch that the main connection then reads, meters included', async () => {
    const db = await fileDatabase();
    await db.archiveWriter.write([row(1), row(2), row(3, null)]);
    expect((await archived(db)).map((r) => r.request_id)).toEqual([row(1).request_id, row(2).request_id, row(3).request_id]);
    expect(await meters(db)).toEqual([
      { meter_id: 'key_1', month: '2026-11', served_calls: 2 },
      { meter_id: 'sandbox', month: '2026-11', served_calls: 1 },
    ]);
  });

  it('writes a batch all or nothing: one duplicate fails it as a UniqueViolation and writes none of it', async () => {
    const db = await fileDatabase();
    await db.archiveWriter.write([row(1)]);
    const failed = await db.archiveWriter.write([row(2), row(1)]).catch((err: unknown) => err);
    expect(isUniqueViolation(failed)).toBe(true);
    expect((await archived(db)).map((r) => r.request_id)).toEqual([row(1).request_id]);
    expect(await meters(db)).toEqual([{ meter_id: 'key_1', month: '2026-11', served_calls: 1 }]);
  });

  it('starts a new worker at the next write when its worker stopped', async () => {
    const db = await fileDatabase();
    await db.archiveWriter.write([row(1)]);
    const worker = (db.archiveWriter as unknown as { worker: { worker: Worker } }).worker.worker;
    // Stopped while idle: terminating a thread inside a native SQLite call aborts the process,
    // which is why the writer itself never terminates its worker (close() asks it to finish).
    await worker.terminate();
    await db.archiveWriter.write([row(2)]);
    expect((db.archiveWriter as unknown as { worker: { worker: Worker } }).worker.worker).not.toBe(worker);
    expect((await archived(db)).map((r) => r.request_id)).toEqual([row(1).request_id, row(2).request_id]);
  });

  it('closes after the batches already posted are written', async () => {
    const db = await fileDatabase();
    const writes = [1, 2, 3, 4].map((n) => db.archiveWriter.write([row(n)]));
    await db.archiveWriter.close();
    await Promise.all(writes);
    await expect(db.archiveWriter.write([row(5)])).rejects.toThrow(/closed/);
    expect(await archived(db)).toHaveLength(4);
  });
});

describe('SQLite checkpointer (worker thread, own connection)', () => {
  it('no commit checkpoints: the WAL keeps the frames until the checkpointer copies them all, and closing empties it', async () => {
    const filename = join(newDir('checkpoint-'), 'svc.db');
    const db = await fileDatabase(filename);
    const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.db);
    expect(setting.rows[0]?.wal_autocheckpoint).toBe(0);
    // Far more than the 1,000 pages at which SQLite would checkpoint inside a commit (random
    // padding: the archive deflates what it stores).
    const big = (n: number): ArchiveRow => ({ ...row(n), response_json: JSON.stringify({ n, pad: randomBytes(6_000).toString('base64') }) });
    for (let b = 0; b < 20; b++) await db.archiveWriter.write(Array.from({ length: 40 }, (_, i) => big(b * 40 + i)));
    expect(statSync(`${filename}-wal`).size).toBeGreaterThan(1000 * 4096);

    const checkpointer = new SqliteCheckpointer({ filename, busyTimeoutMs: 5000 }, 3_600_000);
    const outcome = await checkpointer.checkpoint();
    expect(outcome.walFrames).toBeGreaterThan(1000);
    expect(outcome.checkpointed).toBe(outcome.walFrames);
    await checkpointer.close();
    expect(statSync(`${filename}-wal`).size).toBe(0);
    expect(await archived(db)).toHaveLength(800);
  });

  it('bounds the WAL: a size limit on every connection, and an idle tick empties the file', async () => {
    const filename = join(newDir('checkpoint-idle-'), 'svc.db');
    const db = await fileDatabase(filename);
    const limit = await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(db.db);
    expect(limit.rows[0]?.journal_size_limit).toBe(WAL_SIZE_LIMIT_BYTES);
    const big = (n: number): ArchiveRow => ({ ...row(n), response_json: JSON.stringify({ n, pad: randomBytes(3_000).toString('base64') }) });
    for (let b = 0; b < 5; b++) await db.archiveWriter.write(Array.from({ length: 40 }, (_, i) => big(b * 40 + i)));
    expect(statSync(`${filename}-wal`).size).toBeGreaterThan(0);

    const checkpointer = new SqliteCheckpointer({ filename, busyTimeoutMs: 5000 }, 3_600_000);
    try {
      // The first tick copies everything; the next finds nothing new (idle) and truncates.
      expect(await checkpointer.checkpoint()).toMatchObject({ truncated: false });
      const second = await checkpointer.checkpoint();
      expect(second.truncated).toBe(true);
      expect(statSync(`${filename}-wal`).size).toBe(0);
      // Writing goes on as before, and the next idle tick finds an empty WAL to leave alone.
      await db.archiveWriter.write([row(9_999)]);
      expect(await archived(db)).toHaveLength(201);
    } finally {
      await checkpointer.close();
    }
  });
});

describe('SQLite archive writer on a full database (ADR 0026)', () => {
  /** A file migrated, then reopened with room for `spareBytes` more. */
  async function nearlyFull(spareBytes: number): Promise<SqlDatabase & { archiveWriter: SqliteArchiveWriter }> {
    const filename = join(newDir('archive-full-'), 'svc.db');
    const probe = await openSqliteDatabase({ filename, checkpointIntervalMs: 3_600_000 });
    const size = await sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count, pragma_page_size`.execute(probe.db);
    await probe.close();
    database = await openSqliteDatabase({ filename, checkpointIntervalMs: 3_600_000, maxSizeBytes: size.rows[0]!.bytes + spareBytes });
    return database as SqlDatabase & { archiveWriter: SqliteArchiveWriter };
  }
  const big = (n: number): ArchiveRow => ({ ...row(n), response_json: JSON.stringify({ n, pad: randomBytes(6_000).toString('base64') }) });

  it('reports SQLITE_FULL from its thread as storage-full, writes nothing of the batch, and writes again once room is made', async () => {
    const db = await nearlyFull(64 * 1024);
    let n = 0;
    let failure: unknown;
    while (failure === undefined && n < 100) await db.archiveWriter.write([big(n++)]).catch((err: unknown) => (failure = err));
    expect((failure as { code?: string }).code).toBe('SQLITE_FULL');
    expect(db.capabilities.unavailability(failure)).toBe('storage-full');
    const stored = await archived(db);
    expect(stored).toHaveLength(n - 1);
    await db.db.deleteFrom('verification_archive').where('request_id', '=', stored[0]!.request_id).execute();
    await db.archiveWriter.write([big(n)]);
    expect(await archived(db)).toHaveLength(n - 1);
  });

  it('fails a group the full database refused at once, without retrying each record', async () => {
    const db = await nearlyFull(0);
    let writes = 0;
    const counted = { write: (rows: ArchiveRow[]) => (writes++, db.archiveWriter.write(rows)), close: () => db.archiveWriter.close() };
    const ledger = new SqlVerificationLedger(db.db, counted, db.capabilities.isTransient);
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => ledger.record(aTrace({ response: { ...aTrace().response, disclaimer: randomBytes(15_000).toString('base64') } }))));
    expect(outcomes.map((o) => o.status)).toEqual(Array(10).fill('rejected'));
    for (const o of outcomes) expect(db.capabilities.unavailability((o as PromiseRejectedResult).reason)).toBe('storage-full');
    expect(writes).toBe(1);
  });
});
