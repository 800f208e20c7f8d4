import type { Context, Middleware, Next } from 'koa';
import koaJwt from 'koa-jwt';
import { principalFromClaims, type Principal } from '../../../core/auth/auth.model.js';
import { unauthenticated } from '../../../core/shared/errors.js';
import type { Clock } from '../../../core/shared/ports.js';

export interface BearerAuthOptions {
  secret: string;
  /** The one accepted algorithm: `none`, other HMACs and every asymmetric one are refused. */
  algorithm: 'HS256' | 'HS384' | 'HS512';
  clock: Clock;
}

const CHALLENGE = 'Bearer realm="api"';

/**
 * koa-jwt verifies the signature, the pinned algorithm and `exp`; the domain then checks
 * that every claim is present and well formed (`principalFromClaims`). Any failure is one
 * 401 problem with a `WWW-Authenticate` challenge (RFC 6750); on success
 * `ctx.state.principal` holds who the token speaks for.
 */
export function bearerAuth(options: BearerAuthOptions): Middleware {
  const verify = koaJwt({ secret: options.secret, algorithms: [options.algorithm], key: 'jwtClaims', passthrough: true });
  return async function authenticated(ctx: Context, next: Next): Promise<void> {
    await verify(ctx, async () => {
      const claims = ctx.state.jwtClaims;
      if (!claims) {
        const presented = ctx.get('Authorization') !== '';
        ctx.set('WWW-Authenticate', presented ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE);
        throw unauthenticated(describe(ctx, ctx.state.jwtOriginalError));
      }
      try {
        ctx.state.principal = principalFromClaims(claims, options.clock.now());
      } catch (err) {
        ctx.set('WWW-Authenticate', `${CHALLENGE}, error="invalid_token"`);
        throw err;
      }
      await next();
    });
  };
}

function describe(ctx: Context, error: unknown): string {
  const header = ctx.get('Authorization');
  if (header === '') return 'Missing credential: send Authorization: Bearer <access_token> (POST /api/v1/auth/login issues one).';
  if (!/^Bearer [^\s]+$/i.test(header.trim())) return 'The Authorization header must have the form "Bearer <access_token>".';
  if ((error as { name?: string } | undefined)?.name === 'TokenExpiredError') return 'The access token has expired; log in again.';
  return 'The access token is invalid.';
}

export const principalOf = (ctx: Context): Principal => ctx.state.principal as Principal;
