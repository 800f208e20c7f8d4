import type { Container } from 'inversify';
import { tokenHoldersOf, TokenHolders } from '../../../core/auth/use-cases/token-holders.js';
import type { Logger } from 'pino';
import { Login } from '../../../core/auth/use-cases/login.js';
import type { AccessTokens } from '../../../core/auth/ports.js';
import type { Clock, IdGenerator } from '../../../core/shared/ports.js';
import type { PasswordHasher, TenantRepository, UserRepository } from '../../../core/tenancy/ports.js';
import { TenantAdmin } from '../../../core/tenancy/use-cases/tenant-admin.js';
import { LruTokenHolderLookup } from '../../../adapters/cache/lru-token-holder.lookup.js';
import { JwtAccessTokens } from '../../../adapters/node/jwt-access-tokens.js';
import { ScryptPasswordHasher } from '../../../adapters/node/scrypt-password.hasher.js';
import { SqlTenantRepository } from '../../../adapters/sql/sql-tenant.repository.js';
import { SqlUserRepository } from '../../../adapters/sql/sql-user.repository.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import type { Config } from '../config.js';
import { resolveAuthSecret } from './auth-secret.js';
import { PLATFORM } from './platform.tokens.js';
import { TENANCY } from './tenancy.tokens.js';

/** SQL adapters of the tenancy ports, over whichever Kysely dialect is bound. */
export function bindTenancySql(container: Container): void {
  container
    .bind<TenantRepository>(TENANCY.TenantRepository)
    .toResolvedValue((database: SqlDatabase) => new SqlTenantRepository(database.db), [PLATFORM.SqlDatabase])
    .inSingletonScope();
  container
    .bind<UserRepository>(TENANCY.UserRepository)
    .toResolvedValue((database: SqlDatabase) => new SqlUserRepository(database.db), [PLATFORM.SqlDatabase])
    .inSingletonScope();
}

/** Operator use cases on tenants and users; needs the repositories bound. */
export function bindTenancyServices(container: Container): void {
  container.bind<PasswordHasher>(TENANCY.PasswordHasher).toResolvedValue(() => new ScryptPasswordHasher(), []).inSingletonScope();
  container
    .bind<TenantAdmin>(TENANCY.TenantAdmin)
    .toResolvedValue(
      (tenants: TenantRepository, users: UserRepository, hasher: PasswordHasher, ids: IdGenerator, clock: Clock) =>
        new TenantAdmin(tenants, users, hasher, ids, clock),
      [TENANCY.TenantRepository, TENANCY.UserRepository, TENANCY.PasswordHasher, PLATFORM.IdGenerator, PLATFORM.Clock],
    )
    .inSingletonScope();
}

/** Login and token signing; the secret is resolved (and generated) on first use only. */
export function bindAuth(container: Container): void {
  container
    .bind<string>(TENANCY.AuthSecret)
    .toResolvedValue((config: Config, logger: Logger) => resolveAuthSecret(config, logger), [PLATFORM.Config, PLATFORM.Logger])
    .inSingletonScope();
  container
    .bind<AccessTokens>(TENANCY.AccessTokens)
    .toResolvedValue((config: Config, secret: string, clock: Clock) => new JwtAccessTokens(secret, config.auth.jwtAlgorithm, clock), [PLATFORM.Config, TENANCY.AuthSecret, PLATFORM.Clock])
    .inSingletonScope();
  container
    .bind<Login>(TENANCY.Login)
    .toResolvedValue(
      (config: Config, users: UserRepository, hasher: PasswordHasher, tokens: AccessTokens, clock: Clock, ids: IdGenerator) =>
        new Login(users, hasher, tokens, clock, ids, config.auth.tokenTtlSeconds),
      [PLATFORM.Config, TENANCY.UserRepository, TENANCY.PasswordHasher, TENANCY.AccessTokens, PLATFORM.Clock, PLATFORM.IdGenerator],
    )
    .inSingletonScope();
  container
    .bind<TokenHolders>(TENANCY.TokenHolders)
    // Users remembered for USER_CHECK_TTL_MS on the domain's clock (tests step it).
    .toResolvedValue(
      (users: UserRepository, clock: Clock) => new TokenHolders(new LruTokenHolderLookup(tokenHoldersOf(users), { now: () => clock.now().getTime() })),
      [TENANCY.UserRepository, PLATFORM.Clock],
    )
    .inSingletonScope();
}
