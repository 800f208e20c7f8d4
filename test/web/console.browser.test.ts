import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallIngest } from '../../core/calls/use-cases/call-ingest.js';
import { CALLS } from '../../runtimes/shared/composition/calls.tokens.js';
import { generateDemoCalls } from '../../runtimes/shared/demo/demo-calls.js';
import { packageDir } from '../../runtimes/shared/settings/release.js';
import { bearer, login, seedUsers, type TestUser } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { openBrowser, PATIENTLY, screenshotDir, skipWithoutBrowser, type WebBrowser } from './support/browser.js';
import { axeViolations } from './support/axe.js';
import { assertPagesBuilt } from './support/built-pages.js';

/**
 * The operator console (issue 27) in Chromium, as an operator uses it: log in with the form
 * (admin, then member), search the calls, open a transcript, read the chart and the figures
 * against the stats endpoint, list the users. Screenshots of each screen in docs/screenshots/.
 */
describe.skipIf(skipWithoutBrowser)('the console in Chromium', () => {
  let h: Harness;
  let browser: WebBrowser;
  let shots: string;
  let admin: TestUser;
  let member: TestUser;
  /** Each screen shot is audited too (axe-core): no violation of serious or critical impact. */
  const shot = async (page: Page, name: string) => {
    await page.screenshot({ path: join(shots, `console-${name}.png`), fullPage: true });
    expect(await axeViolations(page), `the accessibility audit of the ${name} screen`).toEqual([]);
  };

  beforeAll(async () => {
    assertPagesBuilt('console');
    h = await startHarness({ snapshot: { build_id: 'console', artists: [], works: [] }, env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000' } });
    [admin, member] = await seedUsers(h, [
      { tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' },
      { tenant_id: 'acme', email: 'max@acme.example', role: 'member' },
    ]);
    await h.container.get<CallIngest>(CALLS.CallIngest).importBatch('acme', generateDemoCalls({ count: 120, anchor: new Date('2026-11-03T12:00:00Z'), spanDays: 28 }));
    browser = await openBrowser(h.url);
    shots = screenshotDir();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
  });

  async function logIn(page: Page, user: TestUser): Promise<void> {
    await page.goto(`${h.url}/console`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.locator('.who').textContent(), PATIENTLY).toContain(user.email);
  }

  it('an admin logs in, searches the calls and opens a transcript', async () => {
    const page = await browser.newPage();
    await page.goto(`${h.url}/console`);
    await shot(page, 'login');
    await logIn(page, admin);
    expect(await page.locator('.who').textContent()).toContain('(admin)');
    await page.locator('.calls-table tbody tr').first().waitFor();
    expect(await page.locator('.calls-table tbody tr').count()).toBe(20);
    await page.getByLabel('Search').first().fill('rembours*');
    await page.getByRole('button', { name: 'Search' }).click();
    const token = await login(h, admin);
    const expected = await call(h.url, 'GET', '/api/v1/tenants/acme/calls?limit=20&q=rembours*', { headers: bearer(token) });
    const ids = expected.body.data.map((c: { call_id: string }) => c.call_id);
    expect(ids.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.calls-table tbody tr').count(), PATIENTLY).toBe(ids.length);
    await shot(page, 'calls');
    await page.getByRole('button', { name: `Open ${ids[0]}` }).click();
    await page.locator('.transcript li').first().waitFor();
    const detail = await call(h.url, 'GET', `/api/v1/tenants/acme/calls/${ids[0]}`, { headers: bearer(token) });
    expect(await page.locator('.transcript li').count()).toBe(detail.body.transcript.length);
    expect(await page.locator('.call-summary').textContent()).toBe(detail.body.summary);
    expect(await page.locator('.transcript .text').first().textContent()).toBe(detail.body.transcript[0].text);
    await shot(page, 'call');
    expect(browser.problems).toEqual([]);
    expect(browser.offHost).toEqual([]);
    await page.close();
  });

  it('an admin sets the workspace\'s time zone; a bad one is refused with its field named', async () => {
    const page = await browser.newPage();
    await logIn(page, admin);
    await page.getByRole('button', { name: 'Workspace' }).click();
    await page.getByLabel('Time zone').fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alert').count(), PATIENTLY).toBe(1);
    expect(await page.getByRole('alert').textContent()).toContain('timezone');
    await page.getByLabel('Time zone').fill('Europe/Paris');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), PATIENTLY).toBe('Saved.');
    await shot(page, 'workspace');
    await page.close();
  });

  it('an admin uploads docs/examples/faq.pdf, syncs until indexed and finds a passage; a member sees no write control', async () => {
    const page = await browser.newPage();
    await logIn(page, admin);
    await page.getByRole('button', { name: 'Knowledge base' }).click();
    await page.getByLabel('Add a document (drop it here or choose it)').setInputFiles(join(packageDir(), 'docs', 'examples', 'faq.pdf'));
    await expect.poll(() => page.locator('.knowledge-table tbody tr').count(), PATIENTLY).toBe(1);
    expect(await page.locator('.knowledge-table tbody td').first().textContent()).toBe('faq.pdf');
    await page.getByRole('button', { name: 'Synchronise' }).click();
    await expect.poll(() => page.locator('.knowledge-table .badge').first().textContent(), { ...PATIENTLY, timeout: 60_000 }).toBe('indexed');
    expect(await page.getByRole('status').textContent()).toContain('Succeeded');
    await page.getByLabel('Search the passages').fill('abroad');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.passages li').first().waitFor();
    expect(await page.locator('.passages mark').allTextContents()).toContain('abroad');
    expect(await page.locator('.passages .passage').first().textContent()).toContain('Do you deliver abroad?');
    await shot(page, 'knowledge');
    await page.close();

    const reader = await browser.newPage();
    await logIn(reader, member);
    await reader.getByRole('button', { name: 'Knowledge base' }).click();
    await reader.locator('.knowledge-table tbody tr').first().waitFor();
    expect(await reader.getByRole('button', { name: 'Synchronise' }).count()).toBe(0);
    expect(await reader.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await reader.getByLabel('Add a document (drop it here or choose it)').count()).toBe(0);
    expect(browser.problems).toEqual([]);
    expect(browser.offHost).toEqual([]);
    await reader.close();
  });

  it('a member reads the chart, the figures and the users, which match the API', async () => {
    const page = await browser.newPage();
    await logIn(page, member);
    expect(await page.locator('.who').textContent()).toContain('(member)');
    // The workspace as a member sees it: read-only.
    await page.getByRole('button', { name: 'Workspace' }).click();
    await page.getByLabel('Time zone').waitFor();
    expect(await page.getByLabel('Time zone').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Statistics' }).click();
    await page.locator('.stats-chart .period').first().waitFor();
    expect(await page.locator('.stats-view-timezone').textContent()).toContain('Europe/Paris');
    const token = await login(h, member);
    const stats = (await call(h.url, 'GET', '/api/v1/tenants/acme/calls/stats?bucket=week', { headers: bearer(token) })).body;
    expect(await page.locator('.stats-total').textContent()).toBe(`${stats.totals.calls} calls`);
    const bars = await page.locator('.stats-chart .period').evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-date'), Number(g.getAttribute('data-calls'))]));
    expect(bars).toEqual(stats.periods.map((p: { date: string; calls: number }) => [p.date, p.calls]));
    expect(await page.locator('.figures .p50').textContent()).toBe(`${stats.totals.duration.p50_seconds} s`);
    await shot(page, 'stats');
    await page.getByLabel('Language').selectOption('fr');
    await expect.poll(() => page.locator('.stats-total').textContent(), PATIENTLY).toBe(`${stats.totals.calls} appels`);
    await page.getByLabel('Langue').selectOption('en');
    await page.getByRole('button', { name: 'Users' }).click();
    await page.locator('.users-table tbody tr').first().waitFor();
    expect(await page.locator('.users-table tbody td:first-child').allTextContents()).toEqual(['ann@acme.example', 'max@acme.example']);
    await shot(page, 'users');
    expect(browser.problems).toEqual([]);
    expect(browser.offHost).toEqual([]);
    await page.close();
  });
});
