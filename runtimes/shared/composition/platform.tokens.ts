/** Inversify tokens shared by every area. */
export const PLATFORM = {
  Config: Symbol.for('platform.Config'),
  Clock: Symbol.for('platform.Clock'),
  IdGenerator: Symbol.for('platform.IdGenerator'),
  /** The event loop's `Scheduler`: long computations (batches) give way to other requests. */
  Scheduler: Symbol.for('platform.Scheduler'),
  Logger: Symbol.for('platform.Logger'),
  SqlDatabase: Symbol.for('platform.SqlDatabase'),
  /** The operational metrics the use cases report (PrometheusMetrics: DeliveryMetrics, SyncMetrics, RetentionMetrics). */
  Metrics: Symbol.for('platform.Metrics'),
  /** The stored state a dashboard follows, read at each scrape (SqlDashboardReadings). */
  DashboardReadings: Symbol.for('platform.DashboardReadings'),
} as const;
