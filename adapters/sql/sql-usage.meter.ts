import type { Kysely } from 'kysely';
import type { UsageMeter } from '../../core/billing/ports.js';
import type { Database } from './database.js';

/**
 * The meter as invoicing reads it: the monthly counter (`verification_usage`), and for a pilot
 * ending mid-month the archive, counted by key and time (index `verification_archive_key_served`, migration 0008).
 * Both are written in one transaction per verification, so they agree.
 */
export class SqlUsageMeter implements UsageMeter {
  constructor(private readonly db: Kysely<Database>) {}

  async servedCalls(keyId: string, month: string): Promise<number> {
    const row = await this.db.selectFrom('verification_usage').select('served_calls').where('meter_id', '=', keyId).where('month', '=', month).executeTakeFirst();
    return row ? Number(row.served_calls) : 0;
  }

  async servedCallsBetween(keyId: string, from: string, to: string): Promise<number> {
    const row = await this.db
      .selectFrom('verification_archive')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('key_id', '=', keyId)
      .where('served_at', '>=', from)
      .where('served_at', '<', to)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
