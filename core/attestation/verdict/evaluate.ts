/**
 * The verdict rules of the attestation oracle (CONTRACT section 7, rules 1 to 5), on subjects
 * read as catalogues write them (docs/decisions/0012-catalogue-forms-and-batch.md).
 *
 * 0. The artist line is read (`parseArtistLine`: claimed qualifier, life dates, honorifics) and the
 *    title's catalogue forms listed (`catalogueTitleForms`); each is tried most literal first, and
 *    `parsed` echoes what was understood.
 * 1. The artist's normalised name (`normaliseName`, in one of its forms) must be the name or an
 *    alias of a covered artist, else a surname one title settles; otherwise `unavailable`, with
 *    similar artists as near matches. Claimed life dates rule out artists they do not fit.
 * 2. The normalised title (`normaliseTitle`) must equal the title or a title alias of exactly one
 *    work naming that artist in any attribution (current or former, any qualifier). None:
 *    `unavailable` with similar titles. Several: `subject_ref` (a work id, or an inventory number
 *    compared folded) may pick exactly one; otherwise `unavailable`, every candidate an
 *    `ambiguous_title` near match.
 *    A surname whose title several of its artists hold: `unavailable`, `ambiguous_artist`.
 * 3./4. One work: the subject's standing is read from the work's attributions, by precedence of
 *    source rank. Only the highest tier (operator > museum > kb) holding a current attribution
 *    decides; lower tiers and former attributions never make a work `attested`.
 *    In that tier the verdict is `attested` when all of these hold:
 *      - a current attribution names the subject artist with the qualifier `firm`;
 *      - no current attribution of the tier names the subject artist with another qualifier;
 *      - every source of the tier that has a current attribution names the subject firmly
 *        (a co-author named beside the subject by the same source is no conflict).
 *    Anything else is `contradicted`: the subject only qualified ("workshop of"...), only a
 *    former attribution, the work now given to another artist, sources of one tier disagreeing
 *    (a tie), or no current attribution at all. Conflicts resolve to `contradicted`: the
 *    conservative answer.
 *    The claimed qualifier is then set against that standing (`judgeClaim`, ADR 0012): the same
 *    guarantee or a more careful one is `attested` (the firmer record's term suggested when the
 *    claim says less), a stronger one `contradicted`.
 * 5. Nothing is guessed: fuzzy similarity only ever fills `near_matches`.
 */
import { RANK_ORDER, confidenceFor, sourceRank } from './confidence.js';
import {
  PILLARS,
  QUALIFIERS,
  type Attribution,
  type CorpusWork,
  type Pillar,
  type SourceRank,
} from '../corpus/corpus.model.js';
import type { CorpusIndex } from '../corpus/corpus-index.js';
import { judgeClaim, type RecordStanding } from './claim-vs-record.js';
import { type ArtistLine, datesFit, parseArtistLine } from '../matching/artist-line.js';
import { catalogueTitleForms } from '../matching/catalogue-title.js';
import { foldText, normaliseName } from '../matching/normalise.js';
import { describeWork, fitsLot, lotObject } from './object-match.js';
import { suggestRequalification, type RequalificationRequest } from './requalification.js';
import type { Attestation, NearMatch, ParsedSubject, UnavailableReason, VerificationOutcome, VerifyInput, WorkDescription } from './verification.model.js';

/** At most this many candidates are listed for an ambiguous title. */
export const MAX_AMBIGUOUS_MATCHES = 20;
/** Title matches compared with the lot's object one by one at most (ADR 0032); above, only the work `subject_ref` picks. */
export const MAX_OBJECT_SCAN = 256;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function evaluate(index: CorpusIndex, input: VerifyInput): VerificationOutcome {
  const subjectArtist = text(input.subject_artist);
  const subjectTitle = text(input.subject_title);
  const line = parseArtistLine(subjectArtist);
  const titleForms = catalogueTitleForms(subjectTitle);
  const lot = lotObject(input);
  const parsed: ParsedSubject = { name: line.name, qualifier: line.qualifier, dates: line.dates, title: titleForms[0]?.text ?? subjectTitle.trim(), object_type: lot?.kind ?? null };

  // Rule 1: the name, in its most literal form that names a covered artist, else as a surname.
  const matched = matchArtists(index, line);
  let artistIds = matched.artistIds;
  const bySurname = matched.bySurname;
  if (matched.form !== null) parsed.name = line.echo(matched.form);
  if (artistIds.length === 0) return unavailable(parsed, index.similarArtists(subjectArtist, subjectTitle));

  // Life dates tell homonyms apart; dates that fit none of them mean no match.
  if (line.dates !== null) {
    const dates = line.dates;
    const fitting = artistIds.filter((id) => {
      const artist = index.artist(id);
      return artist !== undefined && datesFit(dates, artist);
    });
    if (fitting.length === 0) return unavailable(parsed, artistMatches(index, artistIds));
    artistIds = fitting;
  }

  // Rule 2: the title in its most literal catalogue form the corpus holds exactly.
  let candidates: readonly string[] = [];
  let titleKey = '';
  for (const form of titleForms) {
    candidates = candidateIds(index, artistIds, form.key);
    if (candidates.length > 0) {
      parsed.title = form.text;
      titleKey = form.key;
      break;
    }
  }
  if (candidates.length === 0) return unavailable(parsed, index.similarTitles(artistIds, subjectTitle));

  // Which object (ADR 0032): works of another kind than the lot, or dated far from it, never attest it.
  // A title held by more works than MAX_OBJECT_SCAN is not scanned (the cost stays bounded): it stays
  // ambiguous unless `subject_ref` picks one, and the picked work is checked below.
  if (lot !== null && candidates.length <= MAX_OBJECT_SCAN) {
    const fitting = candidates.filter((id) => {
      const work = index.work(id);
      return work !== undefined && fitsLot(work, lot);
    });
    if (fitting.length === 0) return objectMismatch(index, parsed, candidates, artistIds);
    candidates = fitting;
  }

  let work = candidates.length === 1 ? index.work(candidates[0] as string) : undefined;
  if (candidates.length > 1) {
    const ref = text(input.subject_ref).trim();
    work = ref === '' ? undefined : pickByRef(index, candidates, ref);
    if (work === undefined) {
      const holders = bySurname ? artistIds.filter((id) => index.workIdsByTitle(id, titleKey).length > 0) : [];
      return unavailable(parsed, holders.length > 1 ? ambiguousArtists(index, holders, (id) => index.workIdsByTitle(id, titleKey)) : ambiguous(index, candidates, artistIds));
    }
  }
  if (work === undefined) return unavailable(parsed, []);
  if (lot !== null && !fitsLot(work, lot)) return objectMismatch(index, parsed, [work.work_id], artistIds);
  if (bySurname) {
    // A surname settles nothing by itself: the work must name exactly one of its artists.
    const named = artistsNamed(index, [work.work_id], artistIds);
    if (named.length !== 1) return unavailable(parsed, ambiguousArtists(index, named, () => [work.work_id]));
    artistIds = named;
    parsed.name = index.artist(named[0] as string)?.name ?? parsed.name;
  }
  return judge(index, work, artistIds, parsed);
}

/** The covered artists an artist line names: by its most literal name form, else as a surname. */
export function matchArtists(index: CorpusIndex, line: ArtistLine): { artistIds: readonly string[]; bySurname: boolean; form: string | null } {
  for (const form of line.nameForms) {
    const key = normaliseName(form);
    const ids = key === '' ? [] : index.artistIdsByKey(key);
    if (ids.length > 0) return { artistIds: ids, bySurname: false, form };
  }
  const key = normaliseName(line.name);
  const ids = key === '' ? [] : index.artistIdsBySurname(key);
  return { artistIds: ids, bySurname: ids.length > 0, form: null };
}

/** The subject's artists that the works name in any attribution, in `artistIds` order. */
function artistsNamed(index: CorpusIndex, workIds: readonly string[], artistIds: readonly string[]): string[] {
  const named = new Set<string>();
  for (const id of workIds) for (const a of index.work(id)?.attributions ?? []) named.add(a.artist_id);
  return artistIds.filter((id) => named.has(id));
}

/** Artists the name matched but the dates did not: each with one of their works. */
function artistMatches(index: CorpusIndex, artistIds: readonly string[]): NearMatch[] {
  const matches: NearMatch[] = [];
  for (const id of artistIds.slice(0, MAX_AMBIGUOUS_MATCHES)) {
    const match = index.artistNearMatch(id, 0.9);
    if (match !== undefined) matches.push(match);
  }
  return matches;
}

/** Each artist's candidate works (`worksOf`), `ambiguous_artist`, in work id order, at most MAX_AMBIGUOUS_MATCHES. */
function ambiguousArtists(index: CorpusIndex, artistIds: readonly string[], worksOf: (artistId: string) => readonly string[]): NearMatch[] {
  const matches: NearMatch[] = [];
  for (const artistId of artistIds) {
    for (const id of worksOf(artistId).slice(0, MAX_AMBIGUOUS_MATCHES)) {
      const work = index.work(id);
      if (work !== undefined) matches.push({ artist: index.artist(artistId)?.name ?? artistId, title: work.title, work_id: work.work_id, score: 1, reason: 'ambiguous_artist' });
    }
  }
  return matches.sort((a, b) => (a.work_id < b.work_id ? -1 : a.work_id > b.work_id ? 1 : a.artist < b.artist ? -1 : 1)).slice(0, MAX_AMBIGUOUS_MATCHES);
}

/** Ids of the works matching the title key under any of the artists: sorted, distinct. */
function candidateIds(index: CorpusIndex, artistIds: readonly string[], titleKey: string): readonly string[] {
  if (artistIds.length === 1) return index.workIdsByTitle(artistIds[0] as string, titleKey);
  // Most often one artist holds the title: their list is already sorted and distinct.
  const holding = artistIds.map((id) => index.workIdsByTitle(id, titleKey)).filter((ids) => ids.length > 0);
  if (holding.length <= 1) return holding[0] ?? [];
  const ids = new Set<string>();
  for (const artistId of artistIds) for (const id of index.workIdsByTitle(artistId, titleKey)) ids.add(id);
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The one candidate whose work id or an inventory number is `ref`; undefined unless exactly one. */
function pickByRef(index: CorpusIndex, candidateIds: readonly string[], ref: string): CorpusWork | undefined {
  const folded = foldText(ref);
  let picked: CorpusWork | undefined;
  for (const id of candidateIds) {
    const work = index.work(id);
    if (work === undefined) continue;
    if (work.work_id === ref || (folded !== '' && work.inventory_numbers.some((n) => inventoryMatches(n, folded)))) {
      if (picked !== undefined) return undefined; // the reference fits several candidates
      picked = work;
    }
  }
  return picked;
}

const HOLDER_PREFIX = /^\p{L}+ /u;

/** "Tate N00530" matches "Tate N00530", "tate n00530" and, holder left out, "N00530". */
export function inventoryMatches(inventoryNumber: string, foldedRef: string): boolean {
  const folded = foldText(inventoryNumber);
  if (folded === foldedRef) return true;
  const holder = HOLDER_PREFIX.exec(folded);
  return holder !== null && folded.slice(holder[0].length) === foldedRef;
}

function ambiguous(index: CorpusIndex, candidateIds: readonly string[], artistIds: readonly string[]): NearMatch[] {
  const matches: NearMatch[] = [];
  for (const id of candidateIds.slice(0, MAX_AMBIGUOUS_MATCHES)) {
    const work = index.work(id);
    if (work === undefined) continue;
    const named = artistIds.find((a) => work.attributions.some((at) => at.artist_id === a)) ?? artistIds[0] ?? '';
    matches.push({ artist: index.artist(named)?.name ?? named, title: work.title, work_id: work.work_id, score: 1, reason: 'ambiguous_title' });
  }
  return matches;
}

/** Title matches that are all another object than the lot: `object_mismatch`, the works described and listed. */
function objectMismatch(index: CorpusIndex, parsed: ParsedSubject, candidateIds: readonly string[], artistIds: readonly string[]): VerificationOutcome {
  const nearMatches = ambiguous(index, candidateIds, artistIds).map((m): NearMatch => ({ ...m, reason: 'object_mismatch' }));
  const works: WorkDescription[] = [];
  for (const id of candidateIds.slice(0, MAX_AMBIGUOUS_MATCHES)) {
    const work = index.work(id);
    if (work !== undefined) works.push(describeWork(work));
  }
  return unavailable(parsed, nearMatches, 'object_mismatch', works);
}

function unavailable(parsed: ParsedSubject, nearMatches: NearMatch[], reason: UnavailableReason | null = null, works: WorkDescription[] = []): VerificationOutcome {
  return {
    parsed,
    verdict: 'unavailable',
    matched_artist: null,
    reason,
    verified_pillars: [],
    contradicted_pillars: [],
    attestations: [],
    works,
    near_matches: nearMatches,
    suggested_requalification: null,
  };
}

/** A current attribution: flagged current, and not itself a "formerly attributed to". */
function isCurrent(a: Attribution): boolean {
  return a.current && a.qualifier !== 'formerly_attributed_to';
}

function judge(index: CorpusIndex, work: CorpusWork, artistIds: readonly string[], parsed: ParsedSubject): VerificationOutcome {
  const subjectIds = new Set(artistIds);
  const named = (a: Attribution): boolean => subjectIds.has(a.artist_id);
  const current = work.attributions.filter(isCurrent);
  let top: SourceRank | null = null;
  for (const a of current) {
    const rank = sourceRank(a.source);
    if (top === null || RANK_ORDER[rank] > RANK_ORDER[top]) top = rank;
  }
  const tier = top === null ? [] : current.filter((a) => sourceRank(a.source) === top);
  const subjectInTier = tier.filter(named);
  const qualified = subjectInTier.filter((a) => a.qualifier !== 'firm');
  const tierSources = [...new Set(tier.map((a) => a.source))];
  const everySourceFirm = tierSources.every((source) => tier.some((a) => a.source === source && a.qualifier === 'firm' && named(a)));

  // The record's standing for the subject, and what the records would have the wording be.
  const subjectId = artistIds.find((id) => work.attributions.some((a) => a.artist_id === id)) ?? artistIds[0] ?? '';
  const request: RequalificationRequest = { subject_artist: index.artist(subjectId)?.name ?? subjectId, subject_qualifier: null };
  let standing: RecordStanding;
  if (subjectInTier.length > 0 && qualified.length === 0 && everySourceFirm) {
    standing = { kind: 'firm' };
    request.subject_qualifier = 'firm';
  } else if (qualified.length > 0) {
    // Several qualifiers for the subject in the deciding tier: the weakest guarantee wins
    // (QUALIFIERS runs from the strongest guarantee, `firm`, to the weakest).
    const weakest = qualified.reduce((w, a) => (QUALIFIERS.indexOf(a.qualifier) > QUALIFIERS.indexOf(w.qualifier) ? a : w));
    standing = { kind: 'qualified', qualifier: weakest.qualifier };
    request.subject_qualifier = weakest.qualifier;
    request.record_display = weakest.display;
  } else if (subjectInTier.length > 0) {
    // Sources of the deciding tier disagree: one names the subject firmly, another does not.
    standing = { kind: 'qualified', qualifier: 'attributed_to' };
    request.subject_qualifier = 'attributed_to';
  } else {
    standing = { kind: 'rejected' };
    const other = tier.find((a) => a.qualifier === 'firm') ?? tier[0];
    if (other !== undefined) {
      request.current_artist = { name: index.artist(other.artist_id)?.name ?? other.display, qualifier: other.qualifier };
      request.record_display = other.display;
    }
  }

  const judgement = judgeClaim(parsed.qualifier, standing);
  if (judgement !== 'contradicted') {
    const attestations = attest(work.claims);
    if (judgement === 'more_careful') request.more_careful_claim = parsed.qualifier;
    return {
      parsed,
      verdict: 'attested',
      matched_artist: null,
      reason: null,
      verified_pillars: PILLARS.filter((p) => attestations.some((a) => a.pillar === p)),
      contradicted_pillars: [],
      attestations,
      works: [describeWork(work)],
      near_matches: [],
      suggested_requalification: judgement === 'more_careful' ? suggestRequalification(request) : null,
    };
  }
  return {
    parsed,
    verdict: 'contradicted',
    matched_artist: null,
    reason: null,
    verified_pillars: [],
    contradicted_pillars: ['authentication'],
    attestations: attest(work.claims.filter((c) => c.pillar === 'authentication')),
    works: [describeWork(work)],
    near_matches: [],
    suggested_requalification: suggestRequalification(request),
  };
}

const PILLAR_ORDER: Readonly<Record<Pillar, number>> = Object.fromEntries(PILLARS.map((p, i) => [p, i])) as Record<Pillar, number>;

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Claim lists up to this long are deduplicated by comparing claims, not through a set of keys. */
const SMALL_CLAIM_LIST = 12;

/** Claims as attestations, exact duplicates dropped, by confidence then pillar, claim, citation, source. */
function attest(claims: CorpusWork['claims']): Attestation[] {
  // A few claims are compared with each other; many go through a set of keys.
  const seen = claims.length > SMALL_CLAIM_LIST ? new Set<string>() : null;
  const out: Attestation[] = [];
  for (const c of claims) {
    const confidence = confidenceFor(c.source, c.kind);
    if (seen === null) {
      if (out.some((a) => a.pillar === c.pillar && a.verified_by === c.source && a.source_ref === c.source_ref && a.confidence === confidence && a.claim === c.claim)) continue;
    } else {
      const key = `${c.pillar}\u0000${c.source}\u0000${c.source_ref}\u0000${confidence}\u0000${c.claim}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push({ pillar: c.pillar, claim: c.claim, source_ref: c.source_ref, confidence, status: 'verified', verified_by: c.source });
  }
  if (out.length < 2) return out;
  return out.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      (PILLAR_ORDER[a.pillar] ?? 99) - (PILLAR_ORDER[b.pillar] ?? 99) ||
      cmp(a.claim, b.claim) ||
      cmp(a.source_ref, b.source_ref) ||
      cmp(a.verified_by, b.verified_by),
  );
}
