import type { Context, Next } from 'koa';
import { timeOrderedUuid } from '../../../adapters/node/node-platform.js';

/** A caller's id is echoed when it is a sane token: 1-128 visible ASCII letters, digits, `-_.:`. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One id per request (ADR 0014): the `X-Request-Id` answered, the `request_id` of the access log
 * line and of any problem document, and the audit trace's `request_id` of a served verification.
 */
export async function requestIdMiddleware(ctx: Context, next: Next): Promise<void> {
  const offered = ctx.get('X-Request-Id');
  useRequestId(ctx, SANE_REQUEST_ID.test(offered) ? offered : timeOrderedUuid());
  await next();
}

/**
 * Makes `id` the request's one id. A route that archives under an id of its own (a verification
 * whose offered id is not a fresh canonical UUID) calls it with the archived id.
 */
export function useRequestId(ctx: Context, id: string): void {
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
}

export const requestIdOf = (ctx: Context): string => String(ctx.state.requestId);
