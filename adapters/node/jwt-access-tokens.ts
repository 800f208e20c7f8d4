import jwt from 'jsonwebtoken';
import type { AccessClaims } from '../../core/auth/auth.model.js';
import type { AccessTokens, TokenFault } from '../../core/auth/ports.js';
import type { Clock } from '../../core/shared/ports.js';

export const JWT_ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/**
 * Access tokens as JWTs (jsonwebtoken), HMAC only, one algorithm: signed at login, verified
 * on every bearer request against the same secret and algorithm (`none`, other HMACs and every
 * asymmetric algorithm refused; `exp` read on the domain's clock).
 */
export class JwtAccessTokens implements AccessTokens {
  constructor(
    private readonly secret: string,
    private readonly algorithm: JwtAlgorithm,
    private readonly clock: Clock,
  ) {}

  sign(claims: AccessClaims): string {
    // iat and exp come from the claims (the domain's clock), not from jsonwebtoken's own.
    return jwt.sign({ ...claims }, this.secret, { algorithm: this.algorithm });
  }

  verify(token: string): { claims: Record<string, unknown> } | { fault: TokenFault } {
    try {
      const payload = jwt.verify(token, this.secret, {
        algorithms: [this.algorithm],
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
      // A JWT whose payload is not a JSON object (a bare string) carries no claims.
      return typeof payload === 'object' && payload !== null ? { claims: payload } : { fault: 'token_invalid' };
    } catch (err) {
      return { fault: (err as { name?: unknown }).name === 'TokenExpiredError' ? 'token_expired' : 'token_invalid' };
    }
  }
}
