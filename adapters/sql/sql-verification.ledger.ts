import type { Kysely } from 'kysely';
import type { VerificationLedger, VerificationTrace } from '../../core/attestation/ports.js';
import type { Database } from './database.js';

export const SANDBOX_METER = 'sandbox';

/** Archive and meter in one transaction, over any Kysely dialect. */
export class SqlVerificationLedger implements VerificationLedger {
  constructor(private readonly db: Kysely<Database>) {}

  async record(trace: VerificationTrace): Promise<void> {
    const month = trace.served_at.slice(0, 7);
    const meter_id = trace.key_id ?? SANDBOX_METER;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('verification_archive')
        .values({
          request_id: trace.request_id,
          served_at: trace.served_at,
          tier: trace.tier,
          key_id: trace.key_id,
          request_json: JSON.stringify(trace.request),
          response_json: JSON.stringify(trace.response),
        })
        .execute();
      await trx
        .insertInto('verification_usage')
        .values({ meter_id, month, served_calls: 1 })
        .onConflict((oc) =>
          oc.columns(['meter_id', 'month']).doUpdateSet((eb) => ({ served_calls: eb('verification_usage.served_calls', '+', 1) })),
        )
        .execute();
    });
  }

  async find(requestId: string): Promise<VerificationTrace | null> {
    const row = await this.db
      .selectFrom('verification_archive')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      request_id: row.request_id,
      served_at: row.served_at,
      tier: row.tier === 'production' ? 'production' : 'sandbox',
      key_id: row.key_id,
      request: JSON.parse(row.request_json),
      response: JSON.parse(row.response_json),
    };
  }

  async servedCalls(keyId: string, month: string): Promise<number> {
    const row = await this.db
      .selectFrom('verification_usage')
      .select('served_calls')
      .where('meter_id', '=', keyId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row ? Number(row.served_calls) : 0;
  }
}
