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

/** The challenge of a 401 on `/mcp`, where the key may also come as `Authorization: Bearer`. */
export const MCP_KEY_CHALLENGE = `Bearer realm="mcp", ${API_KEY_CHALLENGE}`;

/** The key a request presents: `X-API-Key`, or with `bearer` also `Authorization: Bearer <key>`. */
function presentedKey(ctx: Context, bearer: boolean): string | undefined {
  const header = ctx.headers['x-api-key'] !== undefined ? ctx.get('X-API-Key') : undefined;
  if (!bearer || ctx.headers.authorization === undefined) return header;
  const match = /^Bearer +(\S+) *$/i.exec(ctx.get('Authorization'));
  // Another scheme, or a malformed one, presents a credential this endpoint cannot accept: refused as unknown.
  const fromBearer = match ? match[1] : '';
  // Two different keys: neither is taken (a 401, as for an unknown key).
  if (header !== undefined && header !== fromBearer) return '';
  return fromBearer;
}

/**
 * Resolves the API key to a caller before the limiter runs; an unknown key is a 401. Every 401
 * of the group (unknown or revoked key here, no key where one is required in
 * `requireProductionKey`) carries `WWW-Authenticate`. `bearer`: `/mcp` also takes the key as
 * `Authorization: Bearer` (what remote MCP clients send).
 * A check: `createApp` runs it and the verify budget's check in one middleware.
 */
export function apiKeyCaller(keys: ApiKeys, options: { bearer?: boolean } = {}): CheckMiddleware {
  const bearer = options.bearer ?? false;
  const challenge = bearer ? MCP_KEY_CHALLENGE : API_KEY_CHALLENGE;
  return asCheck(async function apiKeyCaller(ctx: Context): Promise<void> {
    const key = presentedKey(ctx, bearer);
    const presented = key !== undefined;
    // Reason codes, reported only if the answer is a 401: the key presented was refused, or a
    // keyed route was called without one.
    markRefused(ctx, presented ? 'key_unknown' : 'key_missing');
    try {
      ctx.state.caller = await keys.authenticate(key);
      if (presented) clearRefused(ctx);
    } catch (err) {
      if (isDomainError(err) && err.code === 'UNAUTHENTICATED') ctx.set('WWW-Authenticate', presented ? `${challenge}, error="invalid_key"` : challenge);
      throw err;
    }
  });
}
