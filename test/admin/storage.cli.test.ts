import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCaptured } from '../support/admin-runner.js';

const root = mkdtempSync(join(tmpdir(), 'svc-admin-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('svc-admin backup and restore (SQLite)', () => {
  it('backs up a database with its row counts, and restores it into a new DATA_DIR or a sqlite:PATH where nothing is', async () => {
    const source = { DATA_DIR: join(root, 'source') };
    expect((await runAdminCaptured(source, ['--init', 'tenant', 'create', 'acme'])).code).toBe(0);
    expect((await runAdminCaptured(source, ['key', 'create', '--label', 'k'])).code).toBe(0);
    const file = join(root, 'one.sqlite');
    const taken = await runAdminCaptured(source, ['backup', file]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.json).toMatchObject({ source: join(root, 'source', 'svc.sqlite'), file, integrity: 'ok' });
    expect(taken.json.tables).toMatchObject({ tenants: 1, api_keys: 1, calls: 0 });
    expect(taken.json.bytes).toBeGreaterThan(0);
    expect(readdirSync(root).filter((f) => f.includes('partial'))).toEqual([]);

    const restored = await runAdminCaptured({ DATA_DIR: join(root, 'new', 'deeper') }, ['restore', file]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.json).toMatchObject({ backup: file, file: join(root, 'new', 'deeper', 'svc.sqlite'), integrity: 'ok', tables: taken.json.tables });
    // The restored database is the server's: svc-admin works on it without --init.
    const keyAgain = await runAdminCaptured({ DATA_DIR: join(root, 'new', 'deeper') }, ['tenant', 'create', 'globex']);
    expect(keyAgain.code, keyAgain.stderr).toBe(0);

    const path = join(root, 'by-url', 'db.sqlite');
    const byUrl = await runAdminCaptured({ DATABASE_URL: `sqlite:${path}` }, ['restore', file]);
    expect(byUrl.code, byUrl.stderr).toBe(0);
    expect(existsSync(path)).toBe(true);
  });

  it('refuses what would overwrite or cannot be restored (exit 2, nothing written)', async () => {
    const source = { DATA_DIR: join(root, 'refusals') };
    expect((await runAdminCaptured(source, ['--init', 'tenant', 'create', 'acme'])).code).toBe(0);
    const file = join(root, 'two.sqlite');
    expect((await runAdminCaptured(source, ['backup', file])).code).toBe(0);
    const notABackup = join(root, 'not-a-backup.sqlite');
    writeFileSync(notABackup, 'just some bytes, not a database file at all');
    mkdirSync(join(root, 'occupied'));
    writeFileSync(join(root, 'occupied', 'notes.txt'), 'x');
    const cases: [Record<string, string>, string[], RegExp][] = [
      [source, ['backup', file], /exists; a backup never overwrites/],
      [source, ['backup', join(root, 'no-such-dir', 'x.sqlite')], /does not exist/],
      [{ DATA_DIR: join(root, 'empty-source') }, ['backup', join(root, 'three.sqlite')], /no SQLite database at/],
      [{ DATABASE_URL: 'sqlite::memory:' }, ['backup', join(root, 'four.sqlite')], /in memory/],
      [source, ['restore', file], /is not empty/],
      [{ DATA_DIR: join(root, 'occupied') }, ['restore', file], /is not empty \(notes\.txt\)/],
      [{ DATABASE_URL: `sqlite:${join(root, 'refusals', 'svc.sqlite')}` }, ['restore', file], /exists; restore only where no database is/],
      [{ DATA_DIR: join(root, 'fresh-1') }, ['restore', join(root, 'missing.sqlite')], /no backup file at/],
      [{ DATA_DIR: join(root, 'fresh-2') }, ['restore', notABackup], /is not a readable SQLite database/],
      [{ DATABASE_URL: 'postgres://svc@127.0.0.1:1/none' }, ['restore', file], /pg_dump -Fc \/ pg_restore .*docs\/backups\.md/],
    ];
    for (const [env, args, message] of cases) {
      const r = await runAdminCaptured(env, args);
      expect([r.code, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    for (const dir of ['fresh-1', 'fresh-2', 'empty-source']) expect(existsSync(join(root, dir, 'svc.sqlite')), dir).toBe(false);
    expect(existsSync(join(root, 'three.sqlite'))).toBe(false);
  });

  it('refuses a SQLite file that is not this service\'s database', async () => {
    const BetterSqlite3 = (await import('better-sqlite3')).default;
    const foreign = join(root, 'foreign.sqlite');
    const db = new BetterSqlite3(foreign);
    db.exec('create table t (x); insert into t values (1)');
    db.close();
    const r = await runAdminCaptured({ DATA_DIR: join(root, 'fresh-3') }, ['restore', foreign]);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/not a backup of this service's database/);
    const b = await runAdminCaptured({ DATABASE_URL: `sqlite:${foreign}` }, ['backup', join(root, 'five.sqlite')]);
    expect([b.code, b.stdout]).toEqual([2, '']);
    expect(b.stderr).toMatch(/not this service's database/);
  });
});
