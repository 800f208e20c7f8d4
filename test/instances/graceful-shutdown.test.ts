import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../corpus/build/corpus-writer.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { bearer, seedCast } from '../support/area-a.js';
import { ADMIN_TARGETS } from '../support/admin-targets.js';
import { call, startHarness } from '../support/http-harness.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { startServerProcess, untilInFlight, uploadAcrossShutdown } from '../support/server-process.js';

/** SIGTERM drains in-flight requests on either database; /readyz says `draining` meanwhile. */
const root = mkdtempSync(join(tmpdir(), 'svc-shutdown-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each(ADMIN_TARGETS)('graceful shutdown on $name', (target) => {
  it('finishes an upload still arriving at SIGTERM, stores it, and exits 0', { timeout: 90_000 }, async () => {
    const dataDir = join(root, target.name);
    const corpusDir = join(root, `corpus-${target.name}`);
    await writeCorpus(corpusDir, httpCorpus.artists, httpCorpus.works, [], new Date('2026-11-01T00:00:00Z'));
    const env = { ...(await target.env(dataDir)), CORPUS_DIR: corpusDir, DEMO_SEED: 'false', JWT_SECRET: 'shutdown-tests-share-this-secret-0123456789' };
    expect((await runAdminCaptured(env, ['tenant', 'create', 'acme'])).code).toBe(0);
    expect((await runAdminCaptured(env, ['user', 'create', '--tenant', 'acme', '--email', 'ann@acme.example', '--role', 'admin', '--password', 'correct horse battery staple'])).code).toBe(0);

    const first = await startServerProcess(env);
    const login = await call(first.url, 'POST', '/api/v1/auth/login', { json: { email: 'ann@acme.example', password: 'correct horse battery staple' } });
    expect(login.status).toBe(200);
    expect((await call(first.url, 'GET', '/readyz')).body.checks.database).toMatch(new RegExp(`^ok \\(${target.name}`));
    expect(await uploadAcrossShutdown(first, login.body.access_token, 'late.txt')).toEqual({ status: 201, exitCode: 0 });
    expect(first.output()).toMatch(/shutting down: draining in-flight requests/);

    // What the drained request wrote is there after a restart.
    const second = await startServerProcess(env);
    try {
      const list = await call(second.url, 'GET', '/api/v1/tenants/acme/knowledge', { headers: bearer(login.body.access_token) });
      expect(list.body.data.map((d: { title: string }) => d.title)).toEqual(['late.txt']);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

describe('readiness while draining', () => {
  it('/readyz answers 503 with lifecycle "draining" once close() began, while a request is in flight', async () => {
    const h = await startHarness({ env: { SHUTDOWN_GRACE_MS: '5000' } });
    const { admin } = await seedCast(h);
    // A second listener on the same app stands in for a connection the balancer still holds.
    const probe = createServer(h.app.callback());
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const probeUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    try {
      expect((await call(probeUrl, 'GET', '/readyz')).body.checks.lifecycle).toBe('ok');
      const body = new TransformStream<Uint8Array, Uint8Array>();
      const writer = body.writable.getWriter();
      const pending = fetch(`${h.url}/api/v1/tenants/acme/knowledge`, {
        method: 'POST',
        headers: { ...bearer(admin), 'content-type': 'multipart/form-data; boundary=x' },
        body: body.readable,
        duplex: 'half',
      } as RequestInit);
      await writer.write(new TextEncoder().encode('--x\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\n'));
      await untilInFlight(h.url, 2);
      const closed = h.stop();
      const ready = await call(probeUrl, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'not_ready', checks: { lifecycle: 'draining' } });
      await writer.write(new TextEncoder().encode('content-type: text/plain\r\n\r\nhello\r\n--x--\r\n'));
      await writer.close();
      expect((await pending).status).toBe(201);
      await closed;
    } finally {
      await new Promise((resolve) => probe.close(resolve));
    }
  });
});
