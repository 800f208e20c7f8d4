import { parentPort } from 'node:worker_threads';

/**
 * A worker's reply to one request of `WorkerClient` (worker-client.ts): the handler's result with
 * `ok: true`, or the error's message and, when it carries one, its code (SQLite's, say).
 */
export type WorkerAnswer<Result extends object> = ({ id: number; ok: true } & Result) | { id: number; ok: false; message: string; code?: string };

/**
 * The worker's side of `WorkerClient`'s protocol, run in the worker thread: each request
 * (`{ id, ...body }`) is answered by `handle`'s result, or by its error, in the order they came;
 * `'close'` runs `close` and ends the port, after every request posted before it.
 */
export function answerRequests<Request extends { id: number }, Result extends object>(handle: (request: Request) => Result, close: () => void = () => {}): void {
  const port = parentPort!;
  port.on('message', (request: Request | 'close') => {
    if (request === 'close') {
      try {
        close();
      } finally {
        port.close();
      }
      return;
    }
    let reply: WorkerAnswer<Result>;
    try {
      reply = { id: request.id, ok: true, ...handle(request) };
    } catch (err) {
      const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
      reply = { id: request.id, ok: false, message: String(message ?? err), ...(typeof code === 'string' ? { code } : {}) };
    }
    port.postMessage(reply);
  });
}
