import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';

/** A caller's id is echoed when it is a sane token: 1-128 visible ASCII letters, digits, `-_.:`. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function requestIdMiddleware(ctx: Context, next: Next): Promise<void> {
  const offered = ctx.get('X-Request-Id');
  const id = SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  await next();
}
