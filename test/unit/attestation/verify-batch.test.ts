import { describe, expect, it } from 'vitest';
import { EventLoopScheduler } from '../../../adapters/node/event-loop-scheduler.js';
import { type BatchEntry, type BatchServing, verifyBatch } from '../../../core/attestation/use-cases/verify-batch.js';
import type { VerificationResponse, VerifyInput } from '../../../core/attestation/verdict/verification.model.js';
import type { Scheduler } from '../../../core/shared/ports.js';
import { loopTurnsDuring } from '../../support/loop-turns.js';

/** n valid entries, with an error entry at every index listed in `bad`. */
function entries(n: number, bad: number[] = []): BatchEntry[] {
  return Array.from({ length: n }, (_, index): BatchEntry =>
    bad.includes(index)
      ? { index, lot: null, error: { code: 'invalid_subject', detail: `Subject ${index} is invalid.`, errors: [] } }
      : { index, lot: String(index), input: { subject_artist: `Artist ${index}`, subject_title: `Title ${index}` } },
  );
}

/** A serving that answers each input with a response naming it, and counts what it served. */
function counting(onServe?: (served: number) => void): BatchServing & { inputs: VerifyInput[] } {
  const inputs: VerifyInput[] = [];
  return {
    inputs,
    async serve(input) {
      inputs.push(input);
      onServe?.(inputs.length);
      return { request_id: `r${inputs.length}`, subject: { artist: input.subject_artist, title: input.subject_title } } as VerificationResponse;
    },
  };
}

describe('verifyBatch: a signal stops it', () => {
  it('serves every entry when the signal never aborts', async () => {
    const serving = counting();
    const outcome = await verifyBatch(entries(10, [3]), serving, { signal: { aborted: false } });
    expect(outcome).toMatchObject({ served: 9, errors: 1, cancelled: false });
    expect(outcome.results.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('finishes the subject being served when the signal aborts, and starts none after it', async () => {
    const signal = { aborted: false };
    const serving = counting((served) => {
      if (served === 4) signal.aborted = true;
    });
    const outcome = await verifyBatch(entries(1000), serving, { signal });
    expect(serving.inputs).toHaveLength(4);
    expect(outcome).toMatchObject({ served: 4, errors: 0, cancelled: true });
    expect(outcome.results.map((r) => r.result?.request_id)).toEqual(['r1', 'r2', 'r3', 'r4']);
  });

  it('serves nothing when the signal has already aborted', async () => {
    const serving = counting();
    const outcome = await verifyBatch(entries(5), serving, { signal: { aborted: true } });
    expect(outcome).toEqual({ results: [], served: 0, errors: 0, cancelled: true });
    expect(serving.inputs).toEqual([]);
  });

  it('is not cancelled by a signal that aborts after the last entry', async () => {
    const signal = { aborted: false };
    const outcome = await verifyBatch(entries(3), counting((served) => (signal.aborted = served === 3)), { signal });
    expect(outcome).toMatchObject({ served: 3, cancelled: false });
  });
});

describe('verifyBatch: results told, not kept', () => {
  it('tells each result to onResult in order and keeps none when keepResults is false; the counts stay', async () => {
    const told: Array<[number, string | null]> = [];
    const outcome = await verifyBatch(entries(10, [2, 7]), counting(), {
      onResult: (r) => void told.push([r.index, r.result?.request_id ?? r.error?.code ?? null]),
      keepResults: false,
    });
    expect(outcome).toEqual({ results: [], served: 8, errors: 2, cancelled: false });
    expect(told.map(([index]) => index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(told[2]).toEqual([2, 'invalid_subject']);
    expect(told[9]).toEqual([9, 'r8']);
  });

  it('counts only what was taken when a batch that keeps nothing is cancelled', async () => {
    const signal = { aborted: false };
    let told = 0;
    const serving = counting((served) => (signal.aborted = served === 3));
    const outcome = await verifyBatch(entries(20, [1]), serving, { signal, keepResults: false, onResult: () => void (told += 1) });
    expect(outcome).toEqual({ results: [], served: 3, errors: 1, cancelled: true });
    expect(told).toBe(4);
  });
});

describe('verifyBatch: it asks the scheduler before each entry', () => {
  it('asks before every entry and once at the end, and waits when told to', async () => {
    const events: string[] = [];
    let asked = 0;
    // Every third question is answered "wait": the batch must not go on before the turn comes.
    const scheduler: Scheduler = {
      pause() {
        asked += 1;
        events.push(`ask ${asked}`);
        if (asked % 3 !== 0) return undefined;
        const at = asked;
        return Promise.resolve().then(() => void events.push(`turn ${at}`));
      },
    };
    const serving = counting((served) => events.push(`serve ${served}`));
    const outcome = await verifyBatch(entries(5, [1]), serving, { scheduler });
    expect(outcome.served).toBe(4);
    expect(events).toEqual(['ask 1', 'serve 1', 'ask 2', 'ask 3', 'turn 3', 'serve 2', 'ask 4', 'serve 3', 'ask 5', 'serve 4', 'ask 6', 'turn 6']);
  });
});

describe('EventLoopScheduler', () => {
  const batch = (scheduler: Scheduler, n: number) => verifyBatch(entries(n), counting(), { scheduler });

  it('with no time to share, gives the event loop a turn between every two subjects', async () => {
    const { turns } = await loopTurnsDuring(() => batch(new EventLoopScheduler(0), 50));
    expect(turns).toBeGreaterThanOrEqual(50);
  });

  it('with time to spare, lets the batch run on without waiting', async () => {
    const scheduler = new EventLoopScheduler(Number.POSITIVE_INFINITY);
    await scheduler.pause(); // the first question opens a slice
    const { turns } = await loopTurnsDuring(() => batch(scheduler, 50));
    expect(turns).toBeLessThanOrEqual(1);
  });

  it('lets two batches take turns instead of one running to its end first', async () => {
    const scheduler = new EventLoopScheduler(0);
    const order: string[] = [];
    const named = (name: string) => counting(() => order.push(name));
    await Promise.all([verifyBatch(entries(5), named('a'), { scheduler }), verifyBatch(entries(5), named('b'), { scheduler })]);
    expect(order.join('')).toBe('ababababab');
  });
});
