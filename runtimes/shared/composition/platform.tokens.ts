import type { Logger } from 'pino';
import type { PrometheusMetrics } from '../../../adapters/node/prometheus-metrics.js';
import type { SqlDashboardReadings } from '../../../adapters/sql/sql-dashboard-readings.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import type { Clock, CursorSealer, IdGenerator, Scheduler } from '../../../core/shared/ports.js';
import type { Config } from '../settings/config.js';
import { token } from './token.js';

/** Tokens of what every area shares (core/shared's ports, the configuration, the database). */
export const PLATFORM = {
  Config: token<Config>('platform.Config'),
  Clock: token<Clock>('platform.Clock'),
  IdGenerator: token<IdGenerator>('platform.IdGenerator'),
  /** The event loop's `Scheduler`: long computations (batches) give way to other requests. */
  Scheduler: token<Scheduler>('platform.Scheduler'),
  Logger: token<Logger>('platform.Logger'),
  SqlDatabase: token<SqlDatabase>('platform.SqlDatabase'),
  /** Seals every area's list cursors, keyed by the service secret. */
  CursorSealer: token<CursorSealer>('platform.CursorSealer'),
  /** The operational metrics the use cases report (DeliveryMetrics, SyncMetrics, RetentionMetrics), on the registry /metrics serves. */
  Metrics: token<PrometheusMetrics>('platform.Metrics'),
  /** The stored state a dashboard follows, read at each scrape. */
  DashboardReadings: token<SqlDashboardReadings>('platform.DashboardReadings'),
} as const;
