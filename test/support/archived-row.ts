import type { Kysely } from 'kysely';
import { type ArchivedTexts, BODY_CODEC, type BodyCodec, decodeArchiveBody } from '../../adapters/sql/archive-codec.js';
import type { Database } from '../../adapters/sql/database.js';

/**
 * An archived verification as stored, read in one statement: its texts (deflated in the row, or
 * plain in `verification_archive_plain` until compaction, ADR 0053), the row's body size and codec,
 * and whether a plain table row waits for it.
 */
export async function archivedRow(db: Kysely<Database>, requestId: string): Promise<{ texts: ArchivedTexts; stored: number; codec: BodyCodec; waiting: boolean }> {
  const row = await db
    .selectFrom('verification_archive')
    .innerJoin('archive_dictionaries', 'archive_dictionaries.dictionary_id', 'verification_archive.dictionary_id')
    .leftJoin('verification_archive_plain', 'verification_archive_plain.request_id', 'verification_archive.request_id')
    .select(['verification_archive.body', 'body_codec', 'content', 'verification_archive.dictionary_id', 'verification_archive_plain.body as plain'])
    .where('verification_archive.request_id', '=', requestId)
    .executeTakeFirstOrThrow();
  const dictionary = { dictionary_id: Number(row.dictionary_id), content: Buffer.from(row.content) };
  return {
    texts: row.plain !== null ? decodeArchiveBody(row.plain, dictionary, BODY_CODEC.plain) : decodeArchiveBody(row.body, dictionary),
    stored: row.body.length,
    codec: row.body_codec === BODY_CODEC.plain ? BODY_CODEC.plain : BODY_CODEC.deflated,
    waiting: row.plain !== null,
  };
}
