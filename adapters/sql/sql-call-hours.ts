import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { CALL_STATUSES, CHANNELS, DIRECTIONS } from '../../core/calls/call.model.js';
import type { CallsTable } from './calls.tables.js';
import type { Database } from './database.js';
import type { SqlCallTextSearch } from './sql-dialect.js';

/**
 * The calls per UTC hour and agent of `call_stats_hours` (migration 0018, ADR 0058), kept in the same
 * transactions as the calls: inserting a call adds it to its hour's row; deleting calls counts
 * their hours again from the calls that remain. Every writer of `calls` goes through here, but
 * a tenant's offboarding, which deletes its hours with all its calls (sql-tenant-data.eraser.ts).
 */

/** An hour's key: the first 13 characters of a normalised instant (`2026-11-03T10`). */
export const hourOf = (startedAt: string): string => startedAt.slice(0, 13);

/** Hours (or instants) per statement: well under every dialect's bound parameters. */
const CHUNK = 400;
/** Rows per upsert: 16 parameters each (a batch of calls over a year touches as many hours as calls). */
const ROWS_PER_UPSERT = 200;

/** The count columns of an hour's row, `<column>_<value>`, with the call column and value each counts. */
export const HOUR_COUNT_COLUMNS = [
  ...CHANNELS.map((value) => ({ name: `channel_${value}`, column: 'channel', value }) as const),
  ...DIRECTIONS.map((value) => ({ name: `direction_${value}`, column: 'direction', value }) as const),
  ...CALL_STATUSES.map((value) => ({ name: `status_${value}`, column: 'status', value }) as const),
];
type CountColumn = (typeof HOUR_COUNT_COLUMNS)[number]['name'];

/**
 * An hour's figures over the calls `FROM calls` keeps, as the columns of `call_stats_hours`:
 * `count(*)`, seconds, a `FILTER`ed count per channel, direction and status, and the durations
 * as text (`string_agg`, both dialects). The call analytics' slices of hours read the same.
 */
export const callFigures = (): RawBuilder<unknown> =>
  sql`count(*) AS calls, sum(calls.duration_seconds) AS total_seconds,
    ${sql.join(HOUR_COUNT_COLUMNS.map(({ name, column, value }) => sql`count(*) FILTER (WHERE ${sql.ref(`calls.${column}`)} = ${sql.lit(value)}) AS ${sql.ref(name)}`))},
    string_agg(calls.duration_seconds || '', ',') AS durations`;

type HourCall = Pick<CallsTable, 'tenant_id' | 'agent_id' | 'started_at' | 'channel' | 'direction' | 'status' | 'duration_seconds'>;

/** A call's agent as `call_stats_hours` keys it: '' for none (an agent_id is never empty). */
export const agentKeyOf = (agentId: string | null): string => agentId ?? '';

/**
 * Adds freshly inserted calls to their hours, inside the caller's transaction: one upsert per
 * (tenant, hour), the calls of the batch folded first (PostgreSQL refuses to update a row twice
 * in one statement). One per database (its upserts' SQL is the dialect's): the call repository's.
 */
export class CallHoursWriter {
  /**
   * The upsert of `n` hours' rows, compiled once per `n` and reused with new parameters: building
   * and compiling 200 rows of 16 values through the query builder costs more than the upsert
   * itself (an import of a year's calls touches nearly as many hours as it inserts calls).
   */
  private readonly upsertTexts = new Map<number, string>();

  async add(trx: Kysely<Database>, calls: readonly HourCall[]): Promise<void> {
    if (calls.length === 0) return;
    const rows = new Map<string, Database['call_stats_hours']>();
    for (const call of calls) {
      const hour = hourOf(call.started_at);
      const agent_key = agentKeyOf(call.agent_id);
      const key = `${call.tenant_id}\u0000${hour}\u0000${agent_key}`;
      let row = rows.get(key);
      if (row === undefined) {
        row = { tenant_id: call.tenant_id, hour, agent_key, calls: 0, total_seconds: 0, ...zeroCounts(), durations: '' };
        rows.set(key, row);
      }
      row.calls += 1;
      row.total_seconds += call.duration_seconds;
      row[`channel_${call.channel}` as CountColumn] += 1;
      row[`direction_${call.direction}` as CountColumn] += 1;
      row[`status_${call.status}` as CountColumn] += 1;
      row.durations = row.durations === '' ? String(call.duration_seconds) : `${row.durations},${call.duration_seconds}`;
    }
    const all = [...rows.values()];
    for (let from = 0; from < all.length; from += ROWS_PER_UPSERT) {
      const part = all.slice(from, from + ROWS_PER_UPSERT);
      await trx.executeQuery(CompiledQuery.raw(this.upsertText(trx, part.length), part.flatMap((row) => HOUR_COLUMNS.map((c) => row[c]))));
    }
  }

  private upsertText(db: Kysely<Database>, n: number): string {
    let text = this.upsertTexts.get(n);
    if (text === undefined) {
      const added = (column: string) => sql<number>`call_stats_hours.${sql.ref(column)} + excluded.${sql.ref(column)}`;
      const template = Object.fromEntries(HOUR_COLUMNS.map((c) => [c, c === 'tenant_id' || c === 'hour' || c === 'agent_key' || c === 'durations' ? '' : 0])) as unknown as Database['call_stats_hours'];
      text = db
        .insertInto('call_stats_hours')
        .values(Array.from({ length: n }, () => template))
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'hour', 'agent_key']).doUpdateSet({
            calls: added('calls'),
            total_seconds: added('total_seconds'),
            ...Object.fromEntries(HOUR_COUNT_COLUMNS.map(({ name }) => [name, added(name)])),
            durations: sql<string>`call_stats_hours.durations || ',' || excluded.durations`,
          }),
        )
        .compile().sql;
      this.upsertTexts.set(n, text);
    }
    return text;
  }
}

/** The columns of `call_stats_hours`, in the order an upsert binds them. */
const HOUR_COLUMNS = ['tenant_id', 'hour', 'agent_key', 'calls', 'total_seconds', ...HOUR_COUNT_COLUMNS.map((c) => c.name), 'durations'] as const;

/**
 * Deletes calls (by seq) with their search entries, inside the caller's transaction, then counts
 * their hours again from the calls left (an hour left with none loses its row).
 */
export async function deleteCalls(trx: Kysely<Database>, search: SqlCallTextSearch, seqs: readonly number[]): Promise<number> {
  let deleted = 0;
  for (let from = 0; from < seqs.length; from += CHUNK) {
    const part = seqs.slice(from, from + CHUNK);
    const hours = await trx.selectFrom('calls').select(['tenant_id', 'started_at']).where('seq', 'in', part).execute();
    await search.unindex(trx, part);
    deleted += Number((await trx.deleteFrom('calls').where('seq', 'in', part).executeTakeFirst()).numDeletedRows);
    const byTenant = new Map<string, Set<string>>();
    for (const { tenant_id, started_at } of hours) {
      const own = byTenant.get(tenant_id) ?? new Set<string>();
      own.add(hourOf(started_at));
      byTenant.set(tenant_id, own);
    }
    for (const [tenantId, own] of byTenant) await recountCallHours(trx, tenantId, [...own]);
  }
  return deleted;
}

/** Counts these hours of the tenant again from its calls, inside the caller's transaction. */
async function recountCallHours(trx: Kysely<Database>, tenantId: string, hours: readonly string[]): Promise<void> {
  for (let from = 0; from < hours.length; from += CHUNK) {
    const part = [...hours.slice(from, from + CHUNK)].sort();
    await trx.deleteFrom('call_stats_hours').where('tenant_id', '=', tenantId).where('hour', 'in', part).execute();
    const ranges = sql.join(part.map((h) => sql`(CAST(${`${h}:00:00.000Z`} AS TEXT), CAST(${hourAfter(h)} AS TEXT))`));
    await sql`
      WITH hours (hour_start, hour_end) AS (SELECT * FROM (VALUES ${ranges}) AS listed)
      INSERT INTO call_stats_hours (tenant_id, hour, agent_key, calls, total_seconds, ${sql.join(HOUR_COUNT_COLUMNS.map(({ name }) => sql.ref(name)))}, durations)
      SELECT calls.tenant_id, substr(calls.started_at, 1, 13), coalesce(calls.agent_id, ''), ${callFigures()}
      FROM hours CROSS JOIN calls
      WHERE calls.tenant_id = ${tenantId} AND calls.started_at >= hours.hour_start AND calls.started_at < hours.hour_end
      GROUP BY calls.tenant_id, substr(calls.started_at, 1, 13), coalesce(calls.agent_id, '')`.execute(trx);
  }
}

/** The instant an hour's key ends at (the next hour's first instant). */
function hourAfter(hour: string): string {
  return new Date(Date.parse(`${hour}:00:00.000Z`) + 3_600_000).toISOString();
}

function zeroCounts(): Record<CountColumn, number> {
  return Object.fromEntries(HOUR_COUNT_COLUMNS.map(({ name }) => [name, 0])) as Record<CountColumn, number>;
}
