import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, seedUsers, type TestUser } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { openBrowser, PATIENTLY, screenshotDir, skipWithoutBrowser, type WebBrowser } from './support/browser.js';
import { assertPagesBuilt } from './support/built-pages.js';

const SETTINGS = {
  name: 'Accueil',
  language: 'fr-FR',
  voice: { provider: 'acme-tts', voice_id: 'claire' },
  greeting: 'Bonjour, vous êtes bien chez Acme.',
  instructions: 'Répondez brièvement et poliment.',
  llm: { model: 'small', temperature: 0.2, max_output_tokens: 400 },
  knowledge_base: { enabled: true },
  escalation: { phone_number: '+33123456789', triggers: ['client mécontent'] },
  business_hours: { timezone: 'Europe/Paris', weekly: [{ day: 'mon', open: '09:00', close: '17:00' }] },
};

/**
 * The console's agents screen (issue 27) in Chromium: an admin edits an agent's configuration in
 * the form generated from its schema; a second tab saves first, so the first tab's save (If-Match
 * of the ETag it read) is refused as stale, the offer to reload brings the current version and a
 * save after it succeeds; the versions' diff shows the change. A member reads without a control
 * that writes. Screenshots: docs/screenshots/console-agents.png, console-agents-diff.png.
 */
describe.skipIf(skipWithoutBrowser)('the console\'s agents screen in Chromium', () => {
  let h: Harness;
  let browser: WebBrowser;
  let shots: string;
  let admin: TestUser;
  let member: TestUser;
  let agentId: string;
  let token: string;
  const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `console-${name}.png`), fullPage: true });

  beforeAll(async () => {
    assertPagesBuilt('console');
    h = await startHarness({ snapshot: { build_id: 'console-agents', artists: [], works: [] }, env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000', RATE_LIMIT_AGENTS_PER_MINUTE: '1000000' } });
    [admin, member] = await seedUsers(h, [
      { tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' },
      { tenant_id: 'acme', email: 'max@acme.example', role: 'member' },
    ]);
    token = await login(h, admin);
    const created = await call(h.url, 'POST', '/api/v1/ai-agents', { json: SETTINGS, headers: bearer(token) });
    expect(created.status).toBe(201);
    agentId = created.body.agent_id;
    await call(h.url, 'POST', '/api/v1/ai-agents', { json: { ...SETTINGS, name: 'Service après-vente' }, headers: bearer(token) });
    browser = await openBrowser(h.url);
    shots = screenshotDir();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
  });

  async function openAgent(page: Page, user: TestUser, name: string): Promise<void> {
    await page.goto(`${h.url}/console`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Agents' }).click();
    await page.locator('.agents-list tbody tr').first().waitFor();
    expect(await page.locator('.agents-list tbody td:first-child').allTextContents()).toEqual(expect.arrayContaining([name, 'Service après-vente']));
    await page.getByRole('button', { name: `Open ${name}`, exact: true }).click();
    await page.locator('#agent-heading').waitFor();
  }
  const current = async () => (await call(h.url, 'GET', `/api/v1/ai-agents/${agentId}`, { headers: bearer(token) })).body;

  it('an admin edits in the schema form; a save made stale by a second tab is refused, reloaded and saved; the diff shows the change', async () => {
    const first = await browser.newPage();
    await openAgent(first, admin, 'Accueil');
    // Fields by type, generated from the schema: text, long text, number, yes/no, choice, list, group.
    expect(await first.getByLabel('Greeting').evaluate((e) => e.tagName)).toBe('TEXTAREA');
    expect(await first.getByLabel('Answer from the knowledge base').isChecked()).toBe(true);
    expect(await first.getByLabel('Day').inputValue()).toBe('mon');
    expect(await first.getByLabel('Trigger #1').inputValue()).toBe('client mécontent');
    expect(await first.getByRole('group', { name: 'Language model' }).getByLabel('Temperature').inputValue()).toBe('0.2');
    expect(await first.getByLabel('Name').getAttribute('required')).not.toBeNull();
    expect(await first.getByLabel('Phone number').getAttribute('required')).toBeNull(); // nullable: may be left empty

    // Validation from the schema's own keywords, before anything is sent.
    await first.getByLabel('Temperature').fill('3');
    await first.getByLabel('Trigger #1').fill('');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => first.getByRole('status').textContent(), PATIENTLY).toBe('2 fields to correct before saving.');
    expect(await first.locator('.field-error').allTextContents()).toEqual(['At most 2.', 'Required.']);
    expect(await first.getByLabel('Temperature').getAttribute('aria-invalid')).toBe('true');
    expect((await current()).version).toBe(1);
    await first.getByLabel('Temperature').fill('0,4');
    await first.getByLabel('Trigger #1').fill('client mécontent');
    // A rule only the API knows (an IANA zone): its 400 is shown next to the field and the form.
    await first.getByLabel('Time zone').fill('Mars/Olympus');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => first.locator('.field-error').allTextContents(), PATIENTLY).toEqual([expect.stringContaining('IANA time zone')]);
    expect(await first.getByRole('alert').textContent()).toContain('business_hours.timezone');
    await first.getByLabel('Time zone').fill('Europe/Paris');
    await first.getByLabel('Greeting').fill('Bonjour, ici l’onglet un.');

    // A second tab of the same browser opens the agent and saves first.
    const second = await browser.newPage();
    await openAgent(second, admin, 'Accueil');
    await second.getByLabel('Name').fill('Accueil (jour)');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => second.getByRole('status').textContent(), PATIENTLY).toBe('Saved: version 2.');
    await second.close();

    // The first tab's save carries the ETag of version 1: refused, said in plain words.
    await first.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => first.locator('.stale').textContent(), PATIENTLY).toContain('this agent was saved elsewhere');
    expect(await first.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect((await current()).name).toBe('Accueil (jour)');
    expect((await current()).greeting).toBe(SETTINGS.greeting);
    await first.getByRole('button', { name: 'Reload the current version' }).click();
    await expect.poll(() => first.getByRole('status').textContent(), PATIENTLY).toContain('Version 2 loaded');
    expect(await first.getByLabel('Name').inputValue()).toBe('Accueil (jour)');
    expect(await first.getByLabel('Greeting').inputValue()).toBe(SETTINGS.greeting);
    expect(await first.getByLabel('Temperature').inputValue()).toBe('0.2');
    expect(await first.locator('.stale').count()).toBe(0);

    // After the reload, the change made again saves.
    await first.getByLabel('Greeting').fill('Bonjour, ici l’onglet un.');
    await first.getByRole('button', { name: 'Add: Trigger' }).click();
    await first.getByLabel('Trigger #2').fill('demande un humain');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => first.getByRole('status').textContent(), PATIENTLY).toBe('Saved: version 3.');
    const saved = await current();
    expect([saved.version, saved.name, saved.greeting, saved.escalation.triggers]).toEqual([3, 'Accueil (jour)', 'Bonjour, ici l’onglet un.', ['client mécontent', 'demande un humain']]);
    await shot(first, 'agents');

    // The versions, and the diff of version 2 to 3 (the defaults: the previous and the current).
    expect(await first.locator('.versions-table tbody td:first-child').allTextContents()).toEqual(['3 (current)', '2', '1']);
    const rows = () => first.locator('.diff-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent)));
    await expect.poll(rows, PATIENTLY).toEqual([
      ['Greeting', '± Changed', SETTINGS.greeting, 'Bonjour, ici l’onglet un.'],
      ['Escalation to a person › Trigger #2', '+ Added', '', 'demande un humain'],
    ]);
    expect(await first.locator('.diff-table caption').textContent()).toBe('What changed from version 2 to version 3');
    await first.getByLabel('From version').selectOption('1');
    await expect.poll(() => first.locator('.diff-table tbody th').allTextContents(), PATIENTLY).toEqual(['Name', 'Greeting', 'Escalation to a person › Trigger #2']);
    await first.getByLabel('To version').selectOption('2');
    await expect.poll(rows, PATIENTLY).toEqual([['Name', '± Changed', 'Accueil', 'Accueil (jour)']]);
    await first.getByLabel('To version').selectOption('3');
    await first.locator('.agent-versions').screenshot({ path: join(shots, 'console-agents-diff.png') });
    await first.locator('.language-switch select').selectOption('fr');
    await expect.poll(() => first.locator('.diff-table caption').textContent(), PATIENTLY).toBe('Ce qui a changé de la version 1 à la version 3');
    expect(await first.locator('.diff-table tbody td .badge').allTextContents()).toEqual(['± Modifié', '± Modifié', '+ Ajouté']);
    expect(await first.locator('.diff-table tbody th').allTextContents()).toEqual(['Nom', 'Message d’accueil', 'Transfert à une personne › Déclencheur n° 2']);
    await first.locator('.language-switch select').selectOption('en'); // the choice is kept for the next tabs
    await expect.poll(() => first.locator('.diff-table caption').textContent(), PATIENTLY).toBe('What changed from version 1 to version 3');

    // A new agent: the same form, each field at its emptiest; the required ones are named.
    await first.getByRole('button', { name: 'Back to the agents' }).click();
    await first.getByRole('button', { name: 'New agent' }).click();
    await first.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => first.getByRole('status').textContent(), PATIENTLY).toBe('6 fields to correct before saving.');
    for (const [label, value] of [['Name', 'Standard de nuit'], ['Language', 'fr-FR'], ['Provider', 'acme-tts'], ['Voice id', 'léa'], ['Model', 'small'], ['Time zone', 'Europe/Paris']]) {
      await first.locator('.agent-form').getByLabel(label).fill(value);
    }
    await first.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => first.locator('#agent-heading').textContent(), PATIENTLY).toBe('Standard de nuit Version 1');
    expect(await first.locator('.agent-versions').textContent()).toContain('Only one version so far');
    const list = (await call(h.url, 'GET', '/api/v1/ai-agents', { headers: bearer(token) })).body.data;
    expect(list.find((a: { name: string }) => a.name === 'Standard de nuit')).toMatchObject({ version: 1, language: 'fr-FR', knowledge_base: { enabled: false }, escalation: { phone_number: null, triggers: [] } });
    expect(browser.problems).toEqual([]);
    expect(browser.offHost).toEqual([]);
    await first.close();
  });

  it('a member reads the list, the configuration and the versions without a control that writes', async () => {
    const page = await browser.newPage();
    await openAgent(page, member, 'Accueil (jour)');
    await page.locator('.schema-values').first().waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to the agents' }).click();
    await page.locator('.agents-list').waitFor();
    expect(await page.getByRole('button', { name: 'New agent' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open Accueil (jour)', exact: true }).click();
    await page.locator('.schema-values').first().waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Add|^Remove/ }).count()).toBe(0);
    expect(await page.locator('.hint').first().textContent()).toBe('Only an admin can change an agent’s configuration.');
    const greeting = page.locator('.schema-values > div').filter({ has: page.locator('dt', { hasText: /^Greeting$/ }) });
    expect(await greeting.locator('dd').textContent()).toBe((await current()).greeting);
    await page.locator('.diff-table tbody tr').first().waitFor();
    expect(await page.locator('.versions-table tbody tr').count()).toBe((await current()).version);
    expect(browser.problems).toEqual([]);
    await page.close();
  });
});
