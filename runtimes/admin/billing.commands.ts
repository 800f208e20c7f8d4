import { ORDER_STATUSES, orderView, type OrderStatus, type ResearchOrder } from '../../core/attestation/research-orders/research-order.model.js';
import type { KeyPlan, Statement } from '../../core/billing/billing.model.js';
import { centsToDecimal, monthBounds } from '../../core/billing/pricing.js';
import { validationError } from '../../core/shared/errors.js';
import { PriceListSchema, readJsonFile } from '../shared/pricing.schemas.js';
import { type AdminCommand, parse, withRawOutput } from './admin-command.js';

/** `--plan production|pilot|custom` with `--until YYYY-MM-DD` (pilot) or `--price-list FILE.json` (custom). */
export const PLAN_OPTIONS = { plan: { type: 'string' }, until: { type: 'string' }, 'price-list': { type: 'string' } } as const;

export function planFromFlags(values: { plan?: unknown; until?: unknown; 'price-list'?: unknown }): KeyPlan | undefined {
  const { plan, until } = values;
  const priceList = values['price-list'];
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

function statusOf(value: unknown): OrderStatus | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)) return value as OrderStatus;
  throw validationError(`--status must be one of ${ORDER_STATUSES.join(', ')}`);
}

function intFlag(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) throw validationError(`${name} must be a positive integer`);
  return Number(value);
}

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

export const BILLING_COMMANDS: AdminCommand[] = [
  {
    words: ['key', 'plan'],
    usage: 'key plan <key_id> --plan production|pilot|custom [--until YYYY-MM-DD] [--price-list FILE.json]',
    async run(deps, args) {
      const { values, positionals } = parse(args, PLAN_OPTIONS, 1);
      const plan = planFromFlags(values);
      if (!plan) throw validationError('--plan is required');
      return { ...(await deps.apiKeys.setPlan(positionals[0], plan)) };
    },
  },
  {
    words: ['research', 'list'],
    usage: 'research list [--status requested|accepted|delivered|declined|cancelled] [--limit N] [--cursor C]  (every key\'s orders, newest first; a cursor outlives the command on PostgreSQL only with JWT_SECRET set)',
    async run(deps, args) {
      const { values } = parse(args, { status: { type: 'string' }, limit: { type: 'string' }, cursor: { type: 'string' } });
      const page = await deps.researchOrders.queue({ status: statusOf(values.status), limit: intFlag(values.limit, '--limit'), cursor: values.cursor as string | undefined });
      return { orders: page.data.map(operatorView), next_cursor: page.next_cursor };
    },
  },
  {
    words: ['research', 'accept'],
    usage: 'research accept <order_id>',
    async run(deps, args) {
      const { positionals } = parse(args, {}, 1);
      return operatorView(await deps.researchOrders.accept(positionals[0]));
    },
  },
  {
    words: ['research', 'decline'],
    usage: 'research decline <order_id> --reason TEXT',
    async run(deps, args) {
      const { values, positionals } = parse(args, { reason: { type: 'string' } }, 1);
      if (typeof values.reason !== 'string') throw validationError('--reason is required');
      return operatorView(await deps.researchOrders.decline(positionals[0], values.reason));
    },
  },
  {
    words: ['invoices', 'month'],
    usage: 'invoices month YYYY-MM [--csv]  (every key\'s statement: JSON lines, or CSV)',
    async run(deps, args) {
      const { values, positionals } = parse(args, { csv: { type: 'boolean' } }, 1);
      monthBounds(positionals[0]);
      const statements = await deps.invoicing.month(positionals[0]);
      const text = values.csv === true ? statementsCsv(statements) : statements.map((s) => `${JSON.stringify(s)}\n`).join('');
      return withRawOutput({ statements: statements.length }, text);
    },
  },
];
