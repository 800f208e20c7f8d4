import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewCall } from '../fixtures/call-mother.js';
import { bearer, login, seedUsers, type TestUser } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { type Received, type Receiver, startReceiver } from '../support/webhook-receiver.js';
import { openBrowser, PATIENTLY, screenshotDir, skipWithoutBrowser, type WebBrowser } from './support/browser.js';
import { assertPagesBuilt } from './support/built-pages.js';

const callIdOf = (r: Received): string | undefined => (JSON.parse(r.body) as { data: { call?: { call_id: string } } }).data.call?.call_id;

/**
 * The console's webhooks screen (issue 27) in Chromium, against a real receiver on 127.0.0.1
 * that checks every signature with the `standardwebhooks` library: an admin subscribes it, sees
 * the secret once (and copies it), a recorded call is delivered, the failed first attempt is
 * retried from the delivery log, a subscription disabled by the service shows why and is
 * enabled again, the secret is rotated; a member sees no control.
 */
describe.skipIf(skipWithoutBrowser)('the console\'s webhooks screen in Chromium', () => {
  let h: Harness;
  let browser: WebBrowser;
  let receiver: Receiver;
  let shots: string;
  let admin: TestUser;
  let member: TestUser;
  let token: string;
  const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  const recordCall = async (callId: string) => {
    const res = await call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: callId }), headers: bearer(token) });
    expect(res.status, res.text).toBe(201);
  };
  const arrivals = (path: string, callId: string) => receiver.received.filter((r) => r.path === path && callIdOf(r) === callId);

  beforeAll(async () => {
    assertPagesBuilt('console');
    receiver = await startReceiver();
    // /down never answers well; /events fails its very first request only.
    let first = true;
    receiver.respond = (req) => {
      if (req.path === '/down') return 503;
      if (req.path === '/events' && first) {
        first = false;
        return 500;
      }
      return 200;
    };
    h = await startHarness({
      snapshot: { build_id: 'console-webhooks', artists: [], works: [] },
      env: {
        // As the webhook HTTP tests: loopback targets allowed, the outbox polled every 20 ms.
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOKS_POLL_MS: '20',
        // A failed attempt is final at once (no automatic retry), and a subscription whose
        // deliveries keep failing is disabled at its second failure.
        WEBHOOKS_RETRY_WINDOW_MS: '1',
        WEBHOOKS_DISABLE_AFTER_MS: '1',
        RATE_LIMIT_TENANT_PER_MINUTE: '1000000',
      },
    });
    [admin, member] = await seedUsers(h, [
      { tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' },
      { tenant_id: 'acme', email: 'max@acme.example', role: 'member' },
    ]);
    token = await login(h, admin);
    browser = await openBrowser(h.url);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
    shots = screenshotDir();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
    await receiver?.close();
  });

  async function webhooksAs(user: TestUser): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${h.url}/console`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.locator('.who').textContent(), PATIENTLY).toContain(user.email);
    await page.getByRole('button', { name: 'Webhooks' }).click();
    await page.locator('#webhooks-heading').waitFor();
    return page;
  }

  /** Clicks Refresh until the delivery log's rows satisfy `done` (a delivery's attempt is recorded right after the receiver answers). */
  async function refreshUntil(page: Page, done: (statuses: string[]) => boolean): Promise<void> {
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return done(await page.locator('.deliveries-table tbody .badge').allTextContents());
      }, PATIENTLY)
      .toBe(true);
  }

  it('an admin subscribes a receiver, sees the secret once, retries a failed delivery from the log, enables a disabled subscription and rotates the secret', async () => {
    const events = `${receiver.url}/events`;
    const down = `${receiver.url}/down`;
    const page = await webhooksAs(admin);
    await expect.poll(() => page.getByText('No subscription yet.').count(), PATIENTLY).toBe(1);

    // The event types offered are the API's for a tenant.
    const types = (await call(h.url, 'GET', '/api/v1/tenants/acme/webhooks/event-types', { headers: bearer(token) })).body.data.map((t: { type: string }) => t.type);
    await expect.poll(() => page.locator('.webhook-event-choice input[type=checkbox]').count(), PATIENTLY).toBe(types.length);
    expect(await page.locator('.webhook-event-choice input[type=checkbox]').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('value')))).toEqual(types);

    // A URL the service refuses (plain http to a public host) is named in the problem shown.
    await page.getByLabel('URL', { exact: true }).fill('http://example.com/in');
    await page.getByRole('checkbox', { name: /call\.created/ }).check();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.getByRole('alert').locator('.problem-fields').textContent(), PATIENTLY).toContain('url');
    await page.getByRole('button', { name: 'Dismiss' }).click();

    // Create: the secret is shown this once, with a copy button and the warning.
    await page.getByLabel('URL', { exact: true }).fill(events);
    await page.getByLabel('Description (optional)').fill('CRM');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const secretField = page.getByRole('textbox', { name: 'The signing secret', exact: true });
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(await page.getByRole('note').textContent()).toContain('You will not see it again');
    await page.getByRole('button', { name: 'Copy the secret' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), PATIENTLY).toBe('Copied to the clipboard.');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await shot(page, 'console-webhooks-secret');
    expect(await page.evaluate('JSON.stringify([{ ...sessionStorage }, { ...localStorage }])')).not.toContain(secret);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.locator('.webhooks-table').waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await page.locator('.webhook-url').allTextContents()).toEqual([events]);
    receiver.secrets = [secret];

    // A second subscription whose receiver is down (made through the API: the form is tested above).
    const downHook = await call(h.url, 'POST', '/api/v1/tenants/acme/webhooks', { json: { url: down, events: ['call.created'] }, headers: bearer(token) });
    expect(downHook.status, downHook.text).toBe(201);

    // An event: the first attempt to /events fails (500); the log shows it, failed, with its attempt.
    await recordCall('call_console_webhook_1');
    await receiver.until(() => arrivals('/events', 'call_console_webhook_1').length === 1 && arrivals('/down', 'call_console_webhook_1').length === 1);
    await page.getByRole('button', { name: `Delivery log: ${events}` }).click();
    await refreshUntil(page, (s) => s.join() === 'failed');
    const row = page.locator('.deliveries-table tbody tr').first();
    expect(await row.locator('.event-type').textContent()).toBe('call.created');
    const eventId = (await row.locator('.event-id').textContent())!;
    expect(eventId).toBe(arrivals('/events', 'call_console_webhook_1')[0]!.id);
    expect(await row.locator('.attempt').allTextContents()).toEqual([expect.stringMatching(/^#1 at .* · HTTP 500 · \d+ ms · /)]);

    // Retry from the log: the receiver gets the same webhook-id again, signed with the secret shown.
    await page.getByRole('button', { name: `Send again: ${eventId}` }).click();
    await expect.poll(() => page.getByRole('status').textContent(), PATIENTLY).toBe('Queued to be sent again.');
    await receiver.until(() => arrivals('/events', 'call_console_webhook_1').length === 2);
    const [failed, delivered] = arrivals('/events', 'call_console_webhook_1');
    expect([failed!.id, delivered!.id]).toEqual([eventId, eventId]);
    expect(delivered!.verifiedWith).toEqual([0]);
    expect(delivered!.status).toBe(200);
    await refreshUntil(page, (s) => s.join() === 'succeeded');
    expect(await row.locator('.attempt-status').allTextContents()).toEqual(['HTTP 500', 'HTTP 200']);
    expect(await page.getByRole('button', { name: /^Send again/ }).count()).toBe(0);
    await shot(page, 'console-webhooks-deliveries');

    // A second event fails at /down again: the service disables it, and the screen says why.
    await recordCall('call_console_webhook_2');
    await expect
      .poll(async () => (await call(h.url, 'GET', `/api/v1/tenants/acme/webhooks/${downHook.body.subscription_id}`, { headers: bearer(token) })).body.enabled, PATIENTLY)
      .toBe(false);
    await page.getByRole('button', { name: 'Back to the subscriptions' }).click();
    const downRow = page.locator(`.webhooks-table tr[data-id="${downHook.body.subscription_id}"]`);
    await expect.poll(() => downRow.locator('.badge').textContent(), PATIENTLY).toBe('Disabled');
    expect(await downRow.locator('.disabled-reason').textContent()).toMatch(/^Every delivery failed for more than \d+ hours; fix the receiver, then enable the subscription again\.$/);
    await shot(page, 'console-webhooks');
    await page.getByRole('button', { name: `Enable: ${down}` }).click();
    await expect.poll(() => downRow.locator('.badge').textContent(), PATIENTLY).toBe('Enabled');
    expect(await downRow.locator('.disabled-reason').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Enable/ }).count()).toBe(0);

    // Delete it (confirmed in the browser's dialog).
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Delete: ${down}` }).click();
    await expect.poll(() => page.locator('.webhook-url').allTextContents(), PATIENTLY).toEqual([events]);

    // Rotate: a new secret, shown once; deliveries are signed with both for 24 hours.
    await page.getByRole('button', { name: `Rotate the secret: ${events}` }).click();
    await secretField.waitFor();
    const rotated = await secretField.inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    expect(await page.locator('.webhook-secret').textContent()).toContain('For 24 hours deliveries are signed with the old secret and this one');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.locator('.webhooks-table').waitFor();
    expect(await page.content()).not.toContain(rotated);
    receiver.secrets = [secret, rotated];
    await recordCall('call_console_webhook_3');
    await receiver.until(() => arrivals('/events', 'call_console_webhook_3').length === 1);
    expect(arrivals('/events', 'call_console_webhook_3')[0]!.verifiedWith).toEqual([0, 1]);

    expect(browser.problems).toEqual([]);
    expect(browser.offHost).toEqual([]);
    await page.close();
  });

  it('a member is told that webhooks are an admin\'s, and sees no control', async () => {
    const page = await webhooksAs(member);
    expect(await page.locator('#webhooks-heading + .notice').textContent()).toContain('Only an admin of the tenant manages its webhooks');
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    expect(await page.getByLabel('URL', { exact: true }).count()).toBe(0);
    expect(await page.locator('.webhooks-table, .deliveries-table').count()).toBe(0);
    // The screen asks the API nothing a member would be refused: no problem is shown.
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByLabel('Language').selectOption('fr');
    await expect.poll(() => page.locator('#webhooks-heading + .notice').textContent(), PATIENTLY).toContain('Seul un administrateur du locataire gère ses webhooks');
    await page.getByLabel('Langue').selectOption('en');
    expect(browser.problems).toEqual([]);
    expect(browser.offHost).toEqual([]);
    await page.close();
  });
});
