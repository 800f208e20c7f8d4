// Cold start to ready with the full corpus, and resident memory once ready.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable } from './support.mjs';

const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function once(port, dataDir) {
  const start = performance.now();
  const child = spawn(process.execPath, [new URL('../dist/runtimes/http/main.js', import.meta.url).pathname], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - start > 30_000) throw new Error('not ready within 30 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - start;
    await new Promise((r) => setTimeout(r, 500));
    return { readyMs, rss: rssMiB(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function benchColdStart({ runs = 3 } = {}) {
  const rows = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-cold-'));
  try {
    for (let i = 0; i < runs; i++) {
      const r = await once(39_000 + i, dataDir);
      rows.push({ start: i === 0 ? 'first (migrations + demo seed)' : 'restart', ready_ms: Math.round(r.readyMs), rss_mib: r.rss.toFixed(0) });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\n## Cold start to /readyz 200 with the full corpus (one data dir: first start, then restarts)');
  console.log('targets: < 3000 ms, < 300 MiB');
  printTable(rows);
  return rows;
}
