import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isTransientPostgresError } from '../../adapters/postgres/postgres-database.js';
import { isTransientSqliteError } from '../../adapters/sqlite/sqlite-database.js';
import { aNewCall } from '../support/call-mother.js';
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

  it('classifies database errors: transient ones only', () => {
    const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const e of [pgError('57014'), pgError('57P01'), pgError('08006'), pgError('53300'), pgError('40001'), pgError('ECONNREFUSED'), new Error('timeout exceeded when trying to connect'), new Error('Connection terminated unexpectedly')]) {
      expect(isTransientPostgresError(e), String((e as { code?: string }).code ?? e.message)).toBe(true);
    }
    for (const e of [pgError('23505'), pgError('42P01'), pgError('22021'), new Error('boom'), null, 'text']) {
      expect(isTransientPostgresError(e)).toBe(false);
    }
    expect(isTransientSqliteError(pgError('SQLITE_BUSY'))).toBe(true);
    expect(isTransientSqliteError(pgError('SQLITE_BUSY_SNAPSHOT'))).toBe(true);
    expect(isTransientSqliteError(pgError('SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
  });
});
