import { DomainError } from '../shared/errors.js';
import { isRole, type Role } from '../tenancy/tenancy.model.js';

/** Who a verified access token speaks for. */
export interface Principal {
  user_id: string;
  tenant_id: string;
  role: Role;
}

/** The claims of an access token (CONTRACT section 2). */
export interface AccessClaims {
  sub: string;
  tenant_id: string;
  role: Role;
  iat: number;
  exp: number;
}

/** What a token's user is now, as the token check needs it. */
export interface TokenHolder {
  tenant_id: string;
  role: Role;
  disabled: boolean;
}

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds. */
  expires_in: number;
  tenant_id: string;
  role: Role;
}

/** Why a signed token was refused: the reason code of the security log and metrics. */
export type TokenRefusal = 'token_claims' | 'token_expired' | 'token_issued_at' | 'token_lifetime' | 'user_unknown' | 'user_disabled' | 'user_changed';

/** A 401 for a token whose signature checked out, with the reason it was refused. */
export class TokenRefused extends DomainError {
  constructor(
    readonly reason: TokenRefusal,
    message: string,
  ) {
    super('UNAUTHENTICATED', message);
  }
}

/** Accepted clock skew between the issuer and this process, in seconds. */
export const CLOCK_SKEW_SECONDS = 60;

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;
const epochSeconds = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * A token whose signature checked out still speaks for someone only when every claim is
 * present and well formed: a missing `exp` would never expire, a missing tenant would scope
 * nothing. A lifetime (`exp - iat`) longer than the service issues (`maxLifetimeSeconds`) is
 * refused too: such a token was not made by the login. Anything else is a 401, never a
 * partial principal.
 */
export function principalFromClaims(claims: unknown, now: Date, maxLifetimeSeconds = Number.POSITIVE_INFINITY): Principal {
  const c = (claims ?? {}) as Record<string, unknown>;
  if (typeof claims !== 'object' || claims === null || !nonEmpty(c.sub) || !nonEmpty(c.tenant_id) || !isRole(c.role) || !epochSeconds(c.iat) || !epochSeconds(c.exp)) {
    throw new TokenRefused('token_claims', 'The access token lacks a required claim (sub, tenant_id, role, iat, exp).');
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (c.exp <= nowSeconds) throw new TokenRefused('token_expired', 'The access token has expired.');
  if (c.iat > nowSeconds + CLOCK_SKEW_SECONDS || c.iat >= c.exp) throw new TokenRefused('token_issued_at', 'The access token has an invalid issue time.');
  if (c.exp - c.iat > maxLifetimeSeconds) throw new TokenRefused('token_lifetime', 'The access token claims a longer lifetime than this service issues.');
  return { user_id: c.sub, tenant_id: c.tenant_id, role: c.role };
}

export type Access = 'read' | 'write';

/**
 * The tenancy rule, applied by every Area A use case: a principal reaches its own tenant
 * only, members read, admins also write. Another tenant's path is a 403 whether or not
 * that tenant exists, so tenant ids cannot be probed.
 */
export function authorize(principal: Principal, tenantId: string, access: Access): void {
  if (principal.tenant_id !== tenantId) {
    throw new DomainError('FORBIDDEN', `This token is not allowed to access tenant ${tenantId}.`);
  }
  if (access === 'write' && principal.role !== 'admin') {
    throw new DomainError('FORBIDDEN', 'This action needs the admin role.');
  }
}
