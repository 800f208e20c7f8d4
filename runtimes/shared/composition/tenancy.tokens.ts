/** Inversify tokens of tenancy and authentication. Injection is by token, never by reflected type. */
export const TENANCY = {
  TenantRepository: Symbol.for('tenancy.TenantRepository'),
  UserRepository: Symbol.for('tenancy.UserRepository'),
  PasswordHasher: Symbol.for('tenancy.PasswordHasher'),
  TenantAdmin: Symbol.for('tenancy.TenantAdmin'),
  /** The tenant's users, read-only, for its members (the console). */
  TenantUsers: Symbol.for('tenancy.TenantUsers'),
  /** The service secret: signs access tokens, keys cursor tags. */
  AuthSecret: Symbol.for('tenancy.AuthSecret'),
  AccessTokens: Symbol.for('tenancy.AccessTokens'),
  Login: Symbol.for('tenancy.Login'),
  /** Checks that a token's user still exists and is enabled (cached a few seconds). */
  TokenHolders: Symbol.for('tenancy.TokenHolders'),
} as const;
