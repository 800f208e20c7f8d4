import type { Tenant, User } from './tenancy.model.js';

export interface TenantRepository {
  /** Stores a new tenant; an existing tenant_id is a CONFLICT domain error. */
  insert(tenant: Tenant): Promise<void>;
  find(tenantId: string): Promise<Tenant | null>;
  /** How many tenants exist (an empty database has none). */
  count(): Promise<number>;
}

export interface UserRepository {
  /** Stores a new user; an email already taken (by any tenant) is a CONFLICT domain error. */
  insert(user: User): Promise<void>;
  /** By normalised email. */
  findByEmail(email: string): Promise<User | null>;
  findById(userId: string): Promise<User | null>;
  /** Sets (an instant) or clears (null) `disabled_at`; false when no such user. */
  setDisabled(userId: string, disabledAt: string | null): Promise<boolean>;
  /** Removes the user; false when there was none. */
  delete(userId: string): Promise<boolean>;
  /**
   * At most `limit` users of the tenant, oldest first (created_at, then user_id, both ascending),
   * strictly after `after` in that order.
   */
  listByTenant(tenantId: string, after: UserPosition | null, limit: number): Promise<User[]>;
}

/** Where a page of users ends: the last user's sort key. */
export interface UserPosition {
  created_at: string;
  user_id: string;
}

/** A memory-hard, salted password hash. `verify` compares in constant time. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash it cannot read; never throws on bad input. */
  verify(password: string, encoded: string): Promise<boolean>;
}

/** Everything a tenant owns, removed at once (offboarding). */
export interface TenantDataEraser {
  /**
   * In ONE transaction, deletes every row the tenant owns in every table and index (users,
   * calls and their search entries, knowledge and its index, sync runs, agents and versions,
   * workspace, webhook subscriptions, events, deliveries and attempts, erasure records, the
   * tenant). Returns the rows deleted per table; an unknown tenant deletes nothing.
   */
  deleteTenant(tenantId: string): Promise<Record<string, number>>;
}
