import type { AccessTokens } from '../../../core/auth/ports.js';
import type { Login } from '../../../core/auth/use-cases/login.js';
import type { TokenHolders } from '../../../core/auth/use-cases/token-holders.js';
import type { PasswordHasher, TenantRepository, UserRepository } from '../../../core/tenancy/ports.js';
import type { TenantAdmin } from '../../../core/tenancy/use-cases/tenant-admin.js';
import { token } from './token.js';

/** Tokens of tenancy and authentication. Injection is by token, never by reflected type. */
export const TENANCY = {
  TenantRepository: token<TenantRepository>('tenancy.TenantRepository'),
  UserRepository: token<UserRepository>('tenancy.UserRepository'),
  PasswordHasher: token<PasswordHasher>('tenancy.PasswordHasher'),
  TenantAdmin: token<TenantAdmin>('tenancy.TenantAdmin'),
  /** The service secret: signs access tokens, keys cursor tags. */
  AuthSecret: token<string>('tenancy.AuthSecret'),
  AccessTokens: token<AccessTokens>('tenancy.AccessTokens'),
  Login: token<Login>('tenancy.Login'),
  /** Checks that a token's user still exists and is enabled (cached a few seconds). */
  TokenHolders: token<TokenHolders>('tenancy.TokenHolders'),
} as const;
