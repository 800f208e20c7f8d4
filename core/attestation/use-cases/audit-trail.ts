import { notFound } from '../../shared/errors.js';
import { visibleTo } from '../caller.js';
import type { ArchivedVerificationResponse, Caller, VerificationLedger, VerificationTrace } from '../ports.js';
import type { VerificationOutcome, VerificationResponse } from '../verdict/verification.model.js';
import type { VerifyAttribution } from './verify-attribution.js';

export interface ReplayResult {
  original: ArchivedVerificationResponse;
  replay: VerificationResponse;
  /** True when any field of the outcome the original recorded differs in the replay (`outcomeChanged`). */
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
   * Several traces read together, in the order asked; any id not visible to the caller fails the
   * whole read with the same 404 as `read` (naming the first such id).
   */
  async readAll(requestIds: readonly string[], caller: Caller): Promise<VerificationTrace[]> {
    const found = await this.ledger.findAll(requestIds);
    return requestIds.map((id) => {
      const trace = found.get(id);
      if (!trace || !visibleTo(trace, caller)) throw notFound(`No verification with request_id ${id} is visible to this caller.`);
      return trace;
    });
  }

  /**
   * Runs the archived subject against today's corpus; the replay is itself a served call,
   * archived under `replayRequestId` (the replaying request's own id) when that is usable.
   */
  async replay(requestId: string, caller: Caller, replayRequestId?: string): Promise<ReplayResult> {
    const trace = await this.read(requestId, caller);
    const replay = await this.verify.execute(trace.request, caller, replayRequestId);
    return { original: trace.response, replay, changed: outcomeChanged(trace.response, replay) };
  }
}


/**
 * Every field of a verification's outcome (what the rules decided: everything of the response
 * but its envelope). The type demands each key of `VerificationOutcome` and no other, so a field
 * the outcome gains is compared by the replay without anyone remembering to list it.
 */
const OUTCOME_FIELDS: { readonly [K in keyof VerificationOutcome]-?: true } = {
  parsed: true,
  verdict: true,
  matched_artist: true,
  reason: true,
  verified_pillars: true,
  contradicted_pillars: true,
  attestations: true,
  works: true,
  near_matches: true,
  suggested_requalification: true,
};

/**
 * Whether the replay's outcome differs from the original's: every outcome field, compared as far
 * as the original recorded it. A field (or a nested field) absent from an archived response was
 * not part of the answer when it was served (ArchivedVerificationResponse), so it cannot have changed.
 */
export function outcomeChanged(original: ArchivedVerificationResponse, replay: VerificationResponse): boolean {
  return (Object.keys(OUTCOME_FIELDS) as (keyof VerificationOutcome)[]).some((field) => !sameAsRecorded(original[field], replay[field]));
}

function sameAsRecorded(recorded: unknown, now: unknown): boolean {
  if (recorded === undefined) return true;
  if (recorded === null || typeof recorded !== 'object') return recorded === now;
  if (now === null || typeof now !== 'object' || Array.isArray(recorded) !== Array.isArray(now)) return false;
  if (Array.isArray(recorded)) {
    const list = now as unknown[];
    return recorded.length === list.length && recorded.every((item, i) => sameAsRecorded(item, list[i]));
  }
  const fields = now as Record<string, unknown>;
  return Object.entries(recorded).every(([key, value]) => sameAsRecorded(value, fields[key]));
}
