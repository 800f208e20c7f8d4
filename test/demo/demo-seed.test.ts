import { execFile, spawn, spawnSync } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../core/calls/call.model.js';
import { normaliseNewCall } from '../../core/calls/new-call.js';
import { NewCallSchema } from '../../runtimes/shared/schemas/calls.schemas.js';
import { loadConfig } from '../../runtimes/shared/settings/config.js';
import { generateDemoCalls } from '../../runtimes/shared/demo/demo-calls.js';
import { DEMO_CALL_COUNT, demoBanner, seedDemoIfEmpty } from '../../runtimes/shared/demo/seed-demo.js';
import { bearer } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

const anchor = new Date('2026-11-03T12:00:00.000Z');
const hasCurl = spawnSync('curl', ['--version']).status === 0;

describe('demo call generator', () => {
  const calls = generateDemoCalls({ count: 600, anchor });

  it('is deterministic', () => {
    expect(generateDemoCalls({ count: 600, anchor })).toEqual(calls);
    expect(generateDemoCalls({ count: 600, anchor, seed: 7 })).not.toEqual(calls);
  });

  it('gives valid calls across every channel, both directions, every status and five languages, before the anchor', () => {
    for (const c of calls) {
      expect(NewCallSchema.safeParse(c).success, JSON.stringify(c)).toBe(true);
      const n = normaliseNewCall(c, () => 'x');
      expect(Date.parse(n.started_at)).toBeLessThan(anchor.getTime());
      expect(Date.parse(n.started_at)).toBeGreaterThan(anchor.getTime() - 31 * 86_400_000);
      expect(n.duration_seconds).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(calls.map((c) => c.channel))).toEqual(new Set(CHANNELS));
    expect(new Set(calls.map((c) => c.direction))).toEqual(new Set(['inbound', 'outbound']));
    expect(new Set(calls.map((c) => c.status))).toEqual(new Set(['completed', 'missed', 'failed', 'transferred']));
    expect(new Set(calls.map((c) => c.metadata?.language))).toEqual(new Set(['en', 'fr', 'de', 'es', 'it']));
    expect(new Set(calls.map((c) => c.call_id)).size).toBe(calls.length);
    expect(calls.some((c) => c.transcript?.some((t) => t.speaker === 'human_agent'))).toBe(true);
  });
});

describe('seedDemoIfEmpty', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ snapshot: { build_id: 'demo', artists: [], works: [] }, env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000', RATE_LIMIT_AGENTS_PER_MINUTE: '1000000' } });
  });
  afterAll(async () => h.stop());

  let seed: Awaited<ReturnType<typeof seedDemoIfEmpty>>;
  it('on an empty database: the demo tenant, its admin with a generated password, and sample calls; once only', async () => {
    seed = await seedDemoIfEmpty(h.deps.demo);
    expect(seed).toMatchObject({ tenant_id: 'demo', email: 'admin@demo.example', calls: DEMO_CALL_COUNT });
    expect(seed!.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const banner = demoBanner(seed!, h.url);
    expect(banner).toContain(seed!.password);
    expect(banner).toContain(`${h.url}/api/v1/auth/login`);
    const loginRes = await call(h.url, 'POST', '/api/v1/auth/login', { json: { email: seed!.email, password: seed!.password } });
    expect(loginRes.status).toBe(200);
    const list = await call(h.url, 'GET', '/api/v1/tenants/demo/calls?limit=100&q=reservation', { headers: bearer(loginRes.body.access_token) });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(await seedDemoIfEmpty(h.deps.demo)).toBeNull();
  });

  it('is consistent: every agent_id a demo call names is an agent of the demo tenant, speaking the call\'s language', async () => {
    const token = (await call(h.url, 'POST', '/api/v1/auth/login', { json: { email: seed!.email, password: seed!.password } })).body.access_token;
    const agents = new Map<string, string>();
    let cursor: string | null = null;
    let named = 0;
    do {
      const page = await call(h.url, 'GET', `/api/v1/tenants/demo/calls?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: bearer(token) });
      expect(page.status).toBe(200);
      for (const summary of page.body.data) {
        if (summary.agent_id === null) continue;
        named += 1;
        if (!agents.has(summary.agent_id)) {
          const agent = await call(h.url, 'GET', `/api/v1/ai-agents/${summary.agent_id}`, { headers: bearer(token) });
          expect(agent.status, summary.agent_id).toBe(200);
          agents.set(summary.agent_id, agent.body.language);
        }
        const detail = await call(h.url, 'GET', `/api/v1/tenants/demo/calls/${summary.call_id}`, { headers: bearer(token) });
        expect(agents.get(summary.agent_id)!.split('-')[0]).toBe(detail.body.metadata.language);
      }
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(named).toBeGreaterThan(DEMO_CALL_COUNT / 2);
    expect(agents.size).toBe(5);
  });

  it.skipIf(!hasCurl)('the banner\'s commands, run by a shell, log in, set $TOKEN and list the calls', async () => {
    const banner = demoBanner(seed!, h.url);
    const commands = banner
      .split('\n')
      .filter((line) => line.startsWith('   '))
      .filter((line) => !/^\s+(email|password):/.test(line))
      .join('\n');
    expect(commands).toMatch(/TOKEN=\$\(/);
    // Asynchronously: the server answering curl runs in this very process.
    const { stdout: out } = await promisify(execFile)('sh', ['-c', `set -e\n${commands}`], { encoding: 'utf8' });
    const listed = JSON.parse(out);
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.data[0].call_id).toMatch(/^call_demo_/);
  });

  it('is on by default and switched off by DEMO_SEED=false', () => {
    expect(loadConfig({}).demoSeed).toBe(true);
    expect(loadConfig({ DEMO_SEED: 'false' }).demoSeed).toBe(false);
    expect(() => loadConfig({ DEMO_SEED: 'maybe' })).toThrow(/DEMO_SEED/);
  });
});

describe('npm start on an empty data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
  const main = new URL('../../runtimes/http/main.ts', import.meta.url).pathname;

  interface Started {
    url: string;
    stdout: string[];
    stderr: string[];
    /** The first stderr line matching `pattern`, once it is printed. */
    stderrLine(pattern: RegExp): Promise<string>;
    /** SIGTERM; resolves once the process exited and every line of its output was read. */
    stop(): Promise<void>;
  }

  async function start(): Promise<Started> {
    const child = spawn(tsx, [main], { env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: string[] = [];
    const stderr: string[] = [];
    const lines = new EventEmitter();
    const errLines = createInterface({ input: child.stderr! });
    const outLines = createInterface({ input: child.stdout! });
    const read = Promise.all([once(errLines, 'close'), once(outLines, 'close')]);
    errLines.on('line', (line) => {
      stderr.push(line);
      lines.emit('stderr');
    });
    const exited = once(child, 'exit');
    const url = await new Promise<string>((resolve, reject) => {
      outLines.on('line', (line) => {
        stdout.push(line);
        try {
          const entry = JSON.parse(line);
          if (entry.msg === 'ready') resolve(entry.url);
        } catch {
          // the banner is plain text
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    return {
      url,
      stdout,
      stderr,
      stderrLine: (pattern) =>
        new Promise((resolve) => {
          const check = () => {
            const found = stderr.find((l) => pattern.test(l));
            if (found === undefined) return;
            lines.off('stderr', check);
            resolve(found);
          };
          lines.on('stderr', check);
          check();
        }),
      stop: async () => {
        child.kill('SIGTERM');
        await Promise.all([exited, read]);
      },
    };
  }

  it('prints the generated admin password once, on stderr, with how to log in; the next start prints nothing of it', { timeout: 90_000 }, async () => {
    const first = await start();
    try {
      // The banner follows the ready line.
      await first.stderrLine(/password: \S+/);
      const text = first.stderr.join('\n');
      const password = /password: (\S+)/.exec(text)?.[1];
      expect(password).toBeDefined();
      expect(text).toContain('admin@demo.example');
      expect(text).toContain('curl');
      const res = await call(first.url, 'POST', '/api/v1/auth/login', { json: { email: 'admin@demo.example', password } });
      expect(res.status).toBe(200);
      // Issue 14: stdout is the JSON log stream only, and the password never reaches it.
      for (const line of first.stdout) expect(() => JSON.parse(line), line).not.toThrow();
      expect(first.stdout.join('\n')).not.toContain(password!);
    } finally {
      await first.stop();
    }
    // The whole output of a second run, from start to exit: no password in it.
    const second = await start();
    await second.stop();
    expect([...second.stdout, ...second.stderr].join('\n')).not.toMatch(/password:/);
  });
});
