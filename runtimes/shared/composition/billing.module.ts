import type { Container } from 'inversify';
import { Invoicing } from '../../../core/billing/use-cases/invoicing.js';
import { SqlUsageMeter } from '../../../adapters/sql/sql-usage.meter.js';
import { ATTESTATION } from './attestation.tokens.js';
import { BILLING } from './billing.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { RESEARCH_ORDERS } from './research-orders.tokens.js';
import { provide } from './token.js';

/** The SQL usage meter. */
export function bindBillingSql(container: Container): void {
  provide(container, BILLING.UsageMeter, [PLATFORM.SqlDatabase], (database) => new SqlUsageMeter(database.db));
}

/** Invoicing; needs the key store, the meter and the research order store bound. */
export function bindBillingServices(container: Container): void {
  provide(
    container,
    BILLING.Invoicing,
    [ATTESTATION.ApiKeyStore, BILLING.UsageMeter, RESEARCH_ORDERS.ResearchOrderStore, PLATFORM.Config, PLATFORM.Clock],
    (keys, meter, orders, config, clock) => new Invoicing(keys, meter, orders, config.pricing, clock),
  );
}
