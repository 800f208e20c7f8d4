import type { CallErasureStore, CallRepository } from '../../../core/calls/ports.js';
import type { CallErasure } from '../../../core/calls/use-cases/call-erasure.js';
import type { CallIngest } from '../../../core/calls/use-cases/call-ingest.js';
import type { CallQueries } from '../../../core/calls/use-cases/call-queries.js';
import type { CallRetention } from '../../../core/calls/use-cases/call-retention.js';
import { token } from './token.js';

/** Tokens of the calls area. */
export const CALLS = {
  CallRepository: token<CallRepository>('calls.CallRepository'),
  CallQueries: token<CallQueries>('calls.CallQueries'),
  CallIngest: token<CallIngest>('calls.CallIngest'),
  /** Purges calls past their workspace's retention_days. */
  CallRetention: token<CallRetention>('calls.CallRetention'),
  /** Erasure of a caller's calls and what derives from them (issue 30). */
  CallErasureStore: token<CallErasureStore>('calls.CallErasureStore'),
  CallErasure: token<CallErasure>('calls.CallErasure'),
} as const;
