/**
 * Probes until `done(value)` holds or `timeoutMs` passed, and returns the last value probed: for
 * a state that a running server's background work reaches on its own (a worker, a poll, a cache
 * expiry), which a test cannot step with a clock. The caller asserts on the value, so a state
 * never reached fails the test.
 */
export async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, { timeoutMs = 10_000, everyMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
