import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { eventLoopScheduler } from '../../../adapters/node/event-loop-scheduler.js';
import { cryptoIds, systemClock } from '../../../adapters/node/node-platform.js';
import { PrometheusMetrics } from '../../../adapters/node/prometheus-metrics.js';
import { SqlDashboardReadings } from '../../../adapters/sql/sql-dashboard-readings.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import type { Config } from '../config.js';
import { PLATFORM } from './platform.tokens.js';

export function bindPlatform(container: Container, parts: { config: Config; logger: Logger; database: SqlDatabase }): void {
  container.bind(PLATFORM.Config).toConstantValue(parts.config);
  container.bind(PLATFORM.Logger).toConstantValue(parts.logger);
  container.bind(PLATFORM.Clock).toConstantValue(systemClock);
  container.bind(PLATFORM.IdGenerator).toConstantValue(cryptoIds);
  container.bind(PLATFORM.Scheduler).toConstantValue(eventLoopScheduler);
  container.bind(PLATFORM.SqlDatabase).toConstantValue(parts.database);
  // One registry per composition root: the HTTP runtime serves it at /metrics.
  container.bind(PLATFORM.Metrics).toConstantValue(new PrometheusMetrics());
  container.bind(PLATFORM.DashboardReadings).toConstantValue(new SqlDashboardReadings(parts.database.db));
}
