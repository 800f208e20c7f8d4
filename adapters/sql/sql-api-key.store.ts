import type { Kysely } from 'kysely';
import type { ApiKeyRecord, ApiKeyStore } from '../../core/attestation/ports.js';
import type { Database } from './database.js';

export class SqlApiKeyStore implements ApiKeyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(record: ApiKeyRecord): Promise<void> {
    await this.db.insertInto('api_keys').values(record).execute();
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    return row ?? null;
  }

  async revoke(keyId: string, at: string): Promise<boolean> {
    const existing = await this.db.selectFrom('api_keys').select(['revoked_at']).where('key_id', '=', keyId).executeTakeFirst();
    if (!existing) return false;
    if (existing.revoked_at === null) {
      await this.db.updateTable('api_keys').set({ revoked_at: at }).where('key_id', '=', keyId).execute();
    }
    return true;
  }
}
