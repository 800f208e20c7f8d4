import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/http-harness.js';
import { openBrowser, PATIENTLY, skipWithoutBrowser, type WebBrowser } from './support/browser.js';
import { assertPagesBuilt } from './support/built-pages.js';

describe.skipIf(skipWithoutBrowser)('the workbench in Chromium: the foundation', () => {
  let h: Harness;
  let browser: WebBrowser;
  beforeAll(async () => {
    assertPagesBuilt('workbench');
    h = await startHarness();
    browser = await openBrowser(h.url);
  });
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
  });

  it('loads under its policy, in English then French, with nothing sent to another host', async () => {
    const page = await browser.newPage();
    await page.goto(`${h.url}/workbench`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), PATIENTLY).toBe('Catalogue workbench');
    await expect.poll(() => page.locator('html').getAttribute('lang'), PATIENTLY).toBe('en');
    await page.getByLabel('Language').selectOption('fr');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), PATIENTLY).toBe('Atelier du catalogue');
    // The document's language is set in an effect after the render: it may follow the heading by a frame.
    await expect.poll(() => page.locator('html').getAttribute('lang'), PATIENTLY).toBe('fr');
    // A script or style the policy refuses would be reported here; a foreign request in offHost.
    const injected = await page.addScriptTag({ url: 'https://cdn.example.net/lib.js' }).then(
      () => 'loaded',
      () => 'refused',
    );
    expect(injected).toBe('refused');
    await expect.poll(() => browser.problems.some((p) => p.startsWith('csp:')), PATIENTLY).toBe(true);
    expect(browser.offHost).toEqual([]); // the policy stopped it before any request left
    browser.problems.length = 0;
    await page.close();
  });

  it('the guard records and stops a request to another host', async () => {
    const page = await browser.newPage();
    await page.goto(`${h.url}/healthz`); // a page without the pages' policy
    await page.evaluate(() => fetch('http://other.example.org/x').catch(() => undefined));
    expect(browser.offHost).toEqual(['http://other.example.org/x']);
    browser.offHost.length = 0;
    await page.close();
  });
});
