import type { Server } from 'node:http';

/**
 * Stops accepting connections; requests in flight finish. A keep-alive connection is closed as
 * soon as it is idle (checked every 50 ms), and every connection at the grace period's end.
 */
export async function drainConnections(server: Server, graceMs: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const grace = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(grace);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Waits for `work`, at most `graceMs` (background workers finishing their current item). */
export async function atMost(work: Promise<unknown>, graceMs: number): Promise<void> {
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
}
