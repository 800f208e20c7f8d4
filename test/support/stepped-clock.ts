import type { Clock } from '../../core/shared/ports.js';

/**
 * A Clock for a running server that the test moves forward: real time plus the steps taken
 * (`advance`). A cache or a window of the server's domain expires when the test says, without a
 * real wait, while everything else keeps the time it would have.
 */
export class SteppedClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
