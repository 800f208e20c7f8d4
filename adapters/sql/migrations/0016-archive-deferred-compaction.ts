import { type Kysely, sql } from 'kysely';
import { BODY_CODEC, deflatePlainBody } from '../archive-codec.js';

/**
 * ADR 0053: a verification is archived with its texts plain (`body_codec` 0) and deflated later,
 * when the archive is idle, by the writer's compaction; every row written before stays deflated
 * (`body_codec` 1, the default). The partial index lists the rows still plain, in the order
 * compaction takes them: it holds only them, so it is empty once the archive is compact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('verification_archive')
    .addColumn('body_codec', 'integer', (c) => c.notNull().defaultTo(BODY_CODEC.deflated))
    .execute();
  await db.schema.createIndex('verification_archive_plain').on('verification_archive').column('served_at').where(sql<boolean>`body_codec = ${sql.lit(BODY_CODEC.plain)}`).execute();
}

/** Back to every row deflated: the plain ones are deflated against their dictionary, then the column goes. */
export async function down(db: Kysely<any>): Promise<void> {
  const dictionaries = new Map<number, Buffer>();
  for (;;) {
    const rows = await db
      .selectFrom('verification_archive')
      .select(['request_id', 'dictionary_id', 'body'])
      .where('body_codec', '=', BODY_CODEC.plain)
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
    }
  }
  await db.schema.dropIndex('verification_archive_plain').execute();
  await db.schema.alterTable('verification_archive').dropColumn('body_codec').execute();
}
