import type { Kysely } from 'kysely';
import { BODY_CODEC, deflatePlainBody } from '../archive-codec.js';
import type { ColumnTypes } from '../sql-dialect.js';

/**
 * ADR 0053: a verification is archived with its texts plain and deflated later, when the archive
 * is idle, by the writer's compaction. Until then its row in `verification_archive` has an empty
 * `body` and `body_codec` 0, and the plain texts wait in `verification_archive_plain`: the
 * archive's own pages only ever hold compact rows, and the plain table's pages are freed (and
 * reused by the next burst) as compaction empties it. Every row written before stays deflated
 * (`body_codec` 1, the default).
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('verification_archive')
    .addColumn('body_codec', 'integer', (c) => c.notNull().defaultTo(BODY_CODEC.deflated))
    .execute();
  await db.schema
    .createTable('verification_archive_plain')
    .addColumn('request_id', t.text, (c) => c.primaryKey().references('verification_archive.request_id').onDelete('cascade'))
    .addColumn('body', t.blob, (c) => c.notNull())
    .execute();
}

/** Back to every row deflated: the plain texts are deflated into their rows, then the table and column go. */
export async function down(db: Kysely<any>): Promise<void> {
  const dictionaries = new Map<number, Buffer>();
  for (;;) {
    const rows = await db
      .selectFrom('verification_archive_plain as p')
      .innerJoin('verification_archive as a', 'a.request_id', 'p.request_id')
      .select(['p.request_id', 'a.dictionary_id', 'p.body'])
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const id = Number(row.dictionary_id);
      let content = dictionaries.get(id);
      if (content === undefined) {
        const found = await db.selectFrom('archive_dictionaries').select('content').where('dictionary_id', '=', id).executeTakeFirstOrThrow();
        content = Buffer.from(found.content as Uint8Array);
        dictionaries.set(id, content);
      }
      await db
        .updateTable('verification_archive')
        .set({ body: deflatePlainBody(row.body as Uint8Array, { dictionary_id: id, content }), body_codec: BODY_CODEC.deflated })
        .where('request_id', '=', row.request_id)
        .execute();
      await db.deleteFrom('verification_archive_plain').where('request_id', '=', row.request_id).execute();
    }
  }
  await db.schema.dropTable('verification_archive_plain').execute();
  await db.schema.alterTable('verification_archive').dropColumn('body_codec').execute();
}
