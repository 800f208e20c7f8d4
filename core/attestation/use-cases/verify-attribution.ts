import { isDomainError } from '../../shared/errors.js';
import type { Clock, IdGenerator } from '../../shared/ports.js';
import { DISCLAIMER } from '../verdict/disclaimer.js';
import { evaluate } from '../verdict/evaluate.js';
import type { Caller, CorpusProvider, VerificationLedger, VerificationTrace } from '../ports.js';
import { ENGINE_ID, type VerificationResponse, type VerifyInput } from '../verdict/verification.model.js';

/** Answers one subject from the current corpus, without archiving it. */
export class AttestationEngine {
  constructor(
    private readonly corpus: CorpusProvider,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** `requestId`: the id the request already has (the runtime's); a new UUID when absent. */
  answer(input: VerifyInput, requestId?: string): VerificationResponse {
    const response = this.unsigned(input, requestId) as VerificationResponse;
    response.disclaimer = DISCLAIMER;
    return response;
  }

  /**
   * The answer with its JSON text, serialised once. The disclaimer, the same kilobyte in every
   * answer and its last member, is not serialised again each time: its JSON is appended to the
   * rest's (the same text `JSON.stringify` gives the whole, the engine golden test's digest).
   */
  served(input: VerifyInput, requestId?: string): { response: VerificationResponse; json: string } {
    const response = this.unsigned(input, requestId) as VerificationResponse;
    const json = JSON.stringify(response).slice(0, -1) + DISCLAIMER_MEMBER;
    response.disclaimer = DISCLAIMER;
    return { response, json };
  }

  /** The answer but its disclaimer, which the callers add last. */
  private unsigned(input: VerifyInput, requestId: string | undefined): Omit<VerificationResponse, 'disclaimer'> & { disclaimer?: string } {
    const { index, revision } = this.corpus.current();
    const outcome = evaluate(index, input);
    return {
      engine: ENGINE_ID,
      request_id: requestId ?? this.ids.uuid(),
      served_at: this.clock.now().toISOString(),
      corpus_revision: revision,
      subject: { artist: input.subject_artist, title: input.subject_title },
      ...outcome,
    };
  }
}

/** `,"disclaimer":"…"}`: the disclaimer as the last member of an answer's JSON text. */
const DISCLAIMER_MEMBER = `,"disclaimer":${JSON.stringify(DISCLAIMER)}}`;

/** A canonical (lower-case) RFC 9562 UUID: the only form an archived request_id takes. */
export const ARCHIVE_REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A served verification: answered, then archived and metered in one transaction.
 * `requestId` is the request's own id (the HTTP `X-Request-Id`), used as the archive's
 * `request_id` when it is a canonical UUID not archived yet; otherwise the verification gets a
 * new UUID (the archive id stays unique), which the runtime then answers as the request's id.
 */
/** A served verification with its JSON text, serialised once (the archive's bytes are the body's). */
export interface ServedVerification {
  response: VerificationResponse;
  json: string;
}

/** A prepared answer and the subject it answers. */
export interface PreparedVerification {
  input: VerifyInput;
  served: ServedVerification;
}

export class VerifyAttribution {
  constructor(
    private readonly engine: AttestationEngine,
    private readonly ledger: VerificationLedger,
  ) {}

  async execute(input: VerifyInput, caller: Caller, requestId?: string): Promise<VerificationResponse> {
    return (await this.executeServed(input, caller, requestId)).response;
  }

  /** As `execute`, with the response's JSON text: the one serialisation, archived and sent as the same bytes. */
  async executeServed(input: VerifyInput, caller: Caller, requestId?: string): Promise<ServedVerification> {
    const offered = requestId !== undefined && ARCHIVE_REQUEST_ID.test(requestId) ? requestId : undefined;
    try {
      return await this.serve(input, caller, offered);
    } catch (err) {
      if (offered === undefined || !(isDomainError(err) && err.code === 'CONFLICT')) throw err;
      return this.serve(input, caller, undefined);
    }
  }

  /**
   * One subject answered (with a new request_id unless given one), with its JSON text, not
   * archived yet: a batch
   * answers each subject in its own turn of the event loop and archives them a group at a time
   * (`recordAll`, ADR 0050).
   */
  prepare(input: VerifyInput, requestId?: string): ServedVerification {
    return this.engine.served(input, requestId);
  }

  /** Archives and meters prepared answers in one transaction: all of them, or none. */
  async recordAll(group: readonly PreparedVerification[], caller: Caller): Promise<void> {
    await this.ledger.recordAll(group.map(({ input, served }) => ({ trace: traceOf(input, served.response, caller), responseJson: served.json })));
  }

  private async serve(input: VerifyInput, caller: Caller, requestId: string | undefined): Promise<ServedVerification> {
    const served = this.prepare(input, requestId);
    await this.ledger.record(traceOf(input, served.response, caller), served.json);
    return served;
  }
}

/** The archived trace of a served verification. */
function traceOf(input: VerifyInput, response: VerificationResponse, caller: Caller): VerificationTrace {
  return {
    request_id: response.request_id,
    served_at: response.served_at,
    tier: caller.tier,
    key_id: caller.tier === 'production' ? caller.key_id : null,
    request: input,
    response,
  };
}
