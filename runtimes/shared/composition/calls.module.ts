import type { Container } from 'inversify';
import { CallRetention, RETENTION_DEFAULTS } from '../../../core/calls/use-cases/call-retention.js';
import type { CursorSealer } from '../../../core/shared/ports.js';
import type { CallErasureStore, CallRepository } from '../../../core/calls/ports.js';
import { CallErasure } from '../../../core/calls/use-cases/call-erasure.js';
import { CallIngest } from '../../../core/calls/use-cases/call-ingest.js';
import { CallQueries } from '../../../core/calls/use-cases/call-queries.js';
import type { Clock, IdGenerator, RetentionMetrics } from '../../../core/shared/ports.js';
import type { TenantRepository } from '../../../core/tenancy/ports.js';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { SqlCallErasureStore } from '../../../adapters/sql/sql-call-erasure.store.js';
import { SqlCallRepository } from '../../../adapters/sql/sql-call.repository.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import { CALLS } from './calls.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { WEBHOOKS } from './webhooks.tokens.js';
import { WORKSPACE } from './workspace.tokens.js';
import type { WorkspaceRepository } from '../../../core/workspace/ports.js';
import type { EventFactory } from '../../../core/events/event.model.js';

/** The SQL call repository, with the bound dialect's full-text search. */
export function bindCallsSql(container: Container): void {
  container
    .bind<CallRepository>(CALLS.CallRepository)
    .toResolvedValue((database: SqlDatabase) => new SqlCallRepository(database.db, database.capabilities.callSearch), [PLATFORM.SqlDatabase])
    .inSingletonScope();
  container
    .bind<CallErasureStore>(CALLS.CallErasureStore)
    .toResolvedValue((database: SqlDatabase) => new SqlCallErasureStore(database.db, database.capabilities.callSearch), [PLATFORM.SqlDatabase])
    .inSingletonScope();
}

/** Use cases on calls; needs the call and tenant repositories (and, for reads, the auth secret). */
export function bindCallsServices(container: Container): void {
  container
    .bind<CursorSealer>(CALLS.CursorSealer)
    .toResolvedValue((secret: string) => new HmacCursorSealer(secret), [TENANCY.AuthSecret])
    .inSingletonScope();
  container
    .bind<CallQueries>(CALLS.CallQueries)
    .toResolvedValue((calls: CallRepository, sealer: CursorSealer) => new CallQueries(calls, sealer), [CALLS.CallRepository, CALLS.CursorSealer])
    .inSingletonScope();
  container
    .bind<CallIngest>(CALLS.CallIngest)
    .toResolvedValue(
      (calls: CallRepository, tenants: TenantRepository, ids: IdGenerator, events: EventFactory) => new CallIngest(calls, tenants, ids, events),
      [CALLS.CallRepository, TENANCY.TenantRepository, PLATFORM.IdGenerator, WEBHOOKS.EventFactory],
    )
    .inSingletonScope();
  container
    .bind<CallRetention>(CALLS.CallRetention)
    .toResolvedValue(
      (calls: CallRepository, workspaces: WorkspaceRepository, clock: Clock, metrics: RetentionMetrics) => new CallRetention(calls, workspaces, clock, RETENTION_DEFAULTS, metrics),
      [CALLS.CallRepository, WORKSPACE.WorkspaceRepository, PLATFORM.Clock, PLATFORM.Metrics],
    )
    .inSingletonScope();
  container
    .bind<CallErasure>(CALLS.CallErasure)
    .toResolvedValue(
      (store: CallErasureStore, tenants: TenantRepository, events: EventFactory, ids: IdGenerator, clock: Clock) => new CallErasure(store, tenants, events, ids, clock),
      [CALLS.CallErasureStore, TENANCY.TenantRepository, WEBHOOKS.EventFactory, PLATFORM.IdGenerator, PLATFORM.Clock],
    )
    .inSingletonScope();
}
