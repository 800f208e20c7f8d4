import type { Container } from 'inversify';
import { tokenHoldersOf, TokenHolders } from '../../../core/auth/use-cases/token-holders.js';
import { Login } from '../../../core/auth/use-cases/login.js';
import { TenantAdmin } from '../../../core/tenancy/use-cases/tenant-admin.js';
import { LruTokenHolderLookup } from '../../../adapters/cache/lru-token-holder.lookup.js';
import { JwtAccessTokens } from '../../../adapters/node/jwt-access-tokens.js';
import { ScryptPasswordHasher } from '../../../adapters/node/scrypt-password.hasher.js';
import { SqlTenantRepository } from '../../../adapters/sql/sql-tenant.repository.js';
import { SqlUserRepository } from '../../../adapters/sql/sql-user.repository.js';
import { resolveAuthSecret } from './auth-secret.js';
import { PLATFORM } from './platform.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { provide } from './token.js';

/** SQL adapters of the tenancy ports, over whichever Kysely dialect is bound. */
export function bindTenancySql(container: Container): void {
  provide(container, TENANCY.TenantRepository, [PLATFORM.SqlDatabase], (database) => new SqlTenantRepository(database.db));
  provide(container, TENANCY.UserRepository, [PLATFORM.SqlDatabase], (database) => new SqlUserRepository(database.db));
}

/** Operator use cases on tenants and users; needs the repositories bound. */
export function bindTenancyServices(container: Container): void {
  provide(container, TENANCY.PasswordHasher, [], () => new ScryptPasswordHasher());
  provide(
    container,
    TENANCY.TenantAdmin,
    [TENANCY.TenantRepository, TENANCY.UserRepository, TENANCY.PasswordHasher, PLATFORM.IdGenerator, PLATFORM.Clock],
    (tenants, users, hasher, ids, clock) => new TenantAdmin(tenants, users, hasher, ids, clock),
  );
}

/** Login and token signing; the secret is resolved (and generated) on first use only. */
export function bindAuth(container: Container): void {
  provide(container, TENANCY.AuthSecret, [PLATFORM.Config, PLATFORM.Logger], (config, logger) => resolveAuthSecret(config, logger));
  provide(
    container,
    TENANCY.AccessTokens,
    [PLATFORM.Config, TENANCY.AuthSecret, PLATFORM.Clock],
    (config, secret, clock) => new JwtAccessTokens(secret, config.auth.jwtAlgorithm, clock),
  );
  provide(
    container,
    TENANCY.Login,
    [PLATFORM.Config, TENANCY.UserRepository, TENANCY.PasswordHasher, TENANCY.AccessTokens, PLATFORM.Clock, PLATFORM.IdGenerator],
    (config, users, hasher, tokens, clock, ids) => new Login(users, hasher, tokens, clock, ids, config.auth.tokenTtlSeconds),
  );
  // Users remembered for USER_CHECK_TTL_MS on the domain's clock (tests step it).
  provide(
    container,
    TENANCY.TokenHolders,
    [TENANCY.UserRepository, PLATFORM.Clock],
    (users, clock) => new TokenHolders(new LruTokenHolderLookup(tokenHoldersOf(users), { now: () => clock.now().getTime() })),
  );
}
