import type { Context } from 'koa';

/**
 * A signal that aborts when the request's connection closes before its response was sent: the
 * client went away (a disconnect, a destroyed socket, a cancelled fetch), so nobody will read
 * what the handler is computing. `release()` once the handler is done with it.
 */
export function clientGone(ctx: Context): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const { res } = ctx;
  const onClose = () => {
    if (!res.writableFinished) controller.abort();
  };
  if (ctx.req.socket.destroyed) controller.abort();
  else res.once('close', onClose);
  return { signal: controller.signal, release: () => res.off('close', onClose) };
}
