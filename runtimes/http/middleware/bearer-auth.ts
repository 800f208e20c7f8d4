import type { Context, Middleware, Next } from 'koa';
import koaJwt from 'koa-jwt';
import { principalFromClaims, type Principal, TokenRefused } from '../../../core/auth/auth.model.js';
import type { TokenHolders } from '../../../core/auth/use-cases/token-holders.js';
import { unauthenticated } from '../../../core/shared/errors.js';
import type { Clock } from '../../../core/shared/ports.js';
import { markRefused } from './security-log.js';

export interface BearerAuthOptions {
  secret: string;
  /** The one accepted algorithm: `none`, other HMACs and every asymmetric one are refused. */
  algorithm: 'HS256' | 'HS384' | 'HS512';
  clock: Clock;
  /** The lifetime the login issues (JWT_TTL_SECONDS): a token claiming a longer one is refused. */
  maxLifetimeSeconds?: number;
  /** When given, the token's user must still exist, be enabled and hold the token's tenant and role. */
  holders?: TokenHolders;
}

const CHALLENGE = 'Bearer realm="api"';

/**
 * koa-jwt verifies the signature, the pinned algorithm and `exp`; the domain then checks
 * that every claim is present and well formed and the lifetime is one the login issues
 * (`principalFromClaims`), and that the user may still act (`TokenHolders`). Any failure is one
 * 401 problem with a `WWW-Authenticate` challenge (RFC 6750), logged with its reason code; on
 * success `ctx.state.principal` holds who the token speaks for.
 */
export function bearerAuth(options: BearerAuthOptions): Middleware {
  const verify = koaJwt({ secret: options.secret, algorithms: [options.algorithm], key: 'jwtClaims', passthrough: true });
  return async function authenticated(ctx: Context, next: Next): Promise<void> {
    await verify(ctx, async () => {
      const claims = ctx.state.jwtClaims;
      if (!claims) {
        const presented = ctx.get('Authorization') !== '';
        ctx.set('WWW-Authenticate', presented ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE);
        const { reason, detail } = describe(ctx, ctx.state.jwtOriginalError);
        markRefused(ctx, reason);
        throw unauthenticated(detail);
      }
      try {
        const principal = principalFromClaims(claims, options.clock.now(), options.maxLifetimeSeconds);
        ctx.state.principal = principal;
        await options.holders?.check(principal);
      } catch (err) {
        ctx.set('WWW-Authenticate', `${CHALLENGE}, error="invalid_token"`);
        markRefused(ctx, err instanceof TokenRefused ? err.reason : 'token_claims');
        throw err;
      }
      await next();
    });
  };
}

function describe(ctx: Context, error: unknown): { reason: string; detail: string } {
  const header = ctx.get('Authorization');
  if (header === '') return { reason: 'token_missing', detail: 'Missing credential: send Authorization: Bearer <access_token> (POST /api/v1/auth/login issues one).' };
  if (!/^Bearer [^\s]+$/i.test(header.trim())) return { reason: 'token_malformed', detail: 'The Authorization header must have the form "Bearer <access_token>".' };
  if ((error as { name?: string } | undefined)?.name === 'TokenExpiredError') return { reason: 'token_expired', detail: 'The access token has expired; log in again.' };
  return { reason: 'token_invalid', detail: 'The access token is invalid.' };
}

export const principalOf = (ctx: Context): Principal => ctx.state.principal as Principal;
