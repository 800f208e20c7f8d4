import type { Scheduler } from '../../core/shared/ports.js';

/**
 * How long computations may run, together, before the event loop gets a turn. Short, because
 * each turn of the loop accepts at most one new connection (libuv since 1.45 accepts one per
 * turn): with 10 ms slices, 16 running batches let the server accept about 70 connections a
 * second, and a `/healthz` on a new connection waited behind the others for up to 0.4–0.7 s
 * (ADR 0052). A turn between slices costs a few tens of microseconds.
 */
export const DEFAULT_SLICE_MS = 2;

/**
 * The `Scheduler` of a Node process: computations that ask (`pause()`) share slices of
 * `sliceMs` of the event loop. Within the current slice `pause()` answers nothing and the caller
 * goes on; once the slice is spent, the caller waits for a later turn of the loop (a
 * `setImmediate`), after the I/O that arrived meanwhile (a `/healthz`, a cancellation, a
 * disconnect) has been handled. Waiting callers resume in the order they asked; each new slice
 * resumes as many as it has time for, the rest wait for the next loop turn. One scheduler for
 * the whole process makes the slice shared by every batch at once (ADR 0031).
 */
export class EventLoopScheduler implements Scheduler {
  private sliceEnd = Number.NEGATIVE_INFINITY;
  private sliceQueued = false;
  /** A slice just opened and nobody has used it: its first waiter resumes whatever the time. */
  private sliceUnused = false;
  /** Callers waiting for a turn, first come first resumed; each has one `slot` immediate queued. */
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly sliceMs = DEFAULT_SLICE_MS) {}

  pause(): Promise<void> | undefined {
    if (performance.now() < this.sliceEnd) return undefined;
    return new Promise<void>((resume) => {
      this.waiting.push(resume);
      this.queueSlot();
    });
  }

  /**
   * Resumes the longest-waiting caller while the slice lasts. Node runs the promise jobs of one
   * immediate before the next one, so a resumed caller has used its time by the next slot; a
   * slot that finds the slice spent waits for the next turn of the loop, keeping its place.
   */
  private readonly slot = (): void => {
    if (this.sliceUnused || performance.now() < this.sliceEnd) {
      this.sliceUnused = false;
      this.waiting.shift()?.();
    } else {
      this.queueSlot();
    }
  };

  private queueSlot(): void {
    // A slice opens at the start of the next check phase, before the slots queued behind it.
    if (!this.sliceQueued) {
      this.sliceQueued = true;
      setImmediate(() => {
        this.sliceQueued = false;
        this.sliceEnd = performance.now() + this.sliceMs;
        this.sliceUnused = true;
      });
    }
    setImmediate(this.slot);
  }
}

/** The process's one scheduler (the HTTP server's routes, createVerifier, svc-verify). */
export const eventLoopScheduler = new EventLoopScheduler();
