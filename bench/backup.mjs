// Backup and restore of the embedded SQLite database: the demo data (as `npm start` seeds it)
// plus BENCH_ARCHIVED (100,000) verifications served on one key through the service's own
// VerifyAttribution (archived and metered as the API does), then `svc-admin backup` as its own
// process, idle and while the service keeps serving verifications, and `svc-admin restore` into
// a new DATA_DIR. Figures: duration, size, the verifications served during the backup.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { buildHttpContainer } from '../dist/runtimes/http/container.js';
import { resolveHttpDeps } from '../dist/runtimes/http/http-deps.js';
import { loadConfig } from '../dist/runtimes/shared/settings/config.js';
import { seedDemoIfEmpty } from '../dist/runtimes/shared/demo/seed-demo.js';
import { printTable, sampleSubjects } from './support.mjs';

const run = promisify(execFile);
const ADMIN = new URL('../dist/runtimes/admin/main.js', import.meta.url).pathname;
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

async function admin(env, args) {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [ADMIN, ...args], { env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env }, maxBuffer: 1 << 24 });
  return { ms: performance.now() - started, result: JSON.parse(stdout) };
}

export async function benchBackup({ archived = 100_000 } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'svc-bench-backup-'));
  const dataDir = join(root, 'data');
  const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'true' });
  const snapshot = await loadCorpusSnapshot();
  const container = await buildHttpContainer(config, pino({ level: 'warn' }), { snapshot });
  const deps = resolveHttpDeps(container);
  try {
    const seed = await seedDemoIfEmpty(deps.demo);
    const key = await deps.keys.create('bench backup');
    const caller = { tier: 'production', key_id: key.key_id, per_minute: key.per_minute };
    const subjects = sampleSubjects(snapshot, 1000).map(({ subject_artist, subject_title }) => ({ subject_artist, subject_title }));
    const serveStarted = performance.now();
    let next = 0;
    const serve = async () => {
      while (next < archived) await deps.verify.execute(subjects[next++ % subjects.length], caller);
    };
    await Promise.all(Array.from({ length: 16 }, serve));
    const serveMs = performance.now() - serveStarted;
    const env = { DATA_DIR: dataDir };

    const rows = [];
    const idle = await admin(env, ['backup', join(root, 'idle.sqlite')]);
    rows.push({ run: 'backup, idle', wall_ms: idle.ms.toFixed(0), copy_ms: idle.result.duration_ms, size_mb: mb(idle.result.bytes), pages: idle.result.pages, served_meanwhile: 0 });

    // The same while 16 verifications at a time keep being served (and archived) in this process.
    let serving = true;
    let servedDuring = 0;
    const load = async () => {
      for (let i = 0; serving; i++) {
        await deps.verify.execute(subjects[i % subjects.length], caller);
        servedDuring++;
      }
    };
    const loaders = Array.from({ length: 16 }, load);
    const busy = await admin(env, ['backup', join(root, 'busy.sqlite')]);
    serving = false;
    await Promise.all(loaders);
    rows.push({ run: 'backup, serving', wall_ms: busy.ms.toFixed(0), copy_ms: busy.result.duration_ms, size_mb: mb(busy.result.bytes), pages: busy.result.pages, served_meanwhile: servedDuring });

    const restored = await admin({ DATA_DIR: join(root, 'restored') }, ['restore', join(root, 'busy.sqlite')]);
    rows.push({ run: 'restore (new DATA_DIR)', wall_ms: restored.ms.toFixed(0), copy_ms: '', size_mb: mb(restored.result.bytes), pages: '', served_meanwhile: '' });

    const live = statSync(join(dataDir, 'svc.sqlite')).size;
    console.log(
      `\n## Backup and restore (SQLite): demo data (${seed?.calls ?? 0} calls, ${seed?.documents ?? 0} documents) + ${archived.toLocaleString('en')} archived verifications` +
        ` (served in ${(serveMs / 1000).toFixed(1)} s); live file ${mb(live)} MB; archive rows in the backup: ${idle.result.tables.verification_archive.toLocaleString('en')}`,
    );
    printTable(rows);
    return { rows, archived: idle.result.tables.verification_archive };
  } finally {
    await deps.database.close();
    rmSync(root, { recursive: true, force: true });
  }
}
