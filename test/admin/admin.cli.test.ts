import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256KeyHasher } from '../../adapters/node/node-platform.js';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { createPostgresDatabase, postgresCluster } from '../support/postgres.js';
import { TEST_DATABASES } from '../support/test-databases.js';
import { PACKAGE_VERSION } from '../support/package-version.js';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-admin-'));
// The server's database, as an operator's svc-admin finds it (created by the server's first start).
beforeAll(() => TEST_DATABASES[0]!.env(dataDir));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
const entry = new URL('../../runtimes/admin/main.ts', import.meta.url).pathname;

/** In-process, through the same entry the bin uses; one test spawns the real process. */
const admin = (...args: string[]) => runAdminCaptured({ DATA_DIR: dataDir }, args);

describe('svc-admin key', () => {
  it('creates a key, prints it once as JSON, and stores only its hash', async () => {
    const r = await admin('key', 'create', '--label', 'Acme auctions', '--per-minute', '1200');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const created = JSON.parse(r.stdout);
    expect(created).toMatchObject({ label: 'Acme auctions', per_minute: 1200 });
    expect(created.key).toMatch(/^svk_[A-Za-z0-9_-]{32}$/);
    const database = await openSqliteDatabase({ filename: join(dataDir, 'svc.sqlite') });
    const rows = await database.db.selectFrom('api_keys').selectAll().execute();
    await database.close();
    const row = rows.find((x) => x.key_id === created.key_id)!;
    expect(row.key_hash).toBe(sha256KeyHasher.hash(created.key));
    expect(JSON.stringify(rows)).not.toContain(created.key);
  });

  it('revokes a key; an unknown key id fails with a message and a non-zero exit', async () => {
    const created = JSON.parse((await admin('key', 'create', '--label', 'x')).stdout);
    expect(created.per_minute).toBe(600);
    const revoked = await admin('key', 'revoke', created.key_id);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ key_id: created.key_id, revoked: true });
    const unknown = await admin('key', 'revoke', 'key_nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/No API key with id key_nope/);
  });

  it('rejects bad usage with exit 2 and nothing on stdout', async () => {
    for (const args of [['key', 'create'], ['key', 'create', '--label', 'x', '--per-minute', 'lots'], ['key', 'create', '--label', 'x', '--bogus'], ['key', 'revoke'], ['nope']]) {
      const r = await admin(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.length).toBeGreaterThan(0);
    }
  });

  it('runs as a real process: JSON on stdout only, exit codes', () => {
    const ok = spawnSync(tsx, [entry, 'key', 'create', '--label', 'proc'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info' }, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).label).toBe('proc');
    const bad = spawnSync(tsx, [entry, 'key', 'revoke'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
  });
});

describe("svc-admin finds the server's database, and creates one only with --init", () => {
  it('refuses a database that does not exist: exit 2, a message naming DATA_DIR and DATABASE_URL, nothing created', async () => {
    const elsewhere = join(dataDir, 'not-the-server');
    const r = await runAdminCaptured({ DATA_DIR: elsewhere }, ['key', 'create', '--label', 'lost']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`no database at SQLite file ${join(elsewhere, 'svc.sqlite')}; nothing was created`);
    expect(r.stderr).toMatch(/DATA_DIR[\s\S]*DATABASE_URL[\s\S]*--init/);
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('--init creates it and says so; later commands name the database they opened on stderr', async () => {
    const fresh = join(dataDir, 'new-install');
    const created = await runAdminCaptured({ DATA_DIR: fresh }, ['--init', 'key', 'create', '--label', 'first']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toBe(`svc-admin: database SQLite file ${join(fresh, 'svc.sqlite')} (created)\n`);
    expect(JSON.parse(created.stdout).label).toBe('first');
    const again = await runAdminCaptured({ DATA_DIR: fresh }, ['key', 'create', '--label', 'second']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(`svc-admin: database SQLite file ${join(fresh, 'svc.sqlite')}\n`);
  });

  it("on PostgreSQL, a database without the service's schema is refused, and the password is never printed", async (ctx) => {
    if (!postgresCluster) return ctx.skip();
    const empty = new URL(await createPostgresDatabase({ migrated: false }));
    empty.password = 's3cret-password';
    const r = await runAdminCaptured({ DATABASE_URL: empty.toString() }, ['key', 'create', '--label', 'lost']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no database at PostgreSQL postgres://');
    expect(r.stderr).not.toContain('s3cret-password');
    const migrated = await runAdminCaptured({ DATABASE_URL: await createPostgresDatabase() }, ['key', 'create', '--label', 'found']);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stderr).toMatch(/^svc-admin: database PostgreSQL postgres:\/\/\S+\n$/);
  });
});

/** Every command svc-admin has, as its help lists them. */
const COMMANDS = [
  'key create', 'key revoke <key_id>', 'key plan <key_id>', 'tenant create <tenant_id>', 'tenant export <tenant_id> <dir>', 'tenant delete <tenant_id>', 'user create', 'user disable <email>', 'user enable <email>',
  'user delete <email>', 'calls import <file>', 'calls erase', 'agent create', 'corpus import <file>', 'corpus stats', 'research list', 'research accept <order_id>',
  'research decline <order_id>', 'invoices month <month>', 'backup <file>', 'restore <file>',
];
const listed = (help: string) => [...help.matchAll(/^ {2}svc-admin (.+?)\s{2,}\S/gm)].map((m) => m[1].replace(' [options]', ''));

describe('svc-admin usage and help', () => {
  it('--help prints every command on stdout and exits 0', async () => {
    const r = await admin('--help');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: svc-admin \[options\] \[command\]/);
    expect(listed(r.stdout)).toEqual(COMMANDS);
    expect(r.stdout).toMatch(/^ {2}DATABASE_URL {2}/m);
    expect(r.stdout).toMatch(/^ {2}DATA_DIR {6}/m);
    expect(r.stdout).toMatch(/--init/);
  });

  it('without a command, the same usage goes to stderr with exit 2 and nothing on stdout', async () => {
    const r = await admin();
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(listed(r.stderr)).toEqual(COMMANDS);
  });

  it('an area word alone or --help on it lists its verbs; a command\'s --help lists its options', async () => {
    const area = await admin('key');
    expect(area.code).toBe(2);
    expect(area.stderr).toMatch(/^Usage: svc-admin key \[options\] \[command\]/);
    for (const verb of ['create', 'revoke', 'plan']) expect(area.stderr).toMatch(new RegExp(`^  ${verb}\\b`, 'm'));
    expect((await admin('key', '--help')).stdout).toBe(area.stderr);
    const create = await admin('key', 'create', '--help');
    expect(create.code).toBe(0);
    for (const flag of ['--label <label>', '--per-minute <n>', '--plan <plan>', '--until <date>', '--price-list <file>']) expect(create.stdout).toContain(flag);
  });

  it('an unknown command, option or extra argument is bad usage: exit 2, the message, then the command\'s help', async () => {
    const unknown = await admin('nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/^svc-admin: unknown command 'nope'\n/);
    const option = await admin('key', 'revoke', 'key_1', '--bogus');
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/^svc-admin: unknown option '--bogus'\n[\s\S]*Usage: svc-admin key revoke \[options\] <key_id>/);
    const extra = await admin('corpus', 'stats', 'extra');
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/^svc-admin: too many arguments for 'stats'/);
  });

  it('a bad value found by the command names its usage; --version prints the release', async () => {
    const bad = await admin('key', 'create', '--label', 'x', '--plan', 'sandbox');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`svc-admin: database SQLite file ${join(dataDir, 'svc.sqlite')}\n` + 'svc-admin: --plan is production, pilot --until YYYY-MM-DD, or custom --price-list FILE.json\n  usage: svc-admin key create [options]\n');
    const version = await admin('--version');
    expect(version).toMatchObject({ code: 0, stdout: `${PACKAGE_VERSION}\n`, stderr: '' });
  });
});
