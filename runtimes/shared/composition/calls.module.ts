import type { Container } from 'inversify';
import { CallErasure } from '../../../core/calls/use-cases/call-erasure.js';
import { CallStatistics } from '../../../core/calls/use-cases/call-statistics.js';
import { SqlCallStatsStore } from '../../../adapters/sql/sql-call-stats.store.js';
import { CallIngest } from '../../../core/calls/use-cases/call-ingest.js';
import { CallQueries } from '../../../core/calls/use-cases/call-queries.js';
import { CallRetention, RETENTION_DEFAULTS } from '../../../core/calls/use-cases/call-retention.js';
import { SqlCallErasureStore } from '../../../adapters/sql/sql-call-erasure.store.js';
import { SqlCallRepository } from '../../../adapters/sql/sql-call.repository.js';
import { CALLS } from './calls.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { provide } from './token.js';
import { WEBHOOKS } from './webhooks.tokens.js';
import { WORKSPACE } from './workspace.tokens.js';

/** The SQL call repository, with the bound dialect's full-text search. */
export function bindCallsSql(container: Container): void {
  provide(container, CALLS.CallRepository, [PLATFORM.SqlDatabase], (database) => new SqlCallRepository(database.db, database.capabilities.callSearch));
  provide(container, CALLS.CallErasureStore, [PLATFORM.SqlDatabase], (database) => new SqlCallErasureStore(database.db, database.capabilities.callSearch));
  provide(container, CALLS.CallStatsStore, [PLATFORM.SqlDatabase], (database) => new SqlCallStatsStore(database.db, database.capabilities, database.reads));
}

/** Use cases on calls; needs the call, tenant and workspace repositories bound. */
export function bindCallsServices(container: Container): void {
  provide(container, CALLS.CallQueries, [CALLS.CallRepository, PLATFORM.CursorSealer], (calls, sealer) => new CallQueries(calls, sealer));
  provide(container, CALLS.CallStatistics, [CALLS.CallStatsStore, WORKSPACE.WorkspaceRepository], (store, workspaces) => new CallStatistics(store, workspaces));
  provide(
    container,
    CALLS.CallIngest,
    [CALLS.CallRepository, TENANCY.TenantRepository, PLATFORM.IdGenerator, WEBHOOKS.EventFactory],
    (calls, tenants, ids, events) => new CallIngest(calls, tenants, ids, events),
  );
  provide(
    container,
    CALLS.CallRetention,
    [CALLS.CallRepository, WORKSPACE.WorkspaceRepository, PLATFORM.Clock, PLATFORM.Metrics],
    (calls, workspaces, clock, metrics) => new CallRetention(calls, workspaces, clock, RETENTION_DEFAULTS, metrics),
  );
  provide(
    container,
    CALLS.CallErasure,
    [CALLS.CallErasureStore, TENANCY.TenantRepository, WEBHOOKS.EventFactory, PLATFORM.IdGenerator, PLATFORM.Clock],
    (store, tenants, events, ids, clock) => new CallErasure(store, tenants, events, ids, clock),
  );
}
