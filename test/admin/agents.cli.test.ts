import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../runtimes/admin/run-admin.js';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-admin-agents-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function admin(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, { env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr, json: stdout ? JSON.parse(stdout) : undefined };
}

describe('svc-admin agent create', () => {
  it('prints the new agent as one JSON line; unknown tenant and missing flags fail on stderr', async () => {
    expect((await admin(['tenant', 'create', 'acme'])).code).toBe(0);
    const r = await admin(['agent', 'create', '--tenant', 'acme', '--name', 'Front desk']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.json).toMatchObject({ tenant_id: 'acme', name: 'Front desk', version: 1, knowledge_base: { enabled: true } });
    expect(r.json.agent_id).toMatch(/^agt_[0-9a-f]{32}$/);
    const unknown = await admin(['agent', 'create', '--tenant', 'nope', '--name', 'X']);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/No tenant nope/);
    const missing = await admin(['agent', 'create', '--tenant', 'acme']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--name is required/);
  });
});
