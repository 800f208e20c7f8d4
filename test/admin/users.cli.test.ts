import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TARGETS } from '../support/admin-targets.js';
import { runAdminCaptured } from '../support/admin-runner.js';

/** Issue 14, defect 10: `svc-admin user disable|enable|delete`, on every database. */
describe.each(ADMIN_TARGETS)('svc-admin user disable|enable|delete on $name', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-admin-users-'));
  let env: Record<string, string>;
  const admin = (args: string[], stdin?: string) => runAdminCaptured(env, args, stdin);
  const stored = async (email: string) => {
    const database = await target.open(env);
    try {
      return await database.db.selectFrom('users').select(['user_id', 'disabled_at']).where('email', '=', email).executeTakeFirst();
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    env = await target.env(dataDir);
    expect((await admin(['tenant', 'create', 'acme'])).code).toBe(0);
    expect((await admin(['user', 'create', '--tenant', 'acme', '--email', 'ann@acme.example', '--role', 'admin', '--password', 'a-long-enough-password'])).code).toBe(0);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('disables a user (twice keeps the first instant), then enables it, printing the user without its hash', async () => {
    const off = await admin(['user', 'disable', 'Ann@Acme.example']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.json).toMatchObject({ email: 'ann@acme.example', tenant_id: 'acme', role: 'admin' });
    expect(off.json.disabled_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(off.json).not.toHaveProperty('password_hash');
    expect((await stored('ann@acme.example'))?.disabled_at).toBe(off.json.disabled_at);
    expect((await admin(['user', 'disable', 'ann@acme.example'])).json.disabled_at).toBe(off.json.disabled_at);

    const on = await admin(['user', 'enable', 'ann@acme.example']);
    expect(on.code, on.stderr).toBe(0);
    expect(on.json.disabled_at).toBeNull();
    expect((await stored('ann@acme.example'))?.disabled_at).toBeNull();
  });

  it('deletes a user; an unknown email fails with exit 1 and nothing on stdout; bad usage exits 2', async () => {
    const before = await stored('ann@acme.example');
    const gone = await admin(['user', 'delete', 'ann@acme.example']);
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.json).toMatchObject({ user_id: before?.user_id, email: 'ann@acme.example', deleted: true });
    expect(await stored('ann@acme.example')).toBeUndefined();
    for (const verb of ['disable', 'enable', 'delete']) {
      const r = await admin(['user', verb, 'ann@acme.example']);
      expect(r.code, verb).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/No user with email ann@acme.example/);
      expect((await admin(['user', verb])).code).toBe(2);
    }
  });
});
