import type { Container } from 'inversify';
import { TokenHolders } from '../../../core/auth/use-cases/token-holders.js';
import type { Logger } from 'pino';
import { Login } from '../../../core/auth/use-cases/login.js';
import type { TokenSigner } from '../../../core/auth/ports.js';
import type { Clock, IdGenerator } from '../../../core/shared/ports.js';
import type { PasswordHasher, TenantRepository, UserRepository } from '../../../core/tenancy/ports.js';
import { TenantAdmin } from '../../../core/tenancy/use-cases/tenant-admin.js';
import { JwtTokenSigner } from '../../../adapters/node/jwt-token.signer.js';
import { ScryptPasswordHasher } from '../../../adapters/node/scrypt-password.hasher.js';
import { SqlTenantRepository } from '../../../adapters/sql/sql-tenant.repository.js';
import { SqlUserRepository } from '../../../adapters/sql/sql-user.repository.js';
import type { SqlDatabase } from '../../../adapters/sql/database.js';
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
    .bind<TokenSigner>(TENANCY.TokenSigner)
    .toResolvedValue((config: Config, secret: string) => new JwtTokenSigner(secret, config.auth.jwtAlgorithm), [PLATFORM.Config, TENANCY.AuthSecret])
    .inSingletonScope();
  container
    .bind<Login>(TENANCY.Login)
    .toResolvedValue(
      (config: Config, users: UserRepository, hasher: PasswordHasher, signer: TokenSigner, clock: Clock, ids: IdGenerator) =>
        new Login(users, hasher, signer, clock, ids, config.auth.tokenTtlSeconds),
      [PLATFORM.Config, TENANCY.UserRepository, TENANCY.PasswordHasher, TENANCY.TokenSigner, PLATFORM.Clock, PLATFORM.IdGenerator],
    )
    .inSingletonScope();
  container
    .bind<TokenHolders>(TENANCY.TokenHolders)
    .toResolvedValue((users: UserRepository, clock: Clock) => new TokenHolders(users, clock), [TENANCY.UserRepository, PLATFORM.Clock])
    .inSingletonScope();
}
