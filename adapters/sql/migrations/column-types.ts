import { type ColumnDataType, type ColumnDefinitionBuilder, type Expression, type Kysely, PostgresAdapter, sql } from 'kysely';

type DataTypeExpression = ColumnDataType | Expression<unknown>;

/**
 * Column types of the shared migrations, per dialect. On PostgreSQL every text column
 * compares byte by byte (`COLLATE "C"`), as SQLite's text does: list order and keyset
 * cursors (`(started_at, call_id) < (…)`) must not depend on the server's locale.
 */
export interface ColumnTypes {
  text: DataTypeExpression;
  blob: DataTypeExpression;
  /** An auto-numbered integer primary key: `integer … autoincrement` or `serial`. */
  serialKey: DataTypeExpression;
  serialKeyOptions(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

const SQLITE: ColumnTypes = {
  text: 'text',
  blob: 'blob',
  serialKey: 'integer',
  serialKeyOptions: (c) => c.primaryKey().autoIncrement(),
};

const POSTGRES: ColumnTypes = {
  text: sql`text collate "C"`,
  blob: 'bytea',
  serialKey: 'serial',
  serialKeyOptions: (c) => c.primaryKey(),
};

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export const columnTypes = (db: Kysely<any>): ColumnTypes => (isPostgres(db) ? POSTGRES : SQLITE);
