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

/** Twenty subjects, an invalid one at index 5. */
const many: BatchEntry[] = Array.from({ length: 20 }, (_, i): BatchEntry =>
  i === 5 ? { index: i, lot: null, error: { code: 'invalid_subject', detail: 'bad', errors: [] } } : { index: i, lot: null, input: { subject_artist: 'A', subject_title: `T${i}` } },
);

/** Serves groups (`answer`, `recordAll`); the group numbered `failing` (0-based) fails with `failure`. */
function groupServing(failing: number, failure: unknown = storageLost) {
  const groups: string[][] = [];
  const answeredTitles: string[] = [];
  return {
    groups,
    answeredTitles,
    serve: async (): Promise<VerificationResponse> => {
      throw new Error('a grouped batch serves no subject alone');
    },
    answer: (input: VerifyInput) => {
      answeredTitles.push(input.subject_title);
      return { request_id: `req-${input.subject_title}` } as unknown as VerificationResponse;
    },
    recordAll: async (group: readonly { input: VerifyInput }[]) => {
      groups.push(group.map((g) => g.input.subject_title));
      if (groups.length - 1 === failing) throw failure;
    },
    unavailable,
  };
}

describe('verifyBatch serving groups (ADR 0050)', () => {
  it('serves the subjects in groups of 4, 8, 16… in order, every result in its entry place', async () => {
    const serving = groupServing(-1);
    const outcome = await verifyBatch(many, serving);
    expect(serving.groups.map((g) => g.length)).toEqual([4, 8, 7]);
    expect(outcome.served).toBe(19);
    expect(outcome.results.map((r) => r.index)).toEqual(many.map((e) => e.index));
    expect(outcome.results[5]!.error!.code).toBe('invalid_subject');
    expect(outcome.results[6]!.result!.request_id).toBe('req-T6');
  });

  it('a group the storage fails is served not at all: the groups before stay, it and every later subject are unavailable', async () => {
    const serving = groupServing(1);
    const outcome = await verifyBatch(many, serving);
    expect(serving.groups.map((g) => g.length)).toEqual([4, 8]);
    expect(outcome.served).toBe(4);
    expect(outcome.results.map((r) => r.result?.request_id ?? r.error?.code)).toEqual([
      'req-T0', 'req-T1', 'req-T2', 'req-T3', 'unavailable', 'invalid_subject', ...Array(14).fill('unavailable'),
    ]);
    // The first group failing fails the request: nothing was served.
    await expect(verifyBatch(many, groupServing(0))).rejects.toBe(storageLost);
  });

  it('writes a group while the next is answered, never two at once', async () => {
    const serving = groupServing(-1);
    const record = serving.recordAll;
    const answeredWhenWritten: number[] = [];
    let writing = 0;
    serving.recordAll = async (group) => {
      expect(writing).toBe(0);
      writing += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      answeredWhenWritten.push(serving.answeredTitles.length);
      writing -= 1;
      return record(group);
    };
    const outcome = await verifyBatch(many, serving);
    expect(outcome.served).toBe(19);
    expect(outcome.results.map((r) => r.index)).toEqual(many.map((e) => e.index));
    // When the first group (4) was archived, the second (8 more) had been answered meanwhile.
    expect(answeredWhenWritten[0]).toBe(12);
  });

  it('a signal that aborts drops the group being gathered: answered in their turns, nothing of it is recorded or in the results', async () => {
    const controller = new AbortController();
    const serving = groupServing(-1);
    const answer = serving.answer;
    serving.answer = (input) => {
      if (input.subject_title === 'T6') controller.abort();
      return answer(input);
    };
    const outcome = await verifyBatch(many, serving, { signal: controller.signal });
    expect(outcome.cancelled).toBe(true);
    expect(serving.groups).toEqual([['T0', 'T1', 'T2', 'T3']]);
    expect(outcome.results.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect(serving.answeredTitles).toEqual(['T0', 'T1', 'T2', 'T3', 'T4', 'T6']);
  });
});
