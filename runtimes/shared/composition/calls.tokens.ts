/** Inversify tokens of the calls area. */
export const CALLS = {
  CallRepository: Symbol.for('calls.CallRepository'),
  CursorSealer: Symbol.for('calls.CursorSealer'),
  CallQueries: Symbol.for('calls.CallQueries'),
  CallIngest: Symbol.for('calls.CallIngest'),
} as const;
