/**
 * How many turns of the event loop passed while `work` ran (a `setImmediate` ticker): none when
 * the work held the loop from start to end, more when it gave way to other callbacks.
 */
export async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; value: T }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    const value = await work();
    return { turns, value };
  } finally {
    running = false;
  }
}
