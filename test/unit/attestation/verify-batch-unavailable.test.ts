import { describe, expect, it } from 'vitest';
import { type BatchEntry, verifyBatch } from '../../../core/attestation/use-cases/verify-batch.js';
import type { VerificationResponse, VerifyInput } from '../../../core/attestation/verdict/verification.model.js';

/**
 * A batch the database fails midway (ADR 0026): what was served stays in the answer (it is
 * archived and billed), the failed subject and the later ones are `unavailable` entries; a
 * failure before anything was served, or one that is not the storage's, fails the request.
 */
const storageLost = Object.assign(new Error('Connection terminated unexpectedly'), { storage: true });
const unavailable = (err: unknown) => (err as { storage?: boolean }).storage === true;

const entries: BatchEntry[] = [
  { index: 0, lot: 'a', input: { subject_artist: 'A', subject_title: 'One' } },
  { index: 1, lot: 'b', input: { subject_artist: 'A', subject_title: 'Two' } },
  { index: 2, lot: 'c', error: { code: 'invalid_subject', detail: 'bad', errors: [{ path: 'subject_title', message: 'required' }] } },
  { index: 3, lot: 'd', input: { subject_artist: 'A', subject_title: 'Three' } },
  { index: 4, lot: 'e', input: { subject_artist: 'A', subject_title: 'Four' } },
];

/** Serves `okCount` subjects (a response naming the title), then fails every call with `failure`. */
function servingThatFails(okCount: number, failure: unknown) {
  const asked: string[] = [];
  return {
    asked,
    serve: async (input: VerifyInput) => {
      asked.push(input.subject_title);
      if (asked.length > okCount) throw failure;
      return { request_id: `req-${input.subject_title}` } as unknown as VerificationResponse;
    },
    unavailable,
  };
}

describe('verifyBatch when the storage becomes unavailable', () => {
  it('answers the subjects served before, and the failed and later ones as unavailable entries, asking nothing more', async () => {
    const serving = servingThatFails(1, storageLost);
    const outcome = await verifyBatch(entries, serving);
    expect(outcome.served).toBe(1);
    expect(outcome.errors).toBe(4);
    expect(outcome.results.map((r) => r.result?.request_id ?? r.error?.code)).toEqual(['req-One', 'unavailable', 'invalid_subject', 'unavailable', 'unavailable']);
    expect(outcome.results.map((r) => r.lot)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(outcome.results[1]!.error!.detail).toMatch(/not served and is not billed/);
    expect(serving.asked).toEqual(['One', 'Two']);
  });

  it('fails the request when nothing was served yet', async () => {
    await expect(verifyBatch(entries, servingThatFails(0, storageLost))).rejects.toBe(storageLost);
  });

  it('fails the request on any other error, even after subjects were served', async () => {
    const bug = new Error('a bug');
    await expect(verifyBatch(entries, servingThatFails(1, bug))).rejects.toBe(bug);
    // Without the classification, a storage failure is any other error.
    await expect(verifyBatch(entries, { serve: servingThatFails(1, storageLost).serve })).rejects.toBe(storageLost);
  });
});
