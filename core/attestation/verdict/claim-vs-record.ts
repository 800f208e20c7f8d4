/**
 * The claimed qualifier against the record's (docs/decisions/0012-catalogue-forms-and-batch.md).
 *
 * Each qualifier is ranked by the guarantee decree 81-255 gives it: art. 3 (a plain "by") is the
 * strongest, then art. 4 (attributed to), art. 5 (workshop), art. 6 (school, circle, follower,
 * pupil), art. 7 (manner, style, imitator, after: no guarantee). `formerly attributed to` is not
 * a guarantee but a rejection. The record's standing for the subject artist is one of:
 * `firm`, `qualified` (its weakest qualifier for the subject in the deciding tier; sources of that
 * tier disagreeing count as "attributed to"), or `rejected` (only a former attribution, the work
 * now given to another artist, or no current attribution).
 *
 * | claim \ record            | firm                          | qualified (article r)                        | rejected                       |
 * |---------------------------|-------------------------------|----------------------------------------------|--------------------------------|
 * | firm (art. 3)             | attested                      | contradicted, record's term                  | contradicted, record's term    |
 * | qualified, article c      | attested, record's firmer term shown | c = r: attested; c > r (more careful): attested, record's firmer term shown; c < r: contradicted, record's term | contradicted, record's term |
 * | formerly attributed to    | contradicted, art. 3 term     | contradicted, record's term                  | attested                       |
 */
import type { Qualifier } from '../corpus/corpus.model.js';

/** The decree article a qualifier falls under, as a rank: 3 is the strongest guarantee. */
export const GUARANTEE: Readonly<Record<Exclude<Qualifier, 'formerly_attributed_to'>, number>> = {
  firm: 3,
  attributed_to: 4,
  possibly: 4,
  probably: 4,
  doubtfully_attributed_to: 4,
  workshop_of: 5,
  studio_of: 5,
  school_of: 6,
  pupil_of: 6,
  circle_of: 6,
  follower_of: 6,
  manner_of: 7,
  style_of: 7,
  imitator_of: 7,
  after: 7,
  copy_after: 7,
};

export type RecordStanding = { kind: 'firm' } | { kind: 'qualified'; qualifier: Qualifier } | { kind: 'rejected' };

/**
 * - `same`: the claim says what the record says (attested, nothing to suggest);
 * - `more_careful`: the claim is weaker than the record (attested, the record's firmer term shown);
 * - `contradicted`: the claim says more than the record, or names an artist the record rejects,
 *   or calls former an attribution the record holds (contradicted, the record's term suggested).
 */
export type ClaimJudgement = 'same' | 'more_careful' | 'contradicted';

export function judgeClaim(claim: Qualifier | null, record: RecordStanding): ClaimJudgement {
  const claimed = claim ?? 'firm';
  if (claimed === 'formerly_attributed_to') return record.kind === 'rejected' ? 'same' : 'contradicted';
  if (record.kind === 'rejected') return 'contradicted';
  const recordRank = record.kind === 'firm' || record.qualifier === 'formerly_attributed_to' ? 3 : GUARANTEE[record.qualifier];
  const claimRank = GUARANTEE[claimed];
  if (claimRank === recordRank) return 'same';
  return claimRank > recordRank ? 'more_careful' : 'contradicted';
}
