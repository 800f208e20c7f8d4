import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCaptured } from '../support/admin-runner.js';
import { ADMIN_TARGETS } from '../support/admin-targets.js';
import { aNewCall } from '../fixtures/call-mother.js';

/** `svc-admin calls erase` (issue 30) on each database: the operator's side of an erasure request. */
describe.each(ADMIN_TARGETS)('svc-admin calls erase on $name', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-admin-erase-'));
  let env: Record<string, string>;
  const admin = (...args: string[]) => runAdminCaptured(env, args);
  beforeAll(async () => {
    env = await target.env(dataDir);
    expect((await admin('tenant', 'create', 'acme')).code).toBe(0);
    const file = join(dataDir, 'calls.ndjson');
    const calls = [
      ...[0, 1, 2].map((i) => aNewCall({ call_id: `c-${i}`, caller: '+33 7 11 22 33 44', summary: 'Quokka complaint' })),
      aNewCall({ call_id: 'c-kept', caller: '+33 7 00 00 00 00', summary: 'Quokka praise' }),
    ];
    writeFileSync(file, calls.map((c) => JSON.stringify(c)).join('\n'));
    expect((await admin('calls', 'import', file, '--tenant', 'acme')).code).toBe(0);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('erases by caller and by id, prints the record (no personal data); bad usage is exit 2, an unknown tenant exit 1', async () => {
    const byCaller = await admin('calls', 'erase', '--tenant', 'acme', '--caller', '+33 7 11 22 33 44');
    expect(byCaller.code, byCaller.stderr).toBe(0);
    expect(byCaller.json).toMatchObject({ tenant_id: 'acme', requested_by: 'svc-admin', selector: 'caller_number', calls_erased: 3 });
    expect(byCaller.stdout).not.toMatch(/33 7|c-\d/);
    const byId = await admin('calls', 'erase', '--tenant', 'acme', '--call-id', 'c-kept', 'c-0');
    expect(byId.json).toMatchObject({ selector: 'call_ids', calls_erased: 1 });
    for (const [args, message] of [
      [['calls', 'erase', '--tenant', 'acme'], /give exactly one of --caller or --call-id/],
      [['calls', 'erase', '--tenant', 'acme', '--caller', 'x', '--call-id', 'c-1'], /give exactly one of --caller or --call-id/],
      [['calls', 'erase', '--tenant', 'acme', '--call-id', 'not valid'], /--call-id: call_id must be 1 to 128/],
      [['calls', 'erase', '--tenant', 'acme', '--caller', ' '], /--caller: caller_number must not be empty/],
      [['calls', 'erase', '--caller', 'x'], /--tenant is required/],
    ] as const) {
      const r = await admin(...args);
      expect([r.code, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    const unknown = await admin('calls', 'erase', '--tenant', 'initech', '--caller', 'x');
    expect([unknown.code, unknown.stdout]).toEqual([1, '']);
    expect(unknown.stderr).toMatch(/No tenant initech/);
  });
});
