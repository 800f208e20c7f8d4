// The workbench's first load in Chromium: bytes transferred (as the network counted them,
// headers and compression included) and time to interactive (the catalogue textarea takes a
// keystroke), on a cold cache (a fresh profile each run) and warm (a reload in the same profile:
// hashed assets come from the cache, only the HTML is revalidated).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { percentile, printTable } from './support.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [new URL('../dist/runtimes/http/main.js', import.meta.url).pathname], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const start = performance.now();
  for (;;) {
    if (performance.now() - start > 60_000) throw new Error('server not ready within 60 s');
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { url, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

/** One load of /workbench in `page`: bytes and requests the network saw, ms to interactive. */
async function load(page, url) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    requests++;
  });
  const start = performance.now();
  await page.goto(`${url}/workbench`, { waitUntil: 'commit' });
  const box = page.locator('#catalogue-lines');
  await box.waitFor();
  await box.pressSequentially('x');
  await page.waitForFunction(() => document.querySelector('#catalogue-lines')?.value === 'x');
  const interactiveMs = performance.now() - start;
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    return { dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd };
  });
  await cdp.detach();
  return { bytes, requests, interactiveMs, ...nav };
}

export async function benchWebPage({ runs = 5 } = {}) {
  console.log('\n## Workbench first load in Chromium (bytes over the network, time to interactive)');
  if (!existsSync(CHROMIUM)) {
    console.log(`(skipped: no chromium at ${CHROMIUM})`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-web-'));
  const server = await startServer(dataDir);
  const cold = [];
  const warm = [];
  try {
    for (let i = 0; i < runs; i++) {
      const profile = mkdtempSync(join(tmpdir(), 'svc-bench-chromium-'));
      const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        cold.push(await load(page, server.url));
        warm.push(await load(page, server.url));
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const row = (name, xs) => {
    const ms = (k) => xs.map((x) => x[k]).sort((a, b) => a - b);
    return {
      load: name,
      requests: xs[0].requests,
      bytes: Math.round(percentile(ms('bytes'), 0.5)),
      interactive_p50_ms: Math.round(percentile(ms('interactiveMs'), 0.5)),
      interactive_max_ms: Math.round(Math.max(...ms('interactiveMs'))),
      dom_content_loaded_p50_ms: Math.round(percentile(ms('dcl'), 0.5)),
    };
  };
  printTable([row(`cold (fresh profile), ${runs} runs`, cold), row(`warm (reload), ${runs} runs`, warm)]);
}
