import type { Container } from 'inversify';
import { ResearchOrders } from '../../../core/attestation/research-orders/research-orders.js';
import { SqlResearchOrderStore } from '../../../adapters/sql/sql-research-order.store.js';
import { ATTESTATION } from './attestation.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { RESEARCH_ORDERS } from './research-orders.tokens.js';
import { provide } from './token.js';
import { WEBHOOKS } from './webhooks.tokens.js';

/** The SQL store of research orders. */
export function bindResearchOrdersSql(container: Container): void {
  provide(container, RESEARCH_ORDERS.ResearchOrderStore, [PLATFORM.SqlDatabase], (database) => new SqlResearchOrderStore(database.db));
}

/** Research orders; needs the attestation ports and the event factory bound. */
export function bindResearchOrdersServices(container: Container): void {
  provide(
    container,
    RESEARCH_ORDERS.ResearchOrders,
    [
      RESEARCH_ORDERS.ResearchOrderStore,
      ATTESTATION.ApiKeyStore,
      ATTESTATION.VerificationLedger,
      PLATFORM.Config,
      PLATFORM.CursorSealer,
      PLATFORM.Clock,
      PLATFORM.IdGenerator,
      WEBHOOKS.EventFactory,
    ],
    (store, keys, ledger, config, sealer, clock, ids, events) => new ResearchOrders(store, keys, ledger, config.pricing, sealer, clock, ids, events),
  );
}
