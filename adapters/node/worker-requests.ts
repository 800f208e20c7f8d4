import { parentPort } from 'node:worker_threads';

/**
 * A worker's reply to one request of `WorkerClient` (worker-client.ts): the handler's result with
 * `ok: true`, or the error's message and, when it carries one, its code (SQLite's, say).
 */
export type WorkerAnswer<Result extends object> = ({ id: number; ok: true } & Result) | { id: number; ok: false; message: string; code?: string };

/**
 * The worker's side of `WorkerClient`'s protocol, run in the worker thread: each request
 * (`{ id, ...body }`) is answered by `handle`'s result, or by its error, in the order they came;
 * `'close'` runs `close` and ends the port, after every request posted before it. A handler
 * that returns a promise is answered when it settles (replies are matched by id).
 */
export function answerRequests<Request extends { id: number }, Result extends object>(
  handle: (request: Request) => Result | Promise<Result>,
  close: () => void | Promise<void> = () => {},
): void {
  const port = parentPort!;
  const failed = (id: number, err: unknown): WorkerAnswer<Result> => {
    const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
    return { id, ok: false, message: String(message ?? err), ...(typeof code === 'string' ? { code } : {}) };
  };
  port.on('message', (request: Request | 'close') => {
    if (request === 'close') {
      void (async () => close())().finally(() => port.close());
      return;
    }
    let reply: WorkerAnswer<Result>;
    try {
      const result = handle(request);
      if (result instanceof Promise) {
        result.then(
          (r) => port.postMessage({ id: request.id, ok: true, ...r }),
          (err: unknown) => port.postMessage(failed(request.id, err)),
        );
        return;
      }
      reply = { id: request.id, ok: true, ...result };
    } catch (err) {
      reply = failed(request.id, err);
    }
    port.postMessage(reply);
  });
}
