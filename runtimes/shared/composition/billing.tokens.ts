import type { UsageMeter } from '../../../core/billing/ports.js';
import type { Invoicing } from '../../../core/billing/use-cases/invoicing.js';
import { token } from './token.js';

/** Tokens of the billing area: the usage meter and invoicing. */
export const BILLING = {
  UsageMeter: token<UsageMeter>('billing.UsageMeter'),
  Invoicing: token<Invoicing>('billing.Invoicing'),
} as const;
