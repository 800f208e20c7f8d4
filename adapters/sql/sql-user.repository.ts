import type { Kysely } from 'kysely';
import { conflict } from '../../core/shared/errors.js';
import type { UserPosition, UserRepository } from '../../core/tenancy/ports.js';
import type { Role, User } from '../../core/tenancy/tenancy.model.js';
import type { Database } from './database.js';

/** Emails are unique across tenants (login names no tenant); a duplicate is a CONFLICT. */
export class SqlUserRepository implements UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(user: User): Promise<void> {
    const result = await this.db.insertInto('users').values({ ...user, disabled_at: user.disabled_at ?? null }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw conflict(`A user with email ${user.email} already exists.`);
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    return row ? { ...row, role: row.role as Role } : null;
  }

  async findById(userId: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row ? { ...row, role: row.role as Role } : null;
  }

  async setDisabled(userId: string, disabledAt: string | null): Promise<boolean> {
    const result = await this.db.updateTable('users').set({ disabled_at: disabledAt }).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(userId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The index users_tenant (tenant_id) narrows; a tenant has few users. */
  async listByTenant(tenantId: string, after: UserPosition | null, limit: number): Promise<User[]> {
    let query = this.db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId);
    if (after !== null) query = query.where((eb) => eb(eb.refTuple('created_at', 'user_id'), '>', eb.tuple(after.created_at, after.user_id)));
    const rows = await query.orderBy('created_at').orderBy('user_id').limit(limit).execute();
    return rows.map((row) => ({ ...row, role: row.role as Role }));
  }
}
