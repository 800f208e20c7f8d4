import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { runAdminCaptured } from '../support/admin-runner.js';
import { rowsOfXlsx, xlsxOf } from '../support/catalogue-files.js';
import { type Harness, startHarness } from '../support/http-harness.js';
import { openBrowser, PATIENTLY, screenshotDir, skipWithoutBrowser, type WebBrowser } from './support/browser.js';
import { axeViolations } from './support/axe.js';
import { assertPagesBuilt } from './support/built-pages.js';

/** A French export: `;`-separated, headers Lot / Artiste / Titre. */
const CATALOGUE_CSV = [
  'Lot;Artiste;Titre',
  '1;J. M. W. Turner;Norham Castle, Sunrise',
  '2;Rembrandt;Ecce Homo',
  '3;J. M. W. Turner;Burning of the Houses of Parliament',
  '4;Hoppner, John;Portrait of a Lady',
].join('\r\n');

const lotRow = (page: Page, lot: string) => page.locator('tbody tr', { has: page.locator(`th:text-is("${lot}")`) });

/** Waits for the progress to reach `lots`; a problem shown instead fails with its text. */
async function finished(page: Page, lots: number): Promise<void> {
  await page.locator('[data-testid="summary"], [role="alert"]').first().waitFor();
  const alert = page.getByRole('alert');
  if ((await alert.count()) > 0) throw new Error(`the page shows a problem: ${await alert.first().textContent()}`);
  expect(await page.getByRole('status').filter({ hasText: 'Lots verified' }).textContent()).toContain(`${lots} / ${lots}`);
}

// A catalogue is read in a worker thread and verified row by row: on a loaded machine a test takes tens of seconds.
describe.skipIf(skipWithoutBrowser)('the workbench in Chromium, as a cataloguer uses it', { timeout: 120_000 }, () => {
  let h: Harness;
  let browser: WebBrowser;
  let shots: string;
  /** Each screen shot is audited too (axe-core): no violation of serious or critical impact. */
  const shot = async (page: Page, name: string) => {
    await page.screenshot({ path: join(shots, `workbench-${name}.png`), fullPage: true });
    expect(await axeViolations(page), `the accessibility audit of the ${name} screen`).toEqual([]);
  };

  beforeAll(async () => {
    assertPagesBuilt('workbench');
    h = await startHarness();
    browser = await openBrowser(h.url);
    shots = screenshotDir();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
  });

  it('sandbox: pasted lines verified with progress, badges, citations, requalification; a near match pinned; the annotated CSV downloaded and read back', async () => {
    const page = await browser.newPage();
    await page.goto(`${h.url}/workbench`);
    await expect.poll(() => page.getByTestId('sandbox-notice').textContent(), PATIENTLY).toContain('keyless limits apply');
    await page.getByLabel('Catalogue lines').fill(CATALOGUE_CSV);
    await page.getByRole('button', { name: 'Verify the catalogue' }).click();
    await finished(page, 4);
    expect(await page.getByTestId('summary').textContent()).toBe('4 lots: 1 attested, 1 contradicted, 2 unavailable, 0 errors.');

    expect(await lotRow(page, '1').locator('.badge').first().textContent()).toBe('Attested');
    const citation = lotRow(page, '1').locator('.citations li').first();
    expect(await citation.textContent()).toMatch(/import:\w+.*confidence \d/);
    expect(await lotRow(page, '2').locator('.badge').first().textContent()).toBe('Contradicted');
    expect(await lotRow(page, '2').textContent()).toContain('école de Rembrandt');
    expect(await lotRow(page, '3').locator('.badge').first().textContent()).toBe('Unavailable');
    expect(await lotRow(page, '3').textContent()).toContain('Ambiguous title');
    await shot(page, 'catalogue');

    // Filters: by verdict, then by reason.
    await page.getByLabel('Verdict', { exact: true }).selectOption('unavailable');
    expect(await page.locator('tbody tr').count()).toBe(2);
    await page.getByLabel('Reason').selectOption('generic_title');
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Reason').selectOption('all');
    await page.getByLabel('Verdict', { exact: true }).selectOption('all');

    // Pin the near match the sale means (Tate D27882): the lot is verified again, attested.
    const pins = lotRow(page, '3').getByRole('button', { name: /^Pin and verify again/ });
    expect(await pins.count()).toBeGreaterThan(1);
    await pins.nth(await indexOfWork(page, '3', 'wrk_tate_D27882')).click();
    await expect.poll(() => lotRow(page, '3').locator('.badge').first().textContent(), PATIENTLY).toBe('Attested');
    expect(await lotRow(page, '3').textContent()).toContain('Pinned to wrk_tate_D27882');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the annotated CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('catalogue.annotated.csv');
    // The service's annotated CSV: a BOM, the pasted lines' own `;`.
    const rows: string[][] = parse(readFileSync((await download.path())!, 'utf8'), { bom: true, delimiter: ';' });
    expect(rows[0]).toEqual(['Lot', 'Artiste', 'Titre', 'verdict', 'matched_artist', 'qualifier', 'requalification_fr', 'requalification_en', 'citations', 'near_matches', 'reason', 'request_id']);
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['1', 'attested'],
      ['2', 'contradicted'],
      ['3', 'attested'],
      ['4', 'unavailable'],
    ]);
    for (const r of rows.slice(1)) expect(r[11]).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[1][8]).toMatch(/^import:\w+: /);
    expect(rows[2][6]).toContain('école de Rembrandt');
    expect(rows[4][10]).toBe('generic_title');

    expect(browser.offHost).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  });

  it('a CSV file dropped on the page, whose header it does not know: the columns are asked for, then verified', async () => {
    const page = await browser.newPage();
    await page.goto(`${h.url}/workbench`);
    // A real drop: a DataTransfer holding the file, dispatched on the drop zone.
    const csv = '\ufeffNumber,Painter,Work\r\n7,J. M. W. Turner,"Norham Castle, Sunrise"\r\n';
    const transfer = await page.evaluateHandle(
      `(() => { const t = new DataTransfer(); t.items.add(new File([${JSON.stringify(csv)}], 'sale-1207.csv', { type: 'text/csv' })); return t; })()`,
    );
    await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
    await page.getByRole('heading', { name: 'Which columns are lot, artist and title?' }).waitFor();
    await shot(page, 'mapping');
    await page.getByLabel('Artist', { exact: true }).selectOption('Painter');
    await page.getByLabel('Title', { exact: true }).selectOption('Work');
    await page.getByLabel('Lot', { exact: true }).selectOption('Number');
    await page.getByRole('button', { name: 'Verify with these columns' }).click();
    await finished(page, 1);
    expect(await lotRow(page, '7').locator('.badge').first().textContent()).toBe('Attested');
    expect(browser.offHost).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  });

  it('an XLSX sale file dropped on the page: verified with progress, the annotated XLSX downloaded and read back', async () => {
    const xlsx = await xlsxOf([
      ['N°', 'Artiste', 'Titre', 'Technique', 'Estimation'],
      ['21', 'J. M. W. Turner', 'Norham Castle, Sunrise', 'huile sur toile', '1 000 - 1 500'],
      ['22', 'Rembrandt', 'Ecce Homo', '', '2 000'],
      ['23', 'Hoppner, John', 'Portrait of a Lady', 'huile sur toile', '800'],
    ]);
    const page = await browser.newPage();
    await page.goto(`${h.url}/workbench`);
    // The keyboard path of the drop zone: its labelled file input.
    await page.getByLabel('Or choose or drop a catalogue file').setInputFiles({
      name: 'vente-1207.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    await finished(page, 3);
    expect(await page.getByTestId('summary').textContent()).toBe('3 lots: 1 attested, 1 contradicted, 1 unavailable, 0 errors.');
    expect(await lotRow(page, '21').locator('.badge').first().textContent()).toBe('Attested');
    expect(await lotRow(page, '21').locator('.citations li').first().textContent()).toMatch(/import:\w+.*confidence \d/);
    expect(await lotRow(page, '22').locator('.badge').first().textContent()).toBe('Contradicted');
    expect(await lotRow(page, '23').locator('.badge').first().textContent()).toBe('Unavailable');
    await shot(page, 'xlsx');

    // The download asks the service for the annotated file of the answers shown (ADR 0049): no catalogue is verified again.
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(new URL(request.url()).pathname);
    });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the annotated XLSX' }).click()]);
    expect(download.suggestedFilename()).toBe('vente-1207.annotated.xlsx');
    expect(posted).toEqual(['/api/v1/verify/catalogue/annotated']);
    const rows = await rowsOfXlsx(readFileSync((await download.path())!));
    expect(rows[0]).toEqual(['N°', 'Artiste', 'Titre', 'Technique', 'Estimation', 'verdict', 'matched_artist', 'qualifier', 'requalification_fr', 'requalification_en', 'citations', 'near_matches', 'reason', 'request_id']);
    expect(rows.slice(1).map((r) => [r[0], r[5]])).toEqual([
      ['21', 'attested'],
      ['22', 'contradicted'],
      ['23', 'unavailable'],
    ]);
    expect(String(rows[1][13])).toMatch(/^[0-9a-f-]{36}$/);
    expect(browser.offHost).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  });

  it('the accessibility audit finds what it looks for: a button with no name and low-contrast text put into the page fail it', async () => {
    const page = await browser.newPage();
    await page.goto(`${h.url}/workbench`);
    await page.getByLabel('Catalogue lines').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The faint colour set through the CSSOM: the page's Content-Security-Policy refuses style attributes.
    await page.evaluate(
      `(() => { const main = document.querySelector('main'); main.insertAdjacentHTML('beforeend', '<button type="button"></button><p id="faint">faint</p>'); document.getElementById('faint').style.color = '#bbb'; })()`,
    );
    const found = await axeViolations(page);
    expect(found.map((v) => v.split(' ')[0]).sort()).toEqual(['button-name', 'color-contrast']);
    await page.close();
  });

  it('keyboard only: skip link to the content, the lines filled and verified, the first badge reached', async () => {
    const page = await browser.newPage();
    await page.goto(`${h.url}/workbench`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).toBe('main');
    await page.getByLabel('Catalogue lines').focus();
    await page.keyboard.insertText('Lot,Artist,Title\n9,Rembrandt,Ecce Homo\n');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Verify the catalogue');
    await page.keyboard.press('Enter');
    await finished(page, 1);
    expect(await lotRow(page, '9').locator('.badge').first().textContent()).toBe('Contradicted');
    expect(browser.problems).toEqual([]);
    await page.close();
  });

  it('with a production key: research ordered on unavailable lots, the orders and their status, usage, a request looked up and replayed, coverage', async () => {
    const created = await runAdminCaptured(h.databaseEnv, ['key', 'create', '--label', 'Workbench test']);
    expect(created.code, created.stderr).toBe(0);
    const key: string = created.json.key;
    const page = await browser.newPage();
    await page.goto(`${h.url}/workbench`);
    await page.getByLabel('Production key').fill(key);
    await page.getByRole('button', { name: 'Use this key' }).click();
    await page.getByText('Production key in use for this tab.').waitFor();
    expect(await browser.context.cookies()).toEqual([]); // the key is kept for the tab, never in a cookie

    await page.getByLabel('Catalogue lines').fill(CATALOGUE_CSV);
    await page.getByRole('button', { name: 'Verify the catalogue' }).click();
    await finished(page, 4);
    // Downloading the annotated file, twice, bills nothing (ADR 0049): the usage below still counts the 4 lots verified.
    for (let i = 0; i < 2; i++) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the annotated CSV' }).click()]);
      expect(readFileSync((await download.path())!, 'utf8')).toContain((await lotRow(page, '1').getAttribute('data-request-id'))!);
    }
    await page.getByLabel('Select lot 3 for research').check();
    await page.getByLabel('Select lot 4 for research').check();
    await page.getByLabel('Client reference').fill('Sale 1207');
    await page.getByRole('button', { name: 'Order research on 2 lot(s)' }).click();
    await expect.poll(() => page.getByTestId('orders-placed').textContent(), PATIENTLY).toBe('2 order(s) placed.');
    // The same form sent again places nothing twice (the Idempotency-Key of each lot is the same).
    await page.getByRole('button', { name: 'Order research on 2 lot(s)' }).click();
    await expect.poll(() => page.getByTestId('orders-placed').textContent(), PATIENTLY).toBe('2 order(s) placed.');
    const requestId = (await lotRow(page, '1').getAttribute('data-request-id'))!;

    await page.getByRole('button', { name: 'Research orders' }).click();
    await expect.poll(() => page.locator('#orders-title ~ .table-wrap tbody tr').count(), PATIENTLY).toBe(2);
    expect(await page.locator('#orders-title ~ .table-wrap').textContent()).toContain('Requested');
    expect(await page.locator('#orders-title ~ .table-wrap').textContent()).toContain('Sale 1207');
    await shot(page, 'orders');

    await page.getByRole('button', { name: 'Usage' }).click();
    await expect.poll(() => page.getByTestId('usage').textContent(), PATIENTLY).toContain('Calls served');
    expect(await page.getByTestId('usage').textContent()).toMatch(/Calls served4(?!\d)/);
    await shot(page, 'usage');

    await page.getByRole('button', { name: 'Look up a request' }).click();
    await page.getByLabel('request_id').fill(requestId);
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    await page.getByText('Corpus revision').waitFor();
    await page.getByRole('button', { name: 'Replay against today’s corpus' }).click();
    await expect.poll(() => page.getByTestId('replay-outcome').textContent(), PATIENTLY).toBe('Same answer today.');
    await shot(page, 'lookup');

    await page.getByRole('button', { name: 'Coverage' }).click();
    await page.getByLabel('Name, alias or the start of one').fill('Le Titien');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'artist(s) match' }).textContent(), PATIENTLY).toBe('1 artist(s) match.');
    expect(await page.locator('.artists').textContent()).toContain('Titian');
    expect(await page.getByTestId('claims-by-source').textContent()).toContain('import:');
    await shot(page, 'coverage');

    // French, at a tablet's width.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('button', { name: 'Catalogue', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), PATIENTLY).toBe('Atelier du catalogue');
    expect(await lotRow(page, '1').locator('.badge').first().textContent()).toBe('Attesté');
    await shot(page, 'tablet-fr');

    expect(browser.offHost).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  });
});

/** The position, among a lot's pin buttons, of the near match with `workId`. */
async function indexOfWork(page: Page, lot: string, workId: string): Promise<number> {
  const ids = await lotRow(page, lot).locator('[data-work-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-work-id')));
  const i = ids.indexOf(workId);
  expect(i, `near matches of lot ${lot}: ${ids.join(', ')}`).toBeGreaterThanOrEqual(0);
  return i;
}
