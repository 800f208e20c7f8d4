/** Inversify tokens shared by every area. */
export const PLATFORM = {
  Config: Symbol.for('platform.Config'),
  Clock: Symbol.for('platform.Clock'),
  IdGenerator: Symbol.for('platform.IdGenerator'),
  /** The event loop's `Scheduler`: long computations (batches) give way to other requests. */
  Scheduler: Symbol.for('platform.Scheduler'),
  Logger: Symbol.for('platform.Logger'),
  SqlDatabase: Symbol.for('platform.SqlDatabase'),
} as const;
