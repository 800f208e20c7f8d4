import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { PILLARS, SOURCE_TAGS } from '../../core/attestation/corpus/corpus.model.js';
import { DISCLAIMER } from '../../core/attestation/verdict/disclaimer.js';
import { DECREE_81_255 } from '../../core/attestation/verdict/requalification.js';
import { ENGINE_ID, NEAR_MATCH_REASONS, type VerificationResponse } from '../../core/attestation/verdict/verification.model.js';
import { type ArchiveDictionary, SEPARATOR } from './archive-codec.js';
import type { Database } from './database.js';

/**
 * This release's dictionary: what a response repeats, in the order it is served, the most
 * frequent last (nearest, so cheapest to refer to). Built from the domain's constants only,
 * never from a served answer.
 */
export function archiveDictionaryContent(): Buffer {
  const request = { subject_artist: '', subject_title: '', subject_ref: '' };
  const requalifications = Object.values(DECREE_81_255).map((t) => ({ term_fr: t.term_fr, term_en: t.term_en, article: t.article, note: t.meaning }));
  const response: VerificationResponse = {
    engine: ENGINE_ID,
    request_id: '00000000-0000-4000-8000-000000000000',
    served_at: '2026-01-01T00:00:00.000Z',
    corpus_revision: '',
    subject: { artist: '', title: '' },
    parsed: { name: '', qualifier: null, dates: { birth_year: null, death_year: null, active_from: null, active_to: null, circa: false, text: '' }, title: '' },
    verdict: 'attested',
    verified_pillars: [...PILLARS],
    contradicted_pillars: [],
    attestations: SOURCE_TAGS.map((tag, i) => ({ pillar: PILLARS[i % PILLARS.length], claim: '', source_ref: 'https://', confidence: 0.85, status: 'verified', verified_by: tag })),
    near_matches: NEAR_MATCH_REASONS.map((reason) => ({ artist: '', title: '', work_id: 'wrk_', score: 0.9, reason })),
    suggested_requalification: requalifications[0] ?? null,
    disclaimer: DISCLAIMER,
  };
  const plain = { ...response, parsed: { ...response.parsed, dates: null }, verdict: 'unavailable', verified_pillars: [], attestations: [], near_matches: [], suggested_requalification: null };
  return Buffer.from([JSON.stringify(requalifications), JSON.stringify(request), JSON.stringify(response), JSON.stringify(request), JSON.stringify(plain)].join(SEPARATOR));
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** This release's dictionary in `archive_dictionaries` (added the first time), with its id. */
export async function currentArchiveDictionary(db: Kysely<Database>): Promise<ArchiveDictionary> {
  const content = archiveDictionaryContent();
  const digest = sha256(content);
  const find = () => db.selectFrom('archive_dictionaries').select('dictionary_id').where('sha256', '=', digest).executeTakeFirst();
  let found = await find();
  if (!found) {
    // Instances starting together on one PostgreSQL may both add it: one row stays.
    await sql`insert into archive_dictionaries (sha256, content) values (${digest}, ${content}) on conflict (sha256) do nothing`.execute(db);
    found = await find();
  }
  return { dictionary_id: Number(found!.dictionary_id), content };
}

/** Every dictionary by id, read once each (a handful in the life of an archive). */
export class ArchiveDictionaries {
  private readonly known = new Map<number, ArchiveDictionary>();

  constructor(private readonly db: Kysely<Database>) {}

  async get(dictionaryId: number): Promise<ArchiveDictionary> {
    const cached = this.known.get(dictionaryId);
    if (cached) return cached;
    const row = await this.db.selectFrom('archive_dictionaries').select(['dictionary_id', 'content']).where('dictionary_id', '=', dictionaryId).executeTakeFirstOrThrow();
    const dictionary = { dictionary_id: Number(row.dictionary_id), content: Buffer.from(row.content) };
    this.known.set(dictionaryId, dictionary);
    return dictionary;
  }
}
