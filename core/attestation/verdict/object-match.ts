/**
 * Which object (ADR 0032): the lot's object as `subject_medium` and `subject_date` give it, set
 * against the works whose title matched. A work of another kind than the lot (a print for a
 * bronze, a drawing for a painting), or dated far from it, is another object: it never attests
 * the lot. A work whose record gives no kind or no date is not ruled out on that ground.
 */
import type { CorpusWork, ObjectType } from '../corpus/corpus.model.js';
import { objectKindOfMedium } from '../matching/object-kind.js';
import type { VerifyInput, WorkDescription } from './verification.model.js';

/** Two dates fit when their year spans, each widened by this many years, overlap. */
export const DATE_TOLERANCE_YEARS = 10;
/** Longest date text read (a date is short; the rest is ignored, which keeps the cost bounded). */
const MAX_DATE_LENGTH = 200;

/** The lot's object as the subject describes it; null when it says nothing that can be compared. */
export interface LotObject {
  kind: ObjectType | null;
  years: YearSpan | null;
}

export interface YearSpan {
  from: number;
  to: number;
}

const YEAR = /(?<!\d)(1\d{3}|20\d{2})(?:\s*-?\s*(talet|tal|s)(?![a-z]))?(?!\d)/gi;

/**
 * The years a date text spans: every four-digit year it names ("1885", "c. 1790–1830",
 * "Executed probably 1690"); a decade or century as written in English or Swedish ("1880s",
 * "1880-talet" a decade, "1600-talet" a century); null when it names no year.
 */
export function yearSpan(text: string | null | undefined): YearSpan | null {
  if (typeof text !== 'string') return null;
  let from = Infinity;
  let to = -Infinity;
  for (const m of text.slice(0, MAX_DATE_LENGTH).matchAll(YEAR)) {
    const year = Number.parseInt(m[1] as string, 10);
    const plural = m[2] !== undefined;
    const end = !plural ? year : year % 100 === 0 ? year + 99 : year % 10 === 0 ? year + 9 : year;
    from = Math.min(from, year);
    to = Math.max(to, end);
  }
  return Number.isFinite(from) ? { from, to } : null;
}

function overlaps(a: YearSpan, b: YearSpan): boolean {
  return a.from - DATE_TOLERANCE_YEARS <= b.to && b.from - DATE_TOLERANCE_YEARS <= a.to;
}

/** The lot's object from `subject_medium` and `subject_date`; null when neither says anything. */
export function lotObject(input: Pick<VerifyInput, 'subject_medium' | 'subject_date'>): LotObject | null {
  const kind = objectKindOfMedium(input.subject_medium);
  const years = yearSpan(input.subject_date);
  return kind === null && years === null ? null : { kind, years };
}

/** Whether the work may be the lot's object: not of another kind, not dated far from it. */
export function fitsLot(work: CorpusWork, lot: LotObject): boolean {
  const object = work.object;
  if (object === undefined) return true;
  if (lot.kind !== null && object.object_type !== null && object.object_type !== lot.kind) return false;
  if (lot.years !== null) {
    const span = yearSpan(object.date);
    if (span !== null && !overlaps(span, lot.years)) return false;
  }
  return true;
}

/** The work as its records describe it. */
export function describeWork(work: CorpusWork): WorkDescription {
  const o = work.object;
  return {
    work_id: work.work_id,
    title: work.title,
    object_type: o?.object_type ?? null,
    medium: o?.medium ?? null,
    date: o?.date ?? null,
    dimensions: o?.dimensions ?? null,
    collection: o?.collection ?? null,
    source_ref: work.attributions[0]?.source_ref ?? '',
  };
}
