import jwt from 'jsonwebtoken';
import type { AccessClaims } from '../../core/auth/auth.model.js';
import type { TokenSigner } from '../../core/auth/ports.js';

export const JWT_ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/** Signs access tokens with jsonwebtoken (the library koa-jwt verifies with), HMAC only. */
export class JwtTokenSigner implements TokenSigner {
  constructor(
    private readonly secret: string,
    private readonly algorithm: JwtAlgorithm = 'HS256',
  ) {}

  sign(claims: AccessClaims): string {
    // iat and exp come from the claims (the domain's clock), not from jsonwebtoken's own.
    return jwt.sign({ ...claims }, this.secret, { algorithm: this.algorithm });
  }
}
