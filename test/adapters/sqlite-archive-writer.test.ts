import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArchiveRow } from '../../adapters/sql/archive-writer.js';
import type { SqlDatabase } from '../../adapters/sql/database.js';
import { isUniqueViolation } from '../../adapters/sql/unique-violation.js';
import { SqliteArchiveWriter } from '../../adapters/sqlite/sqlite-archive-writer.js';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database.js';

const row = (n: number, key_id: string | null = 'key_1'): ArchiveRow => ({
  request_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  served_at: `2026-11-0${1 + (n % 2)}T10:00:00.000Z`,
  tier: key_id ? 'production' : 'sandbox',
  key_id,
  request_json: JSON.stringify({ subject_artist: `A ${n}`, subject_title: 'T' }),
  response_json: JSON.stringify({ n }),
});

let database: SqlDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function fileDatabase(): Promise<SqlDatabase & { archiveWriter: SqliteArchiveWriter }> {
  database = await openSqliteDatabase({ filename: join(mkdtempSync(join(tmpdir(), 'archive-writer-')), 'svc.db') });
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

  it('fails the batches a stopped worker held, and the next write starts a new worker', async () => {
    const db = await fileDatabase();
    await db.archiveWriter.write([row(1)]);
    const worker = (db.archiveWriter as unknown as { worker: Worker }).worker;
    const inFlight = db.archiveWriter.write([row(2)]);
    await worker.terminate();
    // Terminated before or after it committed: either way the caller is told it failed.
    await expect(inFlight).rejects.toThrow(/stopped/);
    await db.archiveWriter.write([row(3)]);
    expect((await archived(db)).map((r) => r.request_id)).toContain(row(3).request_id);
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
