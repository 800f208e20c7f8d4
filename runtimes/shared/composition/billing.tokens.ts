/** Inversify tokens of research orders and invoicing. Injection is by token, never by reflected type. */
export const BILLING = {
  ResearchOrderStore: Symbol.for('billing.ResearchOrderStore'),
  ResearchOrders: Symbol.for('billing.ResearchOrders'),
  UsageMeter: Symbol.for('billing.UsageMeter'),
  Invoicing: Symbol.for('billing.Invoicing'),
} as const;
