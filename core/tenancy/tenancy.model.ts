/** Tenants and their users. A user belongs to exactly one tenant; emails are unique service-wide. */
export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export interface Tenant {
  tenant_id: string;
  name: string;
  created_at: string;
}

export interface User {
  user_id: string;
  tenant_id: string;
  /** Normalised: trimmed, lower case. */
  email: string;
  role: Role;
  /** Encoded slow hash (scrypt), never the password. */
  password_hash: string;
  created_at: string;
  /** When an operator disabled the user (no login, tokens refused); null or absent while enabled. */
  disabled_at?: string | null;
}

/** A user as shown to operators: everything but the hash. */
export type UserView = Omit<User, 'password_hash'>;

/** Tenant ids appear in paths: lower-case letters, digits and inner hyphens, 2 to 63 characters. */
export const TENANT_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

/** Deliberately plain: one `@`, no spaces, a dot in the domain. Delivery is not our concern. */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
