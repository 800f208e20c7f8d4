import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import { SqlResearchOrderStore } from '../../adapters/sql/sql-research-order.store.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { ADMIN_TARGETS } from '../support/admin-targets.js';
import { anOrder } from '../fixtures/research-order-mother.js';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-admin-billing-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

for (const target of ADMIN_TARGETS) {
  describe(`svc-admin research, key plans and invoices: ${target.name}`, () => {
    let env: Record<string, string>;
    let database: SqlDatabase;
    const admin = (...args: string[]) => runAdminCaptured(env, args);
    beforeAll(async () => {
      // JWT_SECRET: cursors outlive one command only with a fixed secret (PostgreSQL otherwise uses a throwaway one).
      env = { ...(await target.env(mkdtempSync(join(dataDir, `${target.name}-`)))), JWT_SECRET: 'billing-cli-test-secret-0123456789abcdef' };
      expect((await admin('key', 'create', '--label', 'first')).code).toBe(0); // migrates the database
      database = await target.open(env);
    });
    afterAll(async () => {
      await database.close();
    });

    it('creates keys on each plan and changes a plan; refuses a plan without what it needs (exit 2)', async () => {
      const pilot = await admin('key', 'create', '--label', 'partner', '--plan', 'pilot', '--until', '2027-01-31');
      expect(pilot.json).toMatchObject({ label: 'partner', plan: { plan: 'pilot', until: '2027-01-31' } });
      const list = join(dataDir, `${target.name}-prices.json`);
      writeFileSync(list, JSON.stringify({ verify_bands: [{ up_to: null, unit_cents: 4 }], research_tiers: { standard: { price_cents: 50_000, description: 'n' } } }));
      const custom = await admin('key', 'create', '--label', 'house', '--plan', 'custom', '--price-list', list);
      expect(custom.json.plan).toEqual({ plan: 'custom', price_list: { verify_bands: [{ up_to: null, unit_cents: 4 }], research_tiers: { standard: { price_cents: 50_000, description: 'n' } } } });
      expect((await admin('key', 'plan', pilot.json.key_id, '--plan', 'pilot', '--until', '2027-03-31')).json).toEqual({ key_id: pilot.json.key_id, plan: { plan: 'pilot', until: '2027-03-31' } });
      writeFileSync(list, JSON.stringify({ verify_bands: [{ up_to: 5, unit_cents: 4 }], research_tiers: {} }));
      for (const args of [
        ['key', 'create', '--label', 'x', '--plan', 'gold'],
        ['key', 'create', '--label', 'x', '--plan', 'sandbox'],
        ['key', 'create', '--label', 'x', '--until', '2027-01-01'],
        ['key', 'create', '--label', 'x', '--plan', 'production', '--until', '2027-01-01'],
        ['key', 'create', '--label', 'x', '--plan', 'custom'],
        ['key', 'create', '--label', 'x', '--plan', 'custom', '--price-list', list],
        ['key', 'create', '--label', 'x', '--plan', 'custom', '--price-list', join(dataDir, 'missing.json')],
        ['key', 'plan', pilot.json.key_id],
        ['invoices', 'month', '2026-13'],
        ['research', 'list', '--status', 'lost'],
        ['research', 'decline', 'ro_x'],
      ]) {
        const r = await admin(...args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stdout).toBe('');
      }
      expect((await admin('key', 'plan', 'key_nope', '--plan', 'production')).code).toBe(1);
    });

    it('works the queue: list (every key, newest first, by status), accept, decline with its reason', async () => {
      const key_id = (await admin('key', 'create', '--label', 'client')).json.key_id as string;
      const orders = new SqlResearchOrderStore(database.db);
      const a = anOrder({ key_id, created_at: '2026-11-02T00:00:00.000Z' });
      const b = anOrder({ key_id, created_at: '2026-11-03T00:00:00.000Z' });
      await orders.insert(a);
      await orders.insert(b);
      const queue = await admin('research', 'list', '--status', 'requested', '--limit', '1');
      expect(queue.json.orders).toEqual([expect.objectContaining({ order_id: b.order_id, key_id, status: 'requested', price_excl_vat_cents: 59_000 })]);
      // The options are checked by the schema of GET /verify/research-orders: bad usage, named by flag.
      for (const args of [['--limit', '0'], ['--limit', '101'], ['--limit', '2.5'], ['--limit', 'ten'], ['--status', 'lost']]) {
        const bad = await admin('research', 'list', ...args);
        expect([bad.code, bad.stdout], args.join(' ')).toEqual([2, '']);
        expect(bad.stderr, args.join(' ')).toMatch(args[0] === '--limit' ? /option --limit: limit must be an integer from 1 to 100/ : /option --status: status must be one of requested, /);
      }
      const rest = await admin('research', 'list', '--status', 'requested', '--cursor', queue.json.next_cursor);
      expect(rest.json.orders.map((o: { order_id: string }) => o.order_id)).toContain(a.order_id);
      expect((await admin('research', 'accept', a.order_id)).json).toMatchObject({ order_id: a.order_id, status: 'accepted' });
      expect((await admin('research', 'decline', b.order_id, '--reason', '  Out of scope.  ')).json).toMatchObject({ status: 'declined', decline_reason: 'Out of scope.' });
      const again = await admin('research', 'accept', b.order_id);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is declined; it cannot be accepted/);
      expect((await orders.find(a.order_id))?.status).toBe('accepted');
    });

    it('prints every key\'s statement as JSON lines, or CSV, with the delivered orders', async () => {
      const month = new Date().toISOString().slice(0, 7);
      const key_id = (await admin('key', 'create', '--label', 'billed')).json.key_id as string;
      const orders = new SqlResearchOrderStore(database.db);
      await orders.insert(anOrder({ key_id, status: 'delivered', tier: 'extended', price_cents: 149_000, delivered_at: `${month}-01T10:00:00.000Z`, import_id: 'imp_x', corpus_revision: 'b.1', client_reference: 'lot "7", Paris' }));
      const lines = await admin('invoices', 'month', month);
      expect(lines.code).toBe(0);
      const statements = lines.stdout.trim().split('\n').map((l) => JSON.parse(l));
      expect(statements.length).toBeGreaterThanOrEqual(4);
      const billed = statements.find((s) => s.key_id === key_id);
      expect(billed).toMatchObject({ month, closed: false, research_amount_cents: 149_000, total_excl_vat_cents: 149_000, research_orders: [{ client_reference: 'lot "7", Paris' }] });
      const csv = await admin('invoices', 'month', month, '--csv');
      const rows = csv.stdout.split('\r\n');
      expect(rows[0]).toBe('key_id,month,plan,plan_until,closed,currency,served_calls,free_calls,billable_calls,verify_amount,research_orders,research_amount,total_excl_vat');
      expect(rows).toContain(`${key_id},${month},production,,false,EUR,0,0,0,0.00,1,1490.00,1490.00`);
      expect(rows.filter((r) => r.length > 0)).toHaveLength(statements.length + 1);
      // No key existed then: nothing to print (the CSV keeps its header).
      expect((await admin('invoices', 'month', '1999-01')).stdout).toBe('');
      expect((await admin('invoices', 'month', '1999-01', '--csv')).stdout.split('\r\n')).toEqual([rows[0], '']);
    });
  });
}
