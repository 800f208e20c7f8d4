import type { Context } from 'koa';
import type { Caller } from '../../../core/attestation/ports.js';
import type { BatchItemResult, BatchServing } from '../../../core/attestation/use-cases/verify-batch.js';
import type { ServedVerification, VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import type { Unavailability } from '../../../adapters/sql/sql-dialect.js';
import { ENGINE_ID, type VerificationResponse } from '../../../core/attestation/verdict/verification.model.js';
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
 * `textOf` gives an answer's text up once read (each is sent once; a second read serialises it again).
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
    textOf: (response) => {
      const json = texts?.get(response);
      if (json === undefined) return JSON.stringify(response);
      texts?.delete(response);
      return json;
    },
  };
}

/** How many results of a batch's body are turned into bytes at once. */
const RESULTS_PER_PART = 64;

/**
 * The /verify/batch response body, written down as the results come (`add`, the batch's
 * `onResult`): each answer's own text (made once, for its archive row), turned into bytes a part
 * at a time, so that a batch holds no answer object nor text until it ends, only bytes outside
 * the JavaScript heap, which no garbage collection copies or marks (ADR 0052). `bytes` is the
 * whole body, the same bytes as `JSON.stringify` of the object.
 */
export class BatchResponseBody {
  private readonly parts: Buffer[] = [];
  private items: string[] = [];
  private subjects = 0;
  private served = 0;

  constructor(private readonly textOf: (response: VerificationResponse) => string) {}

  readonly add = (r: BatchItemResult): void => {
    this.subjects += 1;
    if (r.result !== null) this.served += 1;
    this.items.push(`{"index":${r.index},"lot":${JSON.stringify(r.lot)},"result":${r.result === null ? 'null' : this.textOf(r.result)},"error":${JSON.stringify(r.error)}}`);
    if (this.items.length >= RESULTS_PER_PART) this.flush();
  };

  bytes(): Buffer {
    this.flush();
    const head = JSON.stringify({ engine: ENGINE_ID, subjects: this.subjects, served: this.served, errors: this.subjects - this.served });
    return Buffer.concat([Buffer.from(`${head.slice(0, -1)},"results":[`), ...this.parts, Buffer.from(']}')]);
  }

  private flush(): void {
    if (this.items.length === 0) return;
    this.parts.push(Buffer.from(`${this.parts.length === 0 ? '' : ','}${this.items.join(',')}`));
    this.items = [];
  }
}
