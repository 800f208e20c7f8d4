import type { Kysely } from 'kysely';
import type { KeyPlan, PriceList } from '../../core/billing/billing.model.js';
import type { ApiKeyRecord, ApiKeyStore } from '../../core/attestation/ports.js';
import type { ApiKeysTable } from './attestation.tables.js';
import type { Database } from './database.js';
import { conflictOnDuplicate } from './unique-violation.js';

const planColumns = (plan: KeyPlan = { plan: 'production' }) => ({
  plan: plan.plan,
  plan_until: plan.plan === 'pilot' ? plan.until : null,
  price_list_json: plan.plan === 'custom' ? JSON.stringify(plan.price_list) : null,
});

function planOf(row: Pick<ApiKeysTable, 'plan' | 'plan_until' | 'price_list_json'>): KeyPlan {
  if (row.plan === 'pilot' && row.plan_until !== null) return { plan: 'pilot', until: row.plan_until };
  if (row.plan === 'custom' && row.price_list_json !== null) return { plan: 'custom', price_list: JSON.parse(row.price_list_json) as PriceList };
  return { plan: 'production' };
}

const fromRow = ({ plan, plan_until, price_list_json, ...rest }: ApiKeysTable): ApiKeyRecord => ({
  ...rest,
  per_minute: Number(rest.per_minute),
  plan: planOf({ plan, plan_until, price_list_json }),
});

export class SqlApiKeyStore implements ApiKeyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(record: ApiKeyRecord): Promise<void> {
    const { plan, ...rest } = record;
    await conflictOnDuplicate(this.db.insertInto('api_keys').values({ ...rest, ...planColumns(plan) }).execute(), () => `API key ${record.key_id} (or its hash) exists already.`);
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async find(keyId: string): Promise<ApiKeyRecord | null> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('key_id', '=', keyId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (await this.db.selectFrom('api_keys').selectAll().orderBy('key_id').execute()).map(fromRow);
  }

  async revoke(keyId: string, at: string): Promise<boolean> {
    const existing = await this.db.selectFrom('api_keys').select(['revoked_at']).where('key_id', '=', keyId).executeTakeFirst();
    if (!existing) return false;
    if (existing.revoked_at === null) {
      await this.db.updateTable('api_keys').set({ revoked_at: at }).where('key_id', '=', keyId).execute();
    }
    return true;
  }

  async setPlan(keyId: string, plan: KeyPlan): Promise<boolean> {
    const result = await this.db.updateTable('api_keys').set(planColumns(plan)).where('key_id', '=', keyId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
