import { ORDER_STATUSES, orderView, type ResearchOrder } from '../../core/attestation/research-orders/research-order.model.js';
import type { KeyPlan, Statement } from '../../core/billing/billing.model.js';
import { centsToDecimal, monthBounds } from '../../core/billing/pricing.js';
import { validationError } from '../../core/shared/errors.js';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '../../core/shared/keyset-cursor.js';
import { PriceListSchema, readJsonFile } from '../shared/schemas/pricing.schemas.js';
import { OrderListQuerySchema } from '../shared/schemas/research-orders.schemas.js';
import { Option } from '@commander-js/extra-typings';
import { type AreaCommands, validOptions, withRawOutput } from './admin-command.js';

/** `--plan production|pilot|custom` with `--until YYYY-MM-DD` (pilot) or `--price-list FILE.json` (custom). */
export interface PlanFlags {
  plan?: string;
  until?: string;
  priceList?: string;
}

/** The plan flags, as commander options (new ones for each command that takes them). */
export const planOptions = {
  plan: () => new Option('--plan <plan>', 'production, pilot (with --until) or custom (with --price-list)'),
  until: () => new Option('--until <date>', 'YYYY-MM-DD: the last day of a pilot'),
  priceList: () => new Option('--price-list <file>', 'JSON price list of a custom plan (the shape of config/pricing.json\'s "production")'),
};

export function planFromFlags({ plan, until, priceList }: PlanFlags): KeyPlan | undefined {
  if (plan === undefined) {
    if (until !== undefined || priceList !== undefined) throw validationError('--until and --price-list go with --plan pilot and --plan custom');
    return undefined;
  }
  if (plan === 'production' && until === undefined && priceList === undefined) return { plan: 'production' };
  if (plan === 'pilot' && typeof until === 'string' && priceList === undefined) return { plan: 'pilot', until };
  if (plan === 'custom' && typeof priceList === 'string' && until === undefined) {
    try {
      return { plan: 'custom', price_list: readJsonFile(priceList, PriceListSchema, '--price-list') };
    } catch (err) {
      throw validationError((err as Error).message);
    }
  }
  throw validationError('--plan is production, pilot --until YYYY-MM-DD, or custom --price-list FILE.json');
}

const operatorView = (o: ResearchOrder) => ({ key_id: o.key_id, ...orderView(o) });

const CSV_COLUMNS = [
  'key_id',
  'month',
  'plan',
  'plan_until',
  'closed',
  'currency',
  'served_calls',
  'free_calls',
  'billable_calls',
  'verify_amount',
  'research_orders',
  'research_amount',
  'total_excl_vat',
] as const;

const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** One row per key; amounts as exact decimal euros (`1234.50`). */
export function statementsCsv(statements: Statement[]): string {
  const rows = statements.map((s) =>
    [
      s.key_id,
      s.month,
      s.plan.name,
      s.plan.until ?? '',
      String(s.closed),
      s.currency,
      String(s.verify.served_calls),
      String(s.verify.free_calls),
      String(s.verify.billable_calls),
      centsToDecimal(s.verify.amount_cents),
      String(s.research_orders.length),
      centsToDecimal(s.research_amount_cents),
      centsToDecimal(s.total_excl_vat_cents),
    ].map(csvField).join(','),
  );
  return [CSV_COLUMNS.join(','), ...rows].map((r) => `${r}\r\n`).join('');
}

/** `research list|accept|decline`, `invoices month`. */
export const billingCommands: AreaCommands = (program, select) => {
  const research = program.command('research').description('research orders of every key');
  research
    .command('list')
    .description('every key\'s orders, newest first (a cursor outlives the command on PostgreSQL only with JWT_SECRET set)')
    .option('--status <status>', `only orders in this status: ${ORDER_STATUSES.join(', ')}`)
    .option('--limit <n>', `orders per page, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT})`)
    .option('--cursor <cursor>', 'next_cursor of the previous page')
    .action((options, command) => {
      // The schema of GET /verify/research-orders: status, limit and cursor checked once, here.
      const query = validOptions(command, OrderListQuerySchema, options);
      select(command, async (deps) => {
        const page = await deps.researchOrders.queue(query);
        return { orders: page.data.map(operatorView), next_cursor: page.next_cursor };
      });
    });
  research
    .command('accept')
    .description('accept a requested order')
    .argument('<order_id>')
    .action((orderId, _options, command) => select(command, async (deps) => operatorView(await deps.researchOrders.accept(orderId))));
  research
    .command('decline')
    .description('decline an order, with the reason the client is shown')
    .argument('<order_id>')
    .option('--reason <text>', 'required')
    .action((orderId, options, command) =>
      select(command, async (deps) => {
        if (typeof options.reason !== 'string') throw validationError('--reason is required');
        return operatorView(await deps.researchOrders.decline(orderId, options.reason));
      }),
    );

  program
    .command('invoices')
    .description('monthly statements')
    .command('month')
    .description('every key\'s statement of the month: JSON lines, or CSV')
    .argument('<month>', 'YYYY-MM')
    .option('--csv', 'one row per key, amounts as decimal euros')
    .action((month, options, command) =>
      select(command, async (deps) => {
        monthBounds(month);
        const statements = await deps.invoicing.month(month);
        const text = options.csv === true ? statementsCsv(statements) : statements.map((s) => `${JSON.stringify(s)}\n`).join('');
        return withRawOutput({ statements: statements.length }, text);
      }),
    );
};
