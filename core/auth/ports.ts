import type { AccessClaims, TokenHolder } from './auth.model.js';

/** Why a presented token carries no claims: expired, or not one this service signed as it signs. */
export type TokenFault = 'token_expired' | 'token_invalid';

/**
 * Access tokens (a JWT adapter): the one place that knows their format, signing what the login
 * issues and checking what a request presents. `verify` checks signature, the one pinned
 * algorithm and expiry; the claims' shape and lifetime are the domain's to judge
 * (`principalFromClaims`).
 */
export interface AccessTokens {
  sign(claims: AccessClaims): string;
  verify(token: string): { claims: Record<string, unknown> } | { fault: TokenFault };
}

/** Who holds a user id now (a user store read, possibly remembered briefly); null when nobody. */
export interface TokenHolderLookup {
  holderOf(userId: string): Promise<TokenHolder | null>;
}
