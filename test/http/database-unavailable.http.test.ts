import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isTransientPostgresError, postgresUnavailability } from '../../adapters/postgres/postgres-database.js';
import type { Unavailability } from '../../adapters/sql/sql-dialect.js';
import { isTransientSqliteError, sqliteUnavailability } from '../../adapters/sqlite/sqlite-database.js';
import { aNewCall } from '../fixtures/call-mother.js';
import { bearer, expectProblem, seedCast } from '../support/area-a.js';
import { call, startHarness } from '../support/http-harness.js';
import { createPostgresDatabase, postgresCluster } from '../support/postgres.js';

/**
 * A database that is busy, slow or unreachable answers 503 with Retry-After (a balancer or
 * client may retry), never a 500, and nothing half written stays behind.
 */
const post = (url: string, token: string, callId: string) => call(url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: callId }), headers: bearer(token) });

function expectRetryable(res: Awaited<ReturnType<typeof call>>) {
  expectProblem(res, 503);
  expect(res.headers.get('retry-after')).toBe('1');
  expect(res.body.detail).toMatch(/retry shortly/);
}

describe('database unavailable', () => {
  it('SQLite: a write blocked past the busy timeout by another process is a 503; the retry succeeds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-busy-'));
    const file = join(dir, 'busy.sqlite');
    const h = await startHarness({ env: { DATABASE_URL: `sqlite:${file}`, DB_STATEMENT_TIMEOUT_MS: '200', RATE_LIMIT_TENANT_PER_MINUTE: '1000000' } });
    try {
      const { admin } = await seedCast(h);
      const other = new BetterSqlite3(file);
      other.exec('BEGIN IMMEDIATE');
      expectRetryable(await post(h.url, admin, 'busy-1'));
      other.exec('ROLLBACK');
      other.close();
      expect((await call(h.url, 'GET', '/api/v1/tenants/acme/calls/busy-1', { headers: bearer(admin) })).status).toBe(404);
      expect((await post(h.url, admin, 'busy-1')).status).toBe(201);
    } finally {
      await h.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(postgresCluster === null)('PostgreSQL: a statement cancelled by the statement timeout is a 503; the retry succeeds', async () => {
    const url = await createPostgresDatabase();
    const h = await startHarness({
      env: { DATABASE_URL: url, JWT_SECRET: 'unavailable-tests-secret-0123456789abcdef', DB_STATEMENT_TIMEOUT_MS: '200', RATE_LIMIT_TENANT_PER_MINUTE: '1000000' },
    });
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      const { admin } = await seedCast(h);
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE calls IN ACCESS EXCLUSIVE MODE');
      expectRetryable(await post(h.url, admin, 'slow-1'));
      await locker.query('ROLLBACK');
      expect((await call(h.url, 'GET', '/api/v1/tenants/acme/calls/slow-1', { headers: bearer(admin) })).status).toBe(404);
      expect((await post(h.url, admin, 'slow-1')).status).toBe(201);
    } finally {
      await locker.end();
      await h.stop();
    }
  });

  it('classifies database errors: transient ones only, each by what it means', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    const postgres: [unknown, Unavailability | null][] = [
      [coded('57014'), 'busy'],
      [coded('40001'), 'busy'],
      [coded('40P01'), 'busy'],
      [coded('55P03'), 'busy'],
      [coded('53300'), 'busy'],
      [coded('57P01', 'terminating connection due to administrator command'), 'unreachable'],
      [coded('57P02'), 'unreachable'],
      [coded('57P03', 'the database system is starting up'), 'unreachable'],
      [coded('25P03'), 'unreachable'],
      [coded('08006'), 'unreachable'],
      [coded('08P01'), 'unreachable'],
      [coded('ECONNREFUSED'), 'unreachable'],
      [coded('ECONNRESET'), 'unreachable'],
      [new Error('timeout exceeded when trying to connect'), 'unreachable'],
      [new Error('Connection terminated unexpectedly'), 'unreachable'],
      [new Error('Connection terminated due to connection timeout'), 'unreachable'],
      [new Error('Client has encountered a connection error and is not queryable'), 'unreachable'],
      [coded('53100', 'could not extend file: No space left on device'), 'storage-full'],
      [coded('53200'), 'storage-failed'],
      [coded('58030', 'could not write to file'), 'storage-failed'],
      [coded('58000'), 'storage-failed'],
      [coded('23505'), null],
      [coded('42P01'), null],
      [coded('22021'), null],
      [coded('58P01'), null],
      [new Error('boom'), null],
      [null, null],
      ['text', null],
    ];
    for (const [err, condition] of postgres) {
      const name = String((err as { code?: string } | null)?.code ?? (err as Error | null)?.message ?? err);
      expect(postgresUnavailability(err), name).toBe(condition);
      expect(isTransientPostgresError(err), name).toBe(condition !== null);
    }
    const sqlite: [unknown, Unavailability | null][] = [
      [coded('SQLITE_BUSY'), 'busy'],
      [coded('SQLITE_BUSY_SNAPSHOT'), 'busy'],
      [coded('SQLITE_LOCKED'), 'busy'],
      [coded('SQLITE_FULL', 'database or disk is full'), 'storage-full'],
      [coded('ENOSPC'), 'storage-full'],
      [coded('SQLITE_IOERR_WRITE', 'disk I/O error'), 'storage-failed'],
      [coded('SQLITE_IOERR'), 'storage-failed'],
      [coded('SQLITE_READONLY'), 'storage-failed'],
      [coded('SQLITE_READONLY_DBMOVED'), 'storage-failed'],
      [coded('SQLITE_NOMEM'), 'storage-failed'],
      [coded('EIO'), 'storage-failed'],
      [coded('SQLITE_CONSTRAINT_UNIQUE'), null],
      [coded('SQLITE_CORRUPT'), null],
      [coded('SQLITE_ERROR'), null],
      [new Error('database or disk is full'), null],
    ];
    for (const [err, condition] of sqlite) {
      const name = String((err as { code?: string }).code ?? (err as Error).message);
      expect(sqliteUnavailability(err), name).toBe(condition);
      expect(isTransientSqliteError(err), name).toBe(condition !== null);
    }
  });
});
