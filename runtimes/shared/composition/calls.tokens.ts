/** Inversify tokens of the calls area. */
export const CALLS = {
  CallRepository: Symbol.for('calls.CallRepository'),
  CursorSealer: Symbol.for('calls.CursorSealer'),
  CallQueries: Symbol.for('calls.CallQueries'),
  CallIngest: Symbol.for('calls.CallIngest'),
  /** Purges calls past their workspace's retention_days. */
  CallRetention: Symbol.for('calls.CallRetention'),
  /** Erasure of a caller's calls and what derives from them (issue 30). */
  CallErasureStore: Symbol.for('calls.CallErasureStore'),
  CallErasure: Symbol.for('calls.CallErasure'),
  /** Call analytics computed by the database (issue 27). */
  CallStatsStore: Symbol.for('calls.CallStatsStore'),
  CallStatistics: Symbol.for('calls.CallStatistics'),
} as const;
