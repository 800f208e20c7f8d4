import type { AccessClaims } from './auth.model.js';

/** Signs access tokens (a JWT adapter). Verification is the runtime's middleware's job. */
export interface TokenSigner {
  sign(claims: AccessClaims): string;
}
