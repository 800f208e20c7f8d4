import type { Context } from 'koa';
import { requireProduction } from '../../../core/attestation/caller.js';
import type { Caller } from '../../../core/attestation/ports.js';
import type { ApiKeys } from '../../../core/attestation/use-cases/api-keys.js';
import { isDomainError } from '../../../core/shared/errors.js';
import { asCheck, type CheckMiddleware } from './check.js';
import { clearRefused, markRefused } from './security-log.js';

export const callerOf = (ctx: Context): Caller => ctx.state.caller as Caller;

/** The challenge of a 401 on the attestation routes (RFC 9110 §11.6.1: every 401 carries one). */
export const API_KEY_CHALLENGE = 'ApiKey realm="verify", header="X-API-Key"';

/** The guard of routes declared `security: 'apiKey'`: a production key, before the body is read. */
export const requireProductionKey: CheckMiddleware = asCheck(function requireProductionKey(ctx) {
  const caller = callerOf(ctx);
  if (caller.tier !== 'production') ctx.set('WWW-Authenticate', API_KEY_CHALLENGE);
  requireProduction(caller);
});

/**
 * Resolves `X-API-Key` to a caller before the limiter runs; an unknown key is a 401. Every 401
 * of the group (unknown or revoked key here, no key where one is required in
 * `requireProductionKey`) carries `WWW-Authenticate`.
 * A check: `createApp` runs it and the verify budget's check in one middleware.
 */
export function apiKeyCaller(keys: ApiKeys): CheckMiddleware {
  return asCheck(async function apiKeyCaller(ctx: Context): Promise<void> {
    const presented = ctx.headers['x-api-key'] !== undefined;
    // Reason codes, reported only if the answer is a 401: the key presented was refused, or a
    // keyed route was called without one.
    markRefused(ctx, presented ? 'key_unknown' : 'key_missing');
    try {
      ctx.state.caller = await keys.authenticate(presented ? ctx.get('X-API-Key') : undefined);
      if (presented) clearRefused(ctx);
    } catch (err) {
      if (isDomainError(err) && err.code === 'UNAUTHENTICATED') ctx.set('WWW-Authenticate', presented ? `${API_KEY_CHALLENGE}, error="invalid_key"` : API_KEY_CHALLENGE);
      throw err;
    }
  });
}
