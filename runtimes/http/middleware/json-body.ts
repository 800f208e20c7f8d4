import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { DomainError, validationError } from '../../../core/shared/errors.js';
import { findNulCharacter, MAX_JSON_DEPTH, nestsDeeperThan, NUL_MESSAGE } from '../../../core/shared/json-walks.js';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const parser = bodyParser({
  enableTypes: ['json'],
  jsonLimit: JSON_BODY_LIMIT_BYTES,
  jsonStrict: true,
  encoding: 'utf-8',
});

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
  return parser(ctx, async () => {
    const parsed: unknown = (ctx.request as any).body;
    if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) {
      throw validationError('The request body is invalid.', [{ path: 'body', message: `must not nest objects or arrays deeper than ${MAX_JSON_DEPTH} levels` }]);
    }
    const nul = refuseNul ? findNulCharacter(parsed) : null;
    if (nul !== null) throw validationError('The request body is invalid.', [{ path: nul, message: NUL_MESSAGE }]);
    await next();
  });
}
