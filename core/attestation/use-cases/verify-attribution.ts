import type { Clock, IdGenerator } from '../../shared/ports.js';
import { DISCLAIMER } from '../disclaimer.js';
import { evaluate } from '../evaluate.js';
import type { Caller, CorpusProvider, VerificationLedger } from '../ports.js';
import { ENGINE_ID, type VerificationResponse, type VerifyInput } from '../verification.model.js';

/** Answers one subject from the current corpus, without archiving it. */
export class AttestationEngine {
  constructor(
    private readonly corpus: CorpusProvider,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  answer(input: VerifyInput): VerificationResponse {
    const { index, revision } = this.corpus.current();
    const outcome = evaluate(index, input);
    return {
      engine: ENGINE_ID,
      request_id: this.ids.uuid(),
      served_at: this.clock.now().toISOString(),
      corpus_revision: revision,
      subject: { artist: input.subject_artist, title: input.subject_title },
      ...outcome,
      disclaimer: DISCLAIMER,
    };
  }
}

/** A served verification: answered, then archived and metered in one transaction. */
export class VerifyAttribution {
  constructor(
    private readonly engine: AttestationEngine,
    private readonly ledger: VerificationLedger,
  ) {}

  async execute(input: VerifyInput, caller: Caller): Promise<VerificationResponse> {
    const response = this.engine.answer(input);
    await this.ledger.record({
      request_id: response.request_id,
      served_at: response.served_at,
      tier: caller.tier,
      key_id: caller.tier === 'production' ? caller.key_id : null,
      request: input,
      response,
    });
    return response;
  }
}
