import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../corpus/build/corpus-writer.js';
import { DEMO_ADMIN_EMAIL } from '../../runtimes/shared/demo/seed-demo.js';
import { call } from '../support/http-harness.js';
import { httpCorpus } from '../support/http-corpus.js';
import { startServerProcess } from '../support/server-process.js';

/** Issue 14: the first start shows the demo password on stderr, never in the JSON log stream. */
const root = mkdtempSync(join(tmpdir(), 'svc-first-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the first start of a real server process', () => {
  it('prints the demo password on stderr only; stdout is JSON log lines without it', { timeout: 90_000 }, async () => {
    const corpusDir = join(root, 'corpus');
    await writeCorpus(corpusDir, httpCorpus.artists, httpCorpus.works, [], new Date('2026-11-01T00:00:00Z'));
    const server = await startServerProcess({ DATA_DIR: join(root, 'data'), CORPUS_DIR: corpusDir });
    try {
      for (let i = 0; i < 200 && !/password: \S+/.test(server.stderr()); i++) await new Promise((r) => setTimeout(r, 50));
      const password = /password: (\S+)/.exec(server.stderr())?.[1];
      expect(password, server.output()).toBeDefined();
      // The password shown is the real one.
      const login = await call(server.url, 'POST', '/api/v1/auth/login', { json: { email: DEMO_ADMIN_EMAIL, password } });
      expect(login.status).toBe(200);

      const lines = server.stdout().split('\n').filter((l) => l.length > 0);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(server.stdout()).not.toContain(password!);
      expect(lines.map((l) => JSON.parse(l).msg)).toContain('demo tenant created (password printed once on stderr)');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
