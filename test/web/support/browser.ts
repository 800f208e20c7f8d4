import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { packageDir } from '../../../runtimes/shared/settings/release.js';

/** Debian's chromium (`.ci/run` installs it); no browser is downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests run wherever chromium is installed, and always in CI (CI=true): there a
 * missing chromium fails the launch instead of skipping.
 */
export const skipWithoutBrowser = !existsSync(CHROMIUM_PATH) && process.env.CI !== 'true';
if (skipWithoutBrowser) process.stderr.write(`\n!!! SKIPPING the browser tests: no chromium at ${CHROMIUM_PATH} (apt-get install chromium). CI runs them. !!!\n\n`);

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export interface WebBrowser {
  context: BrowserContext;
  /** A new tab; what it logs as a CSP violation or an uncaught error is kept in `problems`. */
  newPage(): Promise<Page>;
  /** Every request a page tried to send to a host other than the server's (each was aborted). */
  offHost: string[];
  /** Content-Security-Policy violations and uncaught page errors seen by any tab. */
  problems: string[];
  close(): Promise<void>;
}

/**
 * One headless chromium for a test file, with a fresh profile (user-data-dir) and a guard: any
 * request to a host other than `serverUrl`'s is aborted and recorded in `offHost`.
 */
export async function openBrowser(serverUrl: string, options: { viewport?: { width: number; height: number } } = {}): Promise<WebBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'svc-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    acceptDownloads: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: 'en-GB',
  });
  const allowed = new URL(serverUrl).host;
  const offHost: string[] = [];
  const problems: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.host !== allowed) {
      offHost.push(url.href);
      return route.abort('blockedbyclient');
    }
    return route.continue();
  });
  const watch = (page: Page) => {
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(`csp: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  };
  for (const page of context.pages()) watch(page);
  return {
    context,
    offHost,
    problems,
    async newPage() {
      const page = await context.newPage();
      watch(page);
      return page;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Where the browser tests write their screenshots: docs/screenshots/ with UPDATE_SCREENSHOTS=1
 * (the committed PNGs the README links), else a temporary folder (taken all the same, so the
 * step is tested, without rewriting committed files on every run).
 */
export function screenshotDir(): string {
  if (process.env.UPDATE_SCREENSHOTS === '1') return join(packageDir(), 'docs', 'screenshots');
  return mkdtempSync(join(tmpdir(), 'svc-screenshots-'));
}

/** `expect.poll`'s options with a patience fit for a page on a loaded machine (the default is 1 s). */
export const PATIENTLY = { timeout: 20_000, interval: 50 };
