import type { Kysely } from 'kysely';
import { type ArchivedTexts, decodeArchiveBody } from '../../adapters/sql/archive-codec.js';
import type { Database } from '../../adapters/sql/database.js';

/**
 * An archived verification as stored, read in one statement with the dictionary its row names:
 * its texts, decompressed (archive-codec.ts), and the bytes its body takes.
 */
export async function archivedRow(db: Kysely<Database>, requestId: string): Promise<{ texts: ArchivedTexts; stored: number }> {
  const row = await db
    .selectFrom('verification_archive')
    .innerJoin('archive_dictionaries', 'archive_dictionaries.dictionary_id', 'verification_archive.dictionary_id')
    .select(['body', 'content', 'verification_archive.dictionary_id'])
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow();
  return { texts: decodeArchiveBody(row.body, { dictionary_id: Number(row.dictionary_id), content: Buffer.from(row.content) }), stored: row.body.length };
}
