import { notFound } from '../../shared/errors.js';
import { visibleTo } from '../caller.js';
import type { Caller, VerificationLedger, VerificationTrace } from '../ports.js';
import type { VerificationResponse } from '../verdict/verification.model.js';
import type { VerifyAttribution } from './verify-attribution.js';

export interface ReplayResult {
  original: VerificationResponse;
  replay: VerificationResponse;
  /** True when the verdict, pillars, attestations, near matches or requalification differ. */
  changed: boolean;
}

/**
 * Reads archived traces. A production trace is visible only to the key that made it;
 * to anyone else it does not exist (404, never 403, so ids cannot be probed).
 */
export class AuditTrail {
  constructor(
    private readonly ledger: VerificationLedger,
    private readonly verify: VerifyAttribution,
  ) {}

  async read(requestId: string, caller: Caller): Promise<VerificationTrace> {
    const trace = await this.ledger.find(requestId);
    if (!trace || !visibleTo(trace, caller)) {
      throw notFound(`No verification with request_id ${requestId} is visible to this caller.`);
    }
    return trace;
  }

  /**
   * Runs the archived subject against today's corpus; the replay is itself a served call,
   * archived under `replayRequestId` (the replaying request's own id) when that is usable.
   */
  async replay(requestId: string, caller: Caller, replayRequestId?: string): Promise<ReplayResult> {
    const trace = await this.read(requestId, caller);
    const replay = await this.verify.execute(trace.request, caller, replayRequestId);
    return { original: trace.response, replay, changed: outcomeKey(trace.response) !== outcomeKey(replay) };
  }
}


function outcomeKey(r: VerificationResponse): string {
  return JSON.stringify([
    r.verdict,
    r.verified_pillars,
    r.contradicted_pillars,
    r.attestations,
    r.near_matches,
    r.suggested_requalification,
  ]);
}
