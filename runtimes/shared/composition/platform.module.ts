import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { eventLoopScheduler } from '../../../adapters/node/event-loop-scheduler.js';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { cryptoIds, systemClock } from '../../../adapters/node/node-platform.js';
import { PrometheusMetrics } from '../../../adapters/node/prometheus-metrics.js';
import { SqlDashboardReadings } from '../../../adapters/sql/sql-dashboard-readings.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import type { Config } from '../settings/config.js';
import { PLATFORM } from './platform.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { provide } from './token.js';

/** What every area shares: the configuration, logger, clock, ids, scheduler, database and cursor sealer. */
export function bindPlatform(container: Container, parts: { config: Config; logger: Logger; database: SqlDatabase }): void {
  provide(container, PLATFORM.Config, [], () => parts.config);
  provide(container, PLATFORM.Logger, [], () => parts.logger);
  provide(container, PLATFORM.Clock, [], () => systemClock);
  provide(container, PLATFORM.IdGenerator, [], () => cryptoIds);
  provide(container, PLATFORM.Scheduler, [], () => eventLoopScheduler);
  provide(container, PLATFORM.SqlDatabase, [], () => parts.database);
  // One registry per composition root: the HTTP runtime serves it at /metrics.
  provide(container, PLATFORM.Metrics, [], () => new PrometheusMetrics());
  provide(container, PLATFORM.DashboardReadings, [], () => new SqlDashboardReadings(parts.database.db));
  // Cursors are sealed with the service secret (bindAuth), resolved on first use.
  provide(container, PLATFORM.CursorSealer, [TENANCY.AuthSecret], (secret) => new HmacCursorSealer(secret));
}
