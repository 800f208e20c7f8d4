import type { Container } from 'inversify';
import type { ApiKeyStore, VerificationLedger } from '../../../core/attestation/ports.js';
import type { ResearchOrderStore } from '../../../core/attestation/research-orders/ports.js';
import { ResearchOrders } from '../../../core/attestation/research-orders/research-orders.js';
import type { UsageMeter } from '../../../core/billing/ports.js';
import type { EventFactory } from '../../../core/events/event.model.js';
import { Invoicing } from '../../../core/billing/use-cases/invoicing.js';
import type { CursorSealer } from '../../../core/shared/ports.js';
import type { Clock, IdGenerator } from '../../../core/shared/ports.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import { SqlResearchOrderStore } from '../../../adapters/sql/sql-research-order.store.js';
import { SqlUsageMeter } from '../../../adapters/sql/sql-usage.meter.js';
import type { Config } from '../config.js';
import { ATTESTATION } from './attestation.tokens.js';
import { BILLING } from './billing.tokens.js';
import { CALLS } from './calls.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { WEBHOOKS } from './webhooks.tokens.js';

/** SQL adapters of research orders and the usage meter. */
export function bindBillingSql(container: Container): void {
  container
    .bind<ResearchOrderStore>(BILLING.ResearchOrderStore)
    .toResolvedValue((database: SqlDatabase) => new SqlResearchOrderStore(database.db), [PLATFORM.SqlDatabase])
    .inSingletonScope();
  container
    .bind<UsageMeter>(BILLING.UsageMeter)
    .toResolvedValue((database: SqlDatabase) => new SqlUsageMeter(database.db), [PLATFORM.SqlDatabase])
    .inSingletonScope();
}

/** Research orders and invoicing; needs the attestation services, the cursor sealer and the event factory bound. */
export function bindBillingServices(container: Container): void {
  container
    .bind<ResearchOrders>(BILLING.ResearchOrders)
    .toResolvedValue(
      (store: ResearchOrderStore, keys: ApiKeyStore, ledger: VerificationLedger, config: Config, sealer: CursorSealer, clock: Clock, ids: IdGenerator, events: EventFactory) =>
        new ResearchOrders(store, keys, ledger, config.pricing, sealer, clock, ids, events),
      [BILLING.ResearchOrderStore, ATTESTATION.ApiKeyStore, ATTESTATION.VerificationLedger, PLATFORM.Config, CALLS.CursorSealer, PLATFORM.Clock, PLATFORM.IdGenerator, WEBHOOKS.EventFactory],
    )
    .inSingletonScope();
  container
    .bind<Invoicing>(BILLING.Invoicing)
    .toResolvedValue(
      (keys: ApiKeyStore, meter: UsageMeter, orders: ResearchOrderStore, config: Config, clock: Clock) => new Invoicing(keys, meter, orders, config.pricing, clock),
      [ATTESTATION.ApiKeyStore, BILLING.UsageMeter, BILLING.ResearchOrderStore, PLATFORM.Config, PLATFORM.Clock],
    )
    .inSingletonScope();
}
