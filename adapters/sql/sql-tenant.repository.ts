import type { Kysely } from 'kysely';
import { conflict } from '../../core/shared/errors.js';
import type { TenantRepository } from '../../core/tenancy/ports.js';
import type { Tenant } from '../../core/tenancy/tenancy.model.js';
import type { Database } from './database.js';

/** `ON CONFLICT DO NOTHING` turns a duplicate into "0 rows" on every dialect, so no vendor error code is parsed. */
export class SqlTenantRepository implements TenantRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(tenant: Tenant): Promise<void> {
    const result = await this.db.insertInto('tenants').values(tenant).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw conflict(`Tenant ${tenant.tenant_id} already exists.`);
  }

  async find(tenantId: string): Promise<Tenant | null> {
    return (await this.db.selectFrom('tenants').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst()) ?? null;
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('tenants').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
