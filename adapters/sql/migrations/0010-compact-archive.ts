import type { Kysely } from 'kysely';
import { decodeArchiveBody, encodeArchiveBody } from '../archive-codec.js';
import { currentArchiveDictionary } from '../archive-dictionary.js';
import type { ColumnTypes } from '../sql-dialect.js';

/**
 * Issue 25 (ADR 0027): the archive in its compact form. `verification_archive` is rebuilt with
 * the listing's columns (verdict, subject) and the request and response texts deflated against a
 * dictionary stored once in `archive_dictionaries`; the rows already archived are converted in
 * batches, each reading back the same bytes as before.
 */
const BATCH = 500;

interface LegacyRow {
  request_id: string;
  served_at: string;
  tier: string;
  key_id: string | null;
  request_json: string;
  response_json: string;
}

/** An archive table with the columns both forms share: who asked what, when. */
function archiveTable(db: Kysely<any>, t: ColumnTypes, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('request_id', t.text, (c) => c.primaryKey())
    .addColumn('served_at', t.text, (c) => c.notNull())
    .addColumn('tier', t.text, (c) => c.notNull())
    .addColumn('key_id', t.text);
}

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('archive_dictionaries')
    .addColumn('dictionary_id', t.serialKey, t.serialKeyOptions)
    .addColumn('sha256', t.text, (c) => c.notNull().unique())
    .addColumn('content', t.blob, (c) => c.notNull())
    .execute();
  await archiveTable(db, t, 'verification_archive_compact')
    .addColumn('verdict', t.text, (c) => c.notNull())
    .addColumn('subject_artist', t.text, (c) => c.notNull())
    .addColumn('subject_title', t.text, (c) => c.notNull())
    .addColumn('dictionary_id', 'integer', (c) => c.notNull().references('archive_dictionaries.dictionary_id'))
    .addColumn('body', t.blob, (c) => c.notNull())
    .execute();
  const dictionary = await currentArchiveDictionary(db);
  for (let after = ''; ; ) {
    const rows = (await db.selectFrom('verification_archive').selectAll().where('request_id', '>', after).orderBy('request_id').limit(BATCH).execute()) as LegacyRow[];
    if (rows.length === 0) break;
    await db
      .insertInto('verification_archive_compact')
      .values(
        rows.map((r) => {
          const response = JSON.parse(r.response_json) as { verdict: string; subject: { artist: string; title: string } };
          return {
            request_id: r.request_id,
            served_at: r.served_at,
            tier: r.tier,
            key_id: r.key_id,
            verdict: response.verdict,
            subject_artist: response.subject.artist,
            subject_title: response.subject.title,
            dictionary_id: dictionary.dictionary_id,
            body: encodeArchiveBody(r, dictionary),
          };
        }),
      )
      .execute();
    after = rows[rows.length - 1].request_id;
  }
  await db.schema.dropTable('verification_archive').execute();
  await db.schema.alterTable('verification_archive_compact').renameTo('verification_archive').execute();
  await db.schema.createIndex('verification_archive_key_served').on('verification_archive').columns(['key_id', 'served_at', 'request_id']).execute();
}

export async function down(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await archiveTable(db, t, 'verification_archive_text')
    .addColumn('request_json', t.text, (c) => c.notNull())
    .addColumn('response_json', t.text, (c) => c.notNull())
    .execute();
  const dictionaries = new Map(
    (await db.selectFrom('archive_dictionaries').select(['dictionary_id', 'content']).execute()).map((d) => [Number(d.dictionary_id), { dictionary_id: Number(d.dictionary_id), content: Buffer.from(d.content) }]),
  );
  for (let after = ''; ; ) {
    const rows = await db.selectFrom('verification_archive').selectAll().where('request_id', '>', after).orderBy('request_id').limit(BATCH).execute();
    if (rows.length === 0) break;
    await db
      .insertInto('verification_archive_text')
      .values(rows.map((r) => ({ request_id: r.request_id, served_at: r.served_at, tier: r.tier, key_id: r.key_id, ...decodeArchiveBody(r.body, dictionaries.get(Number(r.dictionary_id))!) })))
      .execute();
    after = rows[rows.length - 1].request_id;
  }
  await db.schema.dropTable('verification_archive').execute();
  await db.schema.dropTable('archive_dictionaries').execute();
  await db.schema.alterTable('verification_archive_text').renameTo('verification_archive').execute();
  await db.schema.createIndex('verification_archive_key_served').on('verification_archive').columns(['key_id', 'served_at', 'request_id']).execute();
}
