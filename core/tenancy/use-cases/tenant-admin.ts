import { conflict, notFound, validationError } from '../../shared/errors.js';
import type { Clock, IdGenerator } from '../../shared/ports.js';
import type { PasswordHasher, TenantRepository, UserRepository } from '../ports.js';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TENANT_ID_PATTERN,
  isRole,
  normaliseEmail,
  type Role,
  type Tenant,
  type User,
  type UserView,
} from '../tenancy.model.js';

export interface NewUser {
  tenant_id: string;
  email: string;
  role: string;
  password: string;
}

const view = ({ password_hash: _hash, ...rest }: User): UserView => rest;

/** Operator actions on tenants and users (svc-admin, first-start seeding). */
export class TenantAdmin {
  constructor(
    private readonly tenants: TenantRepository,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async createTenant(tenantId: string, name?: string): Promise<Tenant> {
    if (!TENANT_ID_PATTERN.test(tenantId)) {
      throw validationError('tenant_id must be 2 to 63 lower-case letters, digits or inner hyphens.', [
        { path: 'tenant_id', message: 'must match ^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$' },
      ]);
    }
    const cleanName = (name ?? tenantId).trim();
    if (cleanName.length === 0 || cleanName.length > 200) {
      throw validationError('The name must be 1 to 200 characters.', [{ path: 'name', message: 'must be 1 to 200 characters' }]);
    }
    if (await this.tenants.find(tenantId)) throw conflict(`Tenant ${tenantId} already exists.`);
    const tenant: Tenant = { tenant_id: tenantId, name: cleanName, created_at: this.clock.now().toISOString() };
    await this.tenants.insert(tenant);
    return tenant;
  }

  async createUser(input: NewUser): Promise<UserView> {
    const email = normaliseEmail(input.email);
    const errors = [];
    if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.push({ path: 'email', message: 'must be an email address' });
    if (!isRole(input.role)) errors.push({ path: 'role', message: 'must be admin or member' });
    if (input.password.length < PASSWORD_MIN_LENGTH || input.password.length > PASSWORD_MAX_LENGTH) {
      errors.push({ path: 'password', message: `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters` });
    }
    if (errors.length > 0) throw validationError(`Invalid user: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors);
    if (!(await this.tenants.find(input.tenant_id))) throw notFound(`No tenant ${input.tenant_id}.`);
    if (await this.users.findByEmail(email)) throw conflict(`A user with email ${email} already exists.`);
    const user = {
      user_id: `usr_${this.ids.secret(12)}`,
      tenant_id: input.tenant_id,
      email,
      role: input.role as Role,
      password_hash: await this.hasher.hash(input.password),
      created_at: this.clock.now().toISOString(),
    };
    await this.users.insert(user);
    return view(user);
  }

  /** Disables (`disabled: true`) or enables a user by email: a disabled user cannot log in and its tokens are refused. */
  async setUserDisabled(email: string, disabled: boolean): Promise<UserView> {
    const user = await this.userByEmail(email);
    const disabled_at = disabled ? (user.disabled_at ?? this.clock.now().toISOString()) : null;
    await this.users.setDisabled(user.user_id, disabled_at);
    return view({ ...user, disabled_at });
  }

  /** Removes a user by email; its tokens are refused from then on. */
  async deleteUser(email: string): Promise<UserView & { deleted: true }> {
    const user = await this.userByEmail(email);
    if (!(await this.users.delete(user.user_id))) throw notFound(`No user with email ${normaliseEmail(email)}.`);
    return { ...view(user), deleted: true };
  }

  private async userByEmail(email: string) {
    const user = await this.users.findByEmail(normaliseEmail(email));
    if (!user) throw notFound(`No user with email ${normaliseEmail(email)}.`);
    return user;
  }

  async tenantExists(tenantId: string): Promise<boolean> {
    return (await this.tenants.find(tenantId)) !== null;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.tenants.count()) === 0;
  }
}
