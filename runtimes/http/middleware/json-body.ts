import coBody from 'co-body';
import type { Context, Next } from 'koa';
import { DomainError, validationError } from '../../../core/shared/errors.js';
import { findNulCharacter, MAX_JSON_DEPTH, nestsDeeperThan, NUL_MESSAGE } from '../../../core/shared/json-walks.js';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * co-body's JSON reader (raw-body with the limit, inflation, @hapi/bourne refusing prototype
 * poisoning; a body must be an object or an array), called directly: the content type is
 * checked once, here, where @koa/bodyparser checked it a second time against its own list.
 */
const JSON_READ: coBody.Options = { limit: JSON_BODY_LIMIT_BYTES, strict: true, encoding: 'utf-8' };

/** The methods whose body is read (what @koa/bodyparser read); another method's body is left unread. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function hasBody(ctx: Context): boolean {
  const length = ctx.get('Content-Length');
  return ctx.get('Transfer-Encoding') !== '' || (length !== '' && length !== '0');
}

/**
 * JSON bodies only: another content type is a 415 before a byte is read; a body over
 * 1 MiB is a 413 (raw-body checks Content-Length first, then counts while streaming). A
 * string holding U+0000 anywhere in the body is a 400 naming its path (findNulCharacter). A
 * body nesting objects or arrays deeper than MAX_JSON_DEPTH levels is a 400 before anything
 * walks it.
 */
export async function jsonBody(ctx: Context, next: Next): Promise<void> {
  return parseJsonBody(ctx, next, true);
}

/**
 * The same, for a route whose own schema refuses U+0000 where it matters, part by part (the
 * batch: a NUL in one subject makes that subject an error entry, not the whole body a 400).
 */
export async function jsonBodyKeepingNul(ctx: Context, next: Next): Promise<void> {
  return parseJsonBody(ctx, next, false);
}

async function parseJsonBody(ctx: Context, next: Next, refuseNul: boolean): Promise<void> {
  if (hasBody(ctx) && !ctx.is('application/json', '+json')) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `This endpoint accepts application/json, not ${ctx.get('Content-Type') || 'an untyped body'}.`);
  }
  if (!hasBody(ctx)) {
    (ctx.request as any).body = undefined;
    return next();
  }
  // Read once: a route that reads its body itself after the contract's reading finds it read.
  if (!BODY_METHODS.has(ctx.method) || (ctx.request as any).body !== undefined) return next();
  if (ctx.req.closed) {
    ctx.status = 499; // "client closed request", as @koa/bodyparser answered
    ctx.body = 'Request already closed';
    return;
  }
  const parsed: unknown = await coBody.json(ctx, JSON_READ);
  (ctx.request as any).body = parsed;
  if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) {
    throw validationError('The request body is invalid.', [{ path: 'body', message: `must not nest objects or arrays deeper than ${MAX_JSON_DEPTH} levels` }]);
  }
  const nul = refuseNul ? findNulCharacter(parsed) : null;
  if (nul !== null) throw validationError('The request body is invalid.', [{ path: nul, message: NUL_MESSAGE }]);
  await next();
}
