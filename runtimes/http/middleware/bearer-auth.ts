import type { Context, Middleware, Next } from 'koa';
import { principalFromClaims, type Principal, TokenRefused } from '../../../core/auth/auth.model.js';
import type { AccessTokens } from '../../../core/auth/ports.js';
import type { TokenHolders } from '../../../core/auth/use-cases/token-holders.js';
import { unauthenticated } from '../../../core/shared/errors.js';
import type { Clock } from '../../../core/shared/ports.js';
import { markRefused } from './security-log.js';

export interface BearerAuthOptions {
  /** Verifies signature, the one pinned algorithm and `exp` (the login's own token format). */
  tokens: AccessTokens;
  clock: Clock;
  /** The lifetime the login issues (JWT_TTL_SECONDS): a token claiming a longer one is refused. */
  maxLifetimeSeconds?: number;
  /** When given, the token's user must still exist, be enabled and hold the token's tenant and role. */
  holders?: TokenHolders;
}

const CHALLENGE = 'Bearer realm="api"';
/** `Bearer <token>`: the scheme case-insensitive (RFC 9110 §11.1), one token of no white space. */
const BEARER = /^Bearer ([^\s]+)$/i;

/**
 * The `AccessTokens` port verifies the signature, the pinned algorithm and `exp`; the domain
 * then checks that every claim is present and well formed and the lifetime is one the login
 * issues (`principalFromClaims`), and that the user may still act (`TokenHolders`). Any failure
 * is one 401 problem with a `WWW-Authenticate` challenge (RFC 6750), logged with its reason code;
 * on success `ctx.state.principal` holds who the token speaks for.
 */
export function bearerAuth(options: BearerAuthOptions): Middleware {
  return async function authenticated(ctx: Context, next: Next): Promise<void> {
    const header = ctx.get('Authorization');
    const token = BEARER.exec(header.trim())?.[1];
    const checked = token === undefined ? undefined : options.tokens.verify(token);
    if (checked === undefined || 'fault' in checked) {
      ctx.set('WWW-Authenticate', header !== '' ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE);
      const { reason, detail } = refusal(header, checked?.fault);
      markRefused(ctx, reason);
      throw unauthenticated(detail);
    }
    try {
      const principal = principalFromClaims(checked.claims, options.clock.now(), options.maxLifetimeSeconds);
      ctx.state.principal = principal;
      await options.holders?.check(principal);
    } catch (err) {
      ctx.set('WWW-Authenticate', `${CHALLENGE}, error="invalid_token"`);
      markRefused(ctx, err instanceof TokenRefused ? err.reason : 'token_claims');
      throw err;
    }
    await next();
  };
}

function refusal(header: string, fault: 'token_expired' | 'token_invalid' | undefined): { reason: string; detail: string } {
  if (header === '') return { reason: 'token_missing', detail: 'Missing credential: send Authorization: Bearer <access_token> (POST /api/v1/auth/login issues one).' };
  if (fault === undefined) return { reason: 'token_malformed', detail: 'The Authorization header must have the form "Bearer <access_token>".' };
  if (fault === 'token_expired') return { reason: 'token_expired', detail: 'The access token has expired; log in again.' };
  return { reason: 'token_invalid', detail: 'The access token is invalid.' };
}

export const principalOf = (ctx: Context): Principal => ctx.state.principal as Principal;
