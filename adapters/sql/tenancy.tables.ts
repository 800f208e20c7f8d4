/** Tables of tenants and their users (migration 0002), as Kysely sees them. */
export interface TenancyTables {
  tenants: TenantsTable;
  users: UsersTable;
}

export interface TenantsTable {
  tenant_id: string;
  name: string;
  created_at: string;
}

export interface UsersTable {
  user_id: string;
  tenant_id: string;
  /** Normalised (lower case); unique across tenants. */
  email: string;
  role: string;
  password_hash: string;
  created_at: string;
  /** ISO instant the user was disabled at; null while enabled. */
  disabled_at: string | null;
}
