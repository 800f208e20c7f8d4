import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScryptPasswordHasher } from '../../adapters/node/scrypt-password.hasher.js';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import { ADMIN_TARGETS } from '../support/admin-targets.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { generateDemoCalls } from '../../runtimes/shared/demo/demo-calls.js';
import { aNewCall } from '../fixtures/call-mother.js';


const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
const entry = new URL('../../runtimes/admin/main.ts', import.meta.url).pathname;


describe.each(ADMIN_TARGETS)('svc-admin on $name', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-admin-a-'));
  let targetEnv: Record<string, string>;
  beforeAll(async () => {
    targetEnv = await target.env(dataDir);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const admin = (args: string[], stdin?: string) => runAdminCaptured(targetEnv, args, stdin);

  async function rows<T>(query: (db: SqlDatabase['db']) => Promise<T>): Promise<T> {
    const database = await target.open(targetEnv);
    try {
      return await query(database.db);
    } finally {
      await database.close();
    }
  }

  it('creates an agent (its use case seals list cursors: a secret that svc-admin makes up on PostgreSQL without JWT_SECRET)', async () => {
    expect((await admin(['tenant', 'create', 'agents-co'])).code).toBe(0);
    const r = await admin(['agent', 'create', '--tenant', 'agents-co', '--name', 'Nova']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ tenant_id: 'agents-co', name: 'Nova', version: 1 });
  });

  describe('svc-admin tenant create', () => {
    it('creates a tenant and prints it as one JSON line; the name defaults to the id', async () => {
      const r = await admin(['tenant', 'create', 'acme', '--name', 'Acme Corp']);
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      expect(r.json).toMatchObject({ tenant_id: 'acme', name: 'Acme Corp' });
      expect((await admin(['tenant', 'create', 'globex'])).json).toMatchObject({ tenant_id: 'globex', name: 'globex' });
    });

    it('an existing id fails with exit 1; a bad id or bad usage with exit 2; nothing on stdout', async () => {
      const dup = await admin(['tenant', 'create', 'acme']);
      expect(dup.code).toBe(1);
      expect(dup.stdout).toBe('');
      expect(dup.stderr).toMatch(/Tenant acme already exists/);
      for (const args of [['tenant', 'create', 'Bad_Id'], ['tenant', 'create'], ['tenant', 'create', 'a', 'b'], ['tenant', 'create', 'ok-id', '--bogus']]) {
        const r = await admin(args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/usage|tenant_id|argument|Unknown option/i);
      }
    });
  });

  describe('svc-admin user create', () => {
    it('takes the password from --password or from stdin; stores only a scrypt hash', async () => {
      const a = await admin(['user', 'create', '--tenant', 'acme', '--email', 'Ann@Acme.example', '--role', 'admin', '--password', 'a long enough password']);
      expect(a.code).toBe(0);
      expect(a.json).toMatchObject({ tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' });
      expect(a.json).not.toHaveProperty('password_hash');
      const b = await admin(['user', 'create', '--tenant', 'acme', '--email', 'max@acme.example', '--role', 'member'], 'piped password 123\nignored second line\n');
      expect(b.code, b.stderr).toBe(0);
      const users = await rows((db) => db.selectFrom('users').selectAll().orderBy('email').execute());
      expect(users.map((u) => u.email)).toEqual(['ann@acme.example', 'max@acme.example']);
      const hasher = new ScryptPasswordHasher();
      expect(users[0].password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(JSON.stringify(users)).not.toContain('a long enough password');
      expect(await hasher.verify('piped password 123', users[1].password_hash)).toBe(true);
    });

    it('clear failures: unknown tenant (1), taken email (1), bad role, short or missing password, missing option (2)', async () => {
      const cases: [string[], number, RegExp, string?][] = [
        [['user', 'create', '--tenant', 'nope', '--email', 'x@y.example', '--role', 'member', '--password', 'long enough pass'], 1, /No tenant nope/],
        [['user', 'create', '--tenant', 'globex', '--email', 'ANN@acme.example', '--role', 'member', '--password', 'long enough pass'], 1, /already exists/],
        [['user', 'create', '--tenant', 'acme', '--email', 'x@y.example', '--role', 'owner', '--password', 'long enough pass'], 2, /role/],
        [['user', 'create', '--tenant', 'acme', '--email', 'x@y.example', '--role', 'member', '--password', 'short'], 2, /password/],
        [['user', 'create', '--tenant', 'acme', '--email', 'not-an-email', '--role', 'member', '--password', 'long enough pass'], 2, /email/],
        [['user', 'create', '--tenant', 'acme', '--email', 'x@y.example', '--role', 'member'], 2, /password is required/, ''],
        [['user', 'create', '--email', 'x@y.example', '--role', 'member', '--password', 'long enough pass'], 2, /--tenant is required/],
      ];
      for (const [args, code, message, stdin] of cases) {
        const r = await admin(args, stdin);
        expect(r.code, args.join(' ')).toBe(code);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(message);
      }
    });
  });

  describe('svc-admin calls import', () => {
    const file = (name: string, lines: string[]) => {
      const path = join(dataDir, name);
      writeFileSync(path, lines.join('\n'));
      return path;
    };

    it('imports good lines, reports bad ones by line number (stderr and JSON), exits 1 when any was rejected', async () => {
      const path = file('mixed.ndjson', [
        JSON.stringify(aNewCall({ call_id: 'imp-1' })),
        '',
        '{"not json',
        JSON.stringify(aNewCall({ call_id: 'imp-2', channel: 'fax' as never })),
        '[1,2,3]',
        JSON.stringify(aNewCall({ call_id: 'imp-1' })),
        JSON.stringify(aNewCall({ call_id: 'imp-3', started_at: '2026-11-03T10:00:00Z', ended_at: '2026-11-03T09:00:00Z' })),
        JSON.stringify(aNewCall({ call_id: 'imp-4' })),
      ]);
      const r = await admin(['calls', 'import', '--tenant', 'acme', path]);
      expect(r.code).toBe(1);
      expect(r.json).toMatchObject({ tenant_id: 'acme', lines: 8, imported: 2, rejected: 5, errors_truncated: false });
      expect(r.json.errors.map((e: any) => e.line)).toEqual([3, 4, 5, 6, 7]);
      expect(r.json.errors[1].errors).toEqual([expect.objectContaining({ path: 'channel' })]);
      expect(r.json.errors[3]).toMatchObject({ line: 6, errors: [{ path: 'call_id', message: 'already exists' }] });
      expect(r.json.errors[4].errors).toEqual([{ path: 'ended_at', message: 'must not be before started_at' }]);
      for (const line of [3, 4, 5, 6, 7]) expect(r.stderr).toContain(`line ${line}:`);
      const ids = await rows((db) => db.selectFrom('calls').select('call_id').where('tenant_id', '=', 'acme').orderBy('call_id').execute());
      expect(ids.map((x) => x.call_id)).toEqual(['imp-1', 'imp-4']);
    });

    it('streams a large file in batches, each one transaction, and exits 0 when every line is good', async () => {
      const calls = generateDemoCalls({ count: 2_500, anchor: new Date('2026-11-01T00:00:00Z'), idPrefix: 'bulk-' });
      const path = file('bulk.ndjson', calls.map((c) => JSON.stringify(c)));
      const r = await admin(['calls', 'import', '--tenant', 'globex', path, '--batch-size', '1000']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.json).toMatchObject({ lines: 2_500, imported: 2_500, rejected: 0, errors: [] });
      const count = await rows((db) => db.selectFrom('calls').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', 'globex').executeTakeFirstOrThrow());
      expect(Number(count.n)).toBe(2_500);
      // Again: every line is now a duplicate, reported, nothing changes.
      const again = await admin(['calls', 'import', '--tenant', 'globex', path]);
      expect(again.code).toBe(1);
      expect(again.json).toMatchObject({ imported: 0, rejected: 2_500, errors_truncated: true });
      expect(again.json.errors).toHaveLength(1_000);
    });

    it('a duplicate inside a batch is reported by line; the rest of the batch is stored', async () => {
      const path = file('atomic.ndjson', [JSON.stringify(aNewCall({ call_id: 'atom-1' })), JSON.stringify(aNewCall({ call_id: 'atom-1' })), JSON.stringify(aNewCall({ call_id: 'atom-2' }))]);
      const r = await admin(['calls', 'import', '--tenant', 'acme', path, '--batch-size', '2']);
      expect(r.json).toMatchObject({ imported: 2, rejected: 1 });
      expect(r.json.errors).toEqual([{ line: 2, message: 'call_id atom-1 already exists.', errors: [{ path: 'call_id', message: 'already exists' }] }]);
    });

    it('clear failures: unknown tenant, missing file, bad usage', async () => {
      const unknown = await admin(['calls', 'import', '--tenant', 'nope', file('one.ndjson', ['{}'])]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/No tenant nope/);
      const missing = await admin(['calls', 'import', '--tenant', 'acme', join(dataDir, 'absent.ndjson')]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/cannot read .*absent\.ndjson: ENOENT/);
      for (const args of [['calls', 'import', 'x.ndjson'], ['calls', 'import', '--tenant', 'acme'], ['calls', 'import', '--tenant', 'acme', 'f', '--batch-size', '0']]) {
        const r = await admin(args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stdout).toBe('');
      }
    });

    it('runs as a real process: password on stdin, JSON on stdout only', () => {
      const env = { ...process.env, ...targetEnv, LOG_LEVEL: 'info' };
      const ok = spawnSync(tsx, [entry, 'user', 'create', '--tenant', 'globex', '--email', 'proc@globex.example', '--role', 'member'], { env, input: 'process password 1\n', encoding: 'utf8' });
      expect(ok.status, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({ email: 'proc@globex.example', role: 'member' });
    });
  });
});
