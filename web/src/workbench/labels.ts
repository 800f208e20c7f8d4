import type { Schemas } from '../api/client';
import type { Tone } from '../ui/controls';
import type { Verification } from './lots';
import type { WorkbenchMessages } from './messages';

type Reason = NonNullable<Verification['reason']>;

const REASONS: Record<Reason, keyof WorkbenchMessages> = {
  artist_not_covered: 'reason_artist_not_covered',
  work_not_found: 'reason_work_not_found',
  ambiguous_artist: 'reason_ambiguous_artist',
  ambiguous_title: 'reason_ambiguous_title',
  generic_title: 'reason_generic_title',
  dates_conflict: 'reason_dates_conflict',
  no_artist_named: 'reason_no_artist_named',
  object_mismatch: 'reason_object_mismatch',
};

export const reasonLabel = (m: WorkbenchMessages, reason: string): string => {
  const key = REASONS[reason as Reason];
  return key === undefined ? reason : (m[key] as string);
};

export const VERDICT_TONE: Record<Verification['verdict'] | 'error', Tone> = { attested: 'good', contradicted: 'bad', unavailable: 'neutral', error: 'info' };

export const verdictLabel = (m: WorkbenchMessages, verdict: Verification['verdict'] | 'error'): string =>
  ({ attested: m.verdict_attested, contradicted: m.verdict_contradicted, unavailable: m.verdict_unavailable, error: m.verdict_error })[verdict];

export const orderStatusLabel = (m: WorkbenchMessages, status: Schemas['ResearchOrder']['status']): string =>
  ({ requested: m.status_requested, accepted: m.status_accepted, delivered: m.status_delivered, declined: m.status_declined, cancelled: m.status_cancelled })[status];
