/** Inversify tokens of the calls area. */
export const CALLS = {
  CallRepository: Symbol.for('calls.CallRepository'),
  CursorSealer: Symbol.for('calls.CursorSealer'),
  CallQueries: Symbol.for('calls.CallQueries'),
  CallIngest: Symbol.for('calls.CallIngest'),
  /** Purges calls past their workspace's retention_days. */
  CallRetention: Symbol.for('calls.CallRetention'),
} as const;
