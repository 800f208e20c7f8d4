import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCaptured } from '../support/admin-runner.js';
import { TEST_DATABASES } from '../support/test-databases.js';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-admin-agents-'));
// The server's database, as an operator's svc-admin finds it (created by the server's first start).
beforeAll(() => TEST_DATABASES[0]!.env(dataDir));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const admin = (args: string[]) => runAdminCaptured({ DATA_DIR: dataDir }, args);

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
