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
 * 2. The normalised title (`normaliseTitle`) must equal the title, a title alias or an alternate
 *    title the record's title carries of a work naming that artist in any attribution (current
 *    or former, any qualifier); a title in another language may instead equal one by its reading
 *    through the multilingual vocabulary (title-reading.ts, ADR 0033, echoed in
 *    `parsed.title_read_as`). None: `unavailable` (`work_not_found`) with similar titles.
 *    A generic title ("Portrait of a Man", "Study", "Nature morte"): `unavailable`
 *    (`generic_title`), the candidates as near matches, unless `subject_ref` (a work id, or an
 *    inventory number compared folded) picks one. Several works: `subject_ref` may pick exactly
 *    one; without it, the answer every one of them gives, citing all (ADR 0033); when they
 *    disagree, `unavailable` (`ambiguous_title`), every candidate an `ambiguous_title` near match.
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
 * Which object (ADR 0032): with `subject_medium` or `subject_date`, title matches of another
 *    kind than the lot, or dated far from it, are set aside; when none is left, `unavailable`
 *    (`object_mismatch`), those works described in `works` and listed in `near_matches`. Every
 *    answer describes in `works` the works it rests on as their records describe them.
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
import { resolveArtistName } from '../corpus/artist-names.js';
import { type ArtistLine, datesFit, parseArtistLine } from '../matching/artist-line.js';
import { catalogueTitleForms, type TitleForm } from '../matching/catalogue-title.js';
import { foldText, normaliseName } from '../matching/normalise.js';
import { isGenericTitle, mayReadForeign, readTitle } from '../matching/title-reading.js';
import { describeWork, fitsLot, type LotObject, lotObject } from './object-match.js';
import { suggestRequalification, type RequalificationRequest } from './requalification.js';
import type {
  Attestation,
  MatchedArtist,
  NearMatch,
  ParsedSubject,
  UnavailableReason,
  VerificationOutcome,
  VerifyInput,
  WorkDescription,
} from './verification.model.js';

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
  const parsed: ParsedSubject = {
    name: line.name,
    qualifier: line.qualifier,
    dates: line.dates,
    title: titleForms[0]?.text ?? subjectTitle.trim(),
    title_read_as: null,
    object_type: lot?.kind ?? null,
  };

  // Rule 1: the name, in its most literal form that names a covered artist, else as a surname.
  const matched = matchArtists(index, line);
  let artistIds = matched.artistIds;
  const bySurname = matched.bySurname;
  if (matched.form !== null) parsed.name = line.echo(matched.form);
  // An exonym, or a full or short form, of one artist: echoed as the records name them.
  else if (!bySurname && artistIds.length === 1) parsed.name = index.artist(artistIds[0] as string)?.name ?? parsed.name;
  if (artistIds.length === 0) {
    return unavailable(parsed, index.similarArtists(subjectArtist, subjectTitle), null, line.noArtist || normaliseName(line.name) === '' ? 'no_artist_named' : 'artist_not_covered');
  }

  // Life dates tell homonyms apart; dates that fit none of them mean no match.
  if (line.dates !== null) {
    const dates = line.dates;
    const fitting = artistIds.filter((id) => {
      const artist = index.artist(id);
      return artist !== undefined && datesFit(dates, artist);
    });
    if (fitting.length === 0) return unavailable(parsed, artistMatches(index, artistIds), null, 'dates_conflict');
    artistIds = fitting;
  }
  const matchedArtist = bySurname ? null : matchedOf(index, artistIds);

  // Rule 2: the title in its most literal catalogue form the corpus holds exactly, else (a title
  // in another language) its reading through the multilingual vocabulary (ADR 0033).
  const title = findTitle(index, artistIds, titleForms, parsed);
  if (title === null) return unavailable(parsed, index.similarTitles(artistIds, subjectTitle), matchedArtist, 'work_not_found');
  let candidates = title.candidates;

  // Which object (ADR 0032): works of another kind than the lot, or dated far from it, never attest it.
  // A title held by more works than MAX_OBJECT_SCAN is not scanned (the cost stays bounded): it stays
  // ambiguous unless `subject_ref` picks one, and the picked work is checked in judgeWork.
  if (lot !== null && candidates.length <= MAX_OBJECT_SCAN) {
    const fitting = candidates.filter((id) => {
      const work = index.work(id);
      return work !== undefined && fitsLot(work, lot);
    });
    if (fitting.length === 0) return objectMismatch(index, parsed, candidates, artistIds, matchedArtist);
    candidates = fitting;
  }

  // A title that names no one work, or several works: `subject_ref` may pick one.
  const ref = text(input.subject_ref).trim();
  if (title.generic || candidates.length > 1) {
    const picked = ref === '' ? undefined : pickByRef(index, candidates, ref);
    if (picked !== undefined) return judgeWork(index, picked, artistIds, bySurname, parsed, lot);
    if (title.generic) return unavailable(parsed, ambiguous(index, candidates, artistIds), matchedArtist, 'generic_title');
  }
  if (candidates.length === 1) {
    const work = index.work(candidates[0] as string);
    return work === undefined ? unavailable(parsed, [], matchedArtist, 'work_not_found') : judgeWork(index, work, artistIds, bySurname, parsed, lot);
  }
  if (bySurname) {
    const holders = artistIds.filter((id) => title.worksOf(id).length > 0);
    if (holders.length > 1) return unavailable(parsed, ambiguousArtists(index, holders, title.worksOf), null, 'ambiguous_artist');
  }
  // Several works of the artist share the title: one answer when every one gives it (unless the
  // caller named a reference that picks none of them).
  return ref === '' ? sharedTitle(index, candidates, artistIds, bySurname, parsed, matchedArtist) : unavailable(parsed, ambiguous(index, candidates, artistIds), matchedArtist, 'ambiguous_title');
}

interface FoundTitle {
  /** Ids of the works the title names, sorted, distinct. */
  candidates: readonly string[];
  /** The works of one artist under the same title (or reading). */
  worksOf: (artistId: string) => readonly string[];
  generic: boolean;
}

/** Titles longer than this are never generic ("half length portrait of an old bearded man" has 8 words). */
const GENERIC_MAX_WORDS = 10;

function isGeneric(key: string): boolean {
  let words = 1;
  for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) if (++words > GENERIC_MAX_WORDS) return false;
  return isGenericTitle(key);
}

/** The works the title names: a catalogue form held exactly, else a foreign title's reading. */
function findTitle(index: CorpusIndex, artistIds: readonly string[], titleForms: readonly TitleForm[], parsed: ParsedSubject): FoundTitle | null {
  for (const form of titleForms) {
    const worksOf = (id: string) => index.workIdsByTitle(id, form.key);
    const candidates = candidateIds(artistIds, worksOf);
    if (candidates.length > 0) {
      parsed.title = form.text;
      return { candidates, worksOf, generic: isGeneric(form.key) };
    }
  }
  for (const form of titleForms) {
    if (!mayReadForeign(form.key)) continue; // an English title is only ever matched as written
    const reading = readTitle(form.key);
    if (!reading.foreign) continue;
    parsed.title_read_as ??= reading.english;
    const worksOf = (id: string) => index.workIdsByReading(id, reading.key);
    const candidates = candidateIds(artistIds, worksOf);
    if (candidates.length > 0) {
      parsed.title = form.text;
      parsed.title_read_as = reading.english;
      return { candidates, worksOf, generic: reading.generic };
    }
  }
  return null;
}

/** The one artist of `artistIds`, or null when there are several. */
function matchedOf(index: CorpusIndex, artistIds: readonly string[]): MatchedArtist | null {
  if (artistIds.length !== 1) return null;
  const id = artistIds[0] as string;
  return { artist_id: id, name: index.artist(id)?.name ?? id };
}

/** One work judged; a surname must name exactly one of its artists in it. */
function judgeWork(index: CorpusIndex, work: CorpusWork, artistIds: readonly string[], bySurname: boolean, parsed: ParsedSubject, lot: LotObject | null, cite = true): VerificationOutcome {
  if (lot !== null && !fitsLot(work, lot)) return objectMismatch(index, parsed, [work.work_id], artistIds, bySurname ? null : matchedOf(index, artistIds));
  if (!bySurname) return judge(index, work, artistIds, parsed, cite);
  // A surname settles nothing by itself: the work must name exactly one of its artists.
  const named = artistsNamed(index, [work.work_id], artistIds);
  if (named.length !== 1) return unavailable(parsed, ambiguousArtists(index, named, () => [work.work_id]), null, 'ambiguous_artist');
  return judge(index, work, named, { ...parsed, name: index.artist(named[0] as string)?.name ?? parsed.name }, cite);
}

/** Whether two outcomes give the same answer: verdict, artist, standing and suggestion. */
function sameAnswer(a: VerificationOutcome, b: VerificationOutcome): boolean {
  return (
    a.verdict === b.verdict &&
    a.matched_artist?.artist_id === b.matched_artist?.artist_id &&
    a.parsed.name === b.parsed.name &&
    JSON.stringify(a.suggested_requalification) === JSON.stringify(b.suggested_requalification)
  );
}

/**
 * A title several works of the artist share (ADR 0033): when each work gives the same answer,
 * that answer, citing every work (the attestations of all, each work in `near_matches` so that
 * `subject_ref` can pin one); when they disagree, or are too many to list, `ambiguous_title`.
 */
function sharedTitle(
  index: CorpusIndex,
  candidates: readonly string[],
  artistIds: readonly string[],
  bySurname: boolean,
  parsed: ParsedSubject,
  matchedArtist: MatchedArtist | null,
): VerificationOutcome {
  // More works than can be listed are never judged one by one: a title of Turner's held by 500
  // works stops at the 21st (each lookup is a cache miss on a large corpus).
  const works: CorpusWork[] = [];
  for (let i = 0; i < candidates.length && works.length <= MAX_AMBIGUOUS_MATCHES; i += 1) {
    const work = index.work(candidates[i] as string);
    if (work !== undefined) works.push(work);
  }
  const listed = ambiguous(index, candidates, artistIds);
  if (works.length > MAX_AMBIGUOUS_MATCHES || works.length === 0) return unavailable(parsed, listed, matchedArtist, 'ambiguous_title');
  // Each work's answer without its attestations: those of all the works are listed once, below.
  // The candidates already fit the lot (evaluate set the others aside).
  const first = judgeWork(index, works[0] as CorpusWork, artistIds, bySurname, parsed, null, false);
  if (first.verdict === 'unavailable') return unavailable(parsed, listed, matchedArtist, 'ambiguous_title');
  for (let i = 1; i < works.length; i += 1) {
    if (!sameAnswer(judgeWork(index, works[i] as CorpusWork, artistIds, bySurname, parsed, null, false), first)) return unavailable(parsed, listed, matchedArtist, 'ambiguous_title');
  }
  const attestations = attestWorks(works, first.verdict !== 'attested');
  return {
    ...first,
    verified_pillars: first.verdict === 'attested' ? PILLARS.filter((p) => attestations.some((a) => a.pillar === p)) : [],
    attestations,
    works: works.map(describeWork),
    near_matches: listed,
  };
}

/** The covered artists an artist line names: by its most literal name form, else an exonym, a full or short form, a surname (artist-names.ts). */
export function matchArtists(index: CorpusIndex, line: ArtistLine): { artistIds: readonly string[]; bySurname: boolean; form: string | null } {
  return resolveArtistName(index, line.nameForms, line.name);
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

/** Ids of the works of any of the artists under one title (`worksOf`): sorted, distinct. */
function candidateIds(artistIds: readonly string[], worksOf: (artistId: string) => readonly string[]): readonly string[] {
  if (artistIds.length === 1) return worksOf(artistIds[0] as string);
  // Most often one artist holds the title: their list is already sorted and distinct.
  const holding = artistIds.map(worksOf).filter((ids) => ids.length > 0);
  if (holding.length <= 1) return holding[0] ?? [];
  const ids = new Set<string>();
  for (const list of holding) for (const id of list) ids.add(id);
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
function objectMismatch(index: CorpusIndex, parsed: ParsedSubject, candidateIds: readonly string[], artistIds: readonly string[], matchedArtist: MatchedArtist | null): VerificationOutcome {
  const nearMatches = ambiguous(index, candidateIds, artistIds).map((m): NearMatch => ({ ...m, reason: 'object_mismatch' }));
  const works: WorkDescription[] = [];
  for (const id of candidateIds.slice(0, MAX_AMBIGUOUS_MATCHES)) {
    const work = index.work(id);
    if (work !== undefined) works.push(describeWork(work));
  }
  return unavailable(parsed, nearMatches, matchedArtist, 'object_mismatch', works);
}

function unavailable(parsed: ParsedSubject, nearMatches: NearMatch[], matchedArtist: MatchedArtist | null, reason: UnavailableReason, works: WorkDescription[] = []): VerificationOutcome {
  return {
    parsed,
    verdict: 'unavailable',
    matched_artist: matchedArtist,
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

/** The work's answer for the subject; `cite` false leaves its attestations and pillars out (a shared title lists them once). */
function judge(index: CorpusIndex, work: CorpusWork, artistIds: readonly string[], parsed: ParsedSubject, cite = true): VerificationOutcome {
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
  const matchedArtist: MatchedArtist = { artist_id: subjectId, name: index.artist(subjectId)?.name ?? subjectId };
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
    const attestations = cite ? attest(work.claims) : [];
    if (judgement === 'more_careful') request.more_careful_claim = parsed.qualifier;
    return {
      parsed,
      verdict: 'attested',
      matched_artist: matchedArtist,
      reason: null,
      verified_pillars: PILLARS.filter((p) => attestations.some((a) => a.pillar === p)),
      contradicted_pillars: [],
      attestations,
      works: cite ? [describeWork(work)] : [],
      near_matches: [],
      suggested_requalification: judgement === 'more_careful' ? suggestRequalification(request) : null,
    };
  }
  return {
    parsed,
    verdict: 'contradicted',
    matched_artist: matchedArtist,
    reason: null,
    verified_pillars: [],
    contradicted_pillars: ['authentication'],
    attestations: cite ? attest(work.claims.filter((c) => c.pillar === 'authentication')) : [],
    works: cite ? [describeWork(work)] : [],
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
  return out.sort(compareAttestations);
}

/** By confidence, then pillar, claim, citation, source: equal attestations are neighbours. */
function compareAttestations(a: Attestation, b: Attestation): number {
  return (
    b.confidence - a.confidence ||
    (PILLAR_ORDER[a.pillar] ?? 99) - (PILLAR_ORDER[b.pillar] ?? 99) ||
    cmp(a.claim, b.claim) ||
    cmp(a.source_ref, b.source_ref) ||
    cmp(a.verified_by, b.verified_by)
  );
}

/**
 * The attestations of several works (a shared title): each work's few claims through `attest`,
 * then one sort, where an attestation two works share lands next to its twin and is dropped.
 */
function attestWorks(works: readonly CorpusWork[], authenticationOnly: boolean): Attestation[] {
  const all: Attestation[] = [];
  for (const w of works) all.push(...attest(authenticationOnly ? w.claims.filter((c) => c.pillar === 'authentication') : w.claims));
  all.sort(compareAttestations);
  return all.filter((a, i) => i === 0 || compareAttestations(a, all[i - 1] as Attestation) !== 0);
}
