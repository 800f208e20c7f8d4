import { unauthenticated } from '../../shared/errors.js';
import type { Clock, IdGenerator } from '../../shared/ports.js';
import type { PasswordHasher, UserRepository } from '../../tenancy/ports.js';
import { normaliseEmail, PASSWORD_MAX_LENGTH } from '../../tenancy/tenancy.model.js';
import type { IssuedToken } from '../auth.model.js';
import type { AccessTokens } from '../ports.js';

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

const BAD_CREDENTIALS = 'The email or password is wrong.';

/**
 * Email and password for an access token. An unknown email and a wrong password are the
 * same 401 and cost the same: the unknown email is checked against a dummy hash made
 * with the same parameters, so timing does not reveal which accounts exist.
 */
export class Login {
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokens,
    private readonly clock: Clock,
    ids: IdGenerator,
    private readonly lifetimeSeconds: number = DEFAULT_TOKEN_LIFETIME_SECONDS,
  ) {
    this.dummyHash = hasher.hash(ids.secret(24));
    this.dummyHash.catch(() => undefined); // awaited (and rethrown) at the first unknown email
  }

  async execute(email: string, password: string): Promise<IssuedToken> {
    const user = await this.users.findByEmail(normaliseEmail(email));
    const candidate = password.slice(0, PASSWORD_MAX_LENGTH + 1);
    const matches = await this.hasher.verify(candidate, user?.password_hash ?? (await this.dummyHash));
    // A disabled user gets the same answer as a wrong password, after the same work.
    if (!user || !matches || user.disabled_at != null) throw unauthenticated(BAD_CREDENTIALS);
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const access_token = this.tokens.sign({ sub: user.user_id, tenant_id: user.tenant_id, role: user.role, iat, exp: iat + this.lifetimeSeconds });
    return { access_token, token_type: 'Bearer', expires_in: this.lifetimeSeconds, tenant_id: user.tenant_id, role: user.role };
  }
}
