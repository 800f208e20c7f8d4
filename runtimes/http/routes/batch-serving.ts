import type { Context } from 'koa';
import type { Caller } from '../../../core/attestation/ports.js';
import type { BatchServing } from '../../../core/attestation/use-cases/verify-batch.js';
import type { ServedVerification, VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import type { Unavailability } from '../../../adapters/sql/sql-dialect.js';
import type { VerificationResponse } from '../../../core/attestation/verdict/verification.model.js';
import { spendOneMore } from '../rate-limit/route-limits.js';

/** nginx's "client closed request": the access log's status of a batch whose client went away. */
export const CLIENT_CLOSED_REQUEST = 499;

export interface BatchServingDeps {
  verify: VerifyAttribution;
  onVerdict?: (verdict: string, tier: string) => void;
  /** The database's transient failures (ADR 0026): a batch one interrupts answers what it served. */
  unavailability?: (err: unknown) => Unavailability | null;
}

/**
 * How the HTTP runtime serves each subject of a batch or row of a catalogue: verified, archived
 * and metered by VerifyAttribution; in the sandbox each subject after the first is one more call
 * of the sandbox budget; `cutShortBy()` names the condition that stopped the run early, if any.
 * With `keepTexts`, each answer's archived JSON text is kept for `textOf`, for a route that sends
 * those bytes (/verify/batch, /verify/catalogue); /mcp sends structured content and keeps none.
 */
export function httpBatchServing(
  ctx: Context,
  deps: BatchServingDeps,
  caller: Caller,
  { keepTexts }: { keepTexts: boolean },
): { serving: BatchServing; cutShortBy: () => Unavailability | null; textOf: (response: VerificationResponse) => string } {
  let cutShortBy = null as Unavailability | null;
  // Each answer's archived text, for the response body: the same bytes, serialised once.
  const texts = keepTexts ? new Map<VerificationResponse, string>() : undefined;
  // Answers computed but not recorded yet, with their JSON text (the bytes archived and sent).
  const prepared = new Map<VerificationResponse, ServedVerification>();
  return {
    serving: {
      serve: async (input) => {
        const { response, json } = await deps.verify.executeServed(input, caller);
        texts?.set(response, json);
        deps.onVerdict?.(response.verdict, caller.tier);
        return response;
      },
      // Grouped (ADR 0050): each subject answered in its turn, a group archived in one transaction.
      answer: (input) => {
        const served = deps.verify.prepare(input);
        prepared.set(served.response, served);
        return served.response;
      },
      recordAll: async (group) => {
        const items = group.map(({ input, response }) => ({ input, served: prepared.get(response) ?? { response, json: JSON.stringify(response) } }));
        for (const { response } of group) prepared.delete(response);
        await deps.verify.recordAll(items, caller);
        for (const { served } of items) {
          texts?.set(served.response, served.json);
          deps.onVerdict?.(served.response.verdict, caller.tier);
        }
      },
      // Sandbox: every subject is a call of the sandbox budget; a key pays per request.
      admit: caller.tier === 'sandbox' ? () => spendOneMore(ctx) : undefined,
      unavailable: (err) => (cutShortBy = deps.unavailability?.(err) ?? null) !== null,
    },
    cutShortBy: () => cutShortBy,
    textOf: (response) => texts?.get(response) ?? JSON.stringify(response),
  };
}
