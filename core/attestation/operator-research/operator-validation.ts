/**
 * Validation of an operator research file (docs/operator-research.md), line by line, against
 * the corpus it will join. Pure: the caller reads and parses the file. Every bad line is
 * reported with its number; a file with any bad line yields no batch at all.
 */
import { CLAIM_KINDS, PILLARS, type ClaimKind, type Pillar, type Qualifier } from '../corpus/corpus.model.js';
import type { CorpusIndex } from '../corpus/corpus-index.js';
import { foldText, normaliseName, normaliseTitle } from '../matching/normalise.js';
import { inventoryMatches } from '../verdict/evaluate.js';
import { OPERATOR_KINDS, type OperatorArtist, type OperatorClaim, type OperatorImportBatch, type OperatorResearch, type OperatorWork } from './operator-research.model.js';
import { parseQualifier } from '../corpus/qualifier-phrases.js';

/** A line's problem, by 1-based line number. */
export interface LineError {
  line: number;
  message: string;
}

export interface OperatorLine {
  line: number;
  value: unknown;
}

export interface ValidationContext {
  /** The corpus the import joins: the shipped corpus with the research applied so far. */
  index: CorpusIndex;
  research: OperatorResearch;
  import_id: string;
  file: string;
  now: Date;
  /** Years after death before an artist is public domain (the coverage rule: 71). */
  public_domain_years?: number;
}

export type ValidationResult = { ok: true; batch: OperatorImportBatch } | { ok: false; errors: LineError[] };

const FIELDS = new Set([
  'work_id', 'artist', 'artist_id', 'title', 'inventory_number', 'artist_birth_year', 'artist_death_year',
  'pillar', 'kind', 'claim', 'source_ref', 'researcher', 'attribution',
]);
const WORK_FIELDS = ['artist', 'artist_id', 'title', 'inventory_number', 'artist_birth_year', 'artist_death_year'] as const;
const HTTP_URL = /^https?:\/\/[^\s/?#.]+(?:\.[^\s/?#.]+)*(?::\d+)?(?:[/?#]\S*)?$/i;
const LIMITS = { artist: 300, title: 300, inventory_number: 100, claim: 2000, source_ref: 1000, researcher: 200 };

/** 16 hex digits of two FNV-1a passes: ids of added works and artists, stable across runs. */
export function stableHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

class LineProblems {
  readonly messages: string[] = [];
  add(message: string): void {
    this.messages.push(message);
  }
}

function text(v: Record<string, unknown>, field: keyof typeof LIMITS, p: LineProblems, required: boolean): string | undefined {
  const raw = v[field];
  if (raw === undefined || raw === null) {
    if (required) p.add(`${field} is required`);
    return undefined;
  }
  if (typeof raw !== 'string') {
    p.add(`${field} must be a string`);
    return undefined;
  }
  const t = raw.replace(/\s+/g, ' ').trim();
  if (t === '' || t.length > LIMITS[field]) {
    p.add(`${field} must be 1 to ${LIMITS[field]} characters`);
    return undefined;
  }
  return t;
}

function year(v: unknown, field: string, p: LineProblems): number | null | undefined {
  if (v === undefined || v === null) return null;
  if (!Number.isInteger(v) || (v as number) < -3000 || (v as number) > 3000) {
    p.add(`${field} must be a whole year`);
    return undefined;
  }
  return v as number;
}

interface NewArtistDraft {
  artist: OperatorArtist;
  firstLine: number;
}
interface NewWorkDraft {
  work: OperatorWork;
  firstLine: number;
  attributed: boolean;
}

export function validateOperatorLines(lines: readonly OperatorLine[], ctx: ValidationContext): ValidationResult {
  const { index } = ctx;
  const errors: LineError[] = [];
  const maxDeathYear = ctx.now.getUTCFullYear() - (ctx.public_domain_years ?? 71);
  const newArtists = new Map<string, NewArtistDraft>(); // by normalised name
  const newWorks = new Map<string, NewWorkDraft>(); // by artist | title key | inventory
  const claims: OperatorClaim[] = [];
  const known = new Set(ctx.research.claims.map((c) => claimKey(c)));
  const inFile = new Map<string, number>();

  /** Covered artist ids for a name: the corpus's, or an artist this file adds. */
  const resolveArtist = (name: string | undefined, id: string | undefined, p: LineProblems, what: string): string | undefined => {
    if (id !== undefined) {
      if (index.artist(id) !== undefined) return id;
      p.add(`${what}artist_id ${id} is not in the corpus`);
      return undefined;
    }
    if (name === undefined) return undefined;
    const key = normaliseName(name);
    const ids = index.artistIdsByKey(key);
    if (ids.length === 1) return ids[0];
    if (ids.length > 1) {
      p.add(`${what}artist "${name}" names ${ids.length} covered artists (${ids.slice(0, 5).join(', ')}): give ${what}artist_id`);
      return undefined;
    }
    const added = newArtists.get(key);
    if (added !== undefined) return added.artist.artist_id;
    return undefined;
  };

  for (const { line, value } of lines) {
    const p = new LineProblems();
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push({ line, message: 'not a JSON object' });
      continue;
    }
    const v = value as Record<string, unknown>;
    for (const field of Object.keys(v)) if (!FIELDS.has(field)) p.add(`unknown field ${field}`);

    // What is claimed
    const pillar = typeof v.pillar === 'string' && (PILLARS as readonly string[]).includes(v.pillar) ? (v.pillar as Pillar) : undefined;
    if (pillar === undefined) p.add(`pillar must be one of ${PILLARS.join(', ')}`);
    const kind = typeof v.kind === 'string' && (CLAIM_KINDS as readonly string[]).includes(v.kind) ? (v.kind as ClaimKind) : undefined;
    if (kind === undefined) p.add(`kind must be one of ${CLAIM_KINDS.join(', ')}`);
    else if (pillar !== undefined && !OPERATOR_KINDS[pillar].includes(kind)) {
      p.add(`kind ${kind} does not fit pillar ${pillar} (use ${OPERATOR_KINDS[pillar].join(', ')})`);
    }
    const claimText = text(v, 'claim', p, true);
    const sourceRef = text(v, 'source_ref', p, true);
    if (sourceRef !== undefined && !HTTP_URL.test(sourceRef)) p.add('source_ref must be an http(s) URL a person can follow');
    const researcher = text(v, 'researcher', p, true);

    // Which work
    let workId: string | undefined;
    let newWork: NewWorkDraft | undefined;
    if (v.work_id !== undefined) {
      for (const f of WORK_FIELDS) if (v[f] !== undefined) p.add(`give either work_id or artist and title, not ${f} with work_id`);
      if (typeof v.work_id !== 'string' || v.work_id.trim() === '') p.add('work_id must be a non-empty string');
      else if (index.work(v.work_id) !== undefined) workId = v.work_id;
      else p.add(`work_id ${v.work_id} is not in the corpus`);
    } else {
      const artistName = text(v, 'artist', p, v.artist_id === undefined);
      const artistIdField = v.artist_id === undefined ? undefined : typeof v.artist_id === 'string' ? v.artist_id : (p.add('artist_id must be a string'), undefined);
      const title = text(v, 'title', p, true);
      const inventory = text(v, 'inventory_number', p, false);
      const birth = year(v.artist_birth_year, 'artist_birth_year', p);
      const death = year(v.artist_death_year, 'artist_death_year', p);
      const before = p.messages.length;
      let artistId = resolveArtist(artistName, artistIdField, p, '');
      if (artistId === undefined && artistName !== undefined && artistIdField === undefined && p.messages.length === before) {
        // Not covered: a new artist, when the line gives a death year old enough.
        if (death === null) {
          p.add(`artist "${artistName}" is not covered by the corpus: give artist_death_year (in or before ${maxDeathYear}) to add them`);
        } else if (death !== undefined && death > maxDeathYear) {
          p.add(`artist_death_year ${death} is too recent: only artists who died in or before ${maxDeathYear} are covered`);
        } else if (death !== undefined && birth !== undefined && birth !== null && birth >= death) {
          p.add('artist_birth_year must be before artist_death_year');
        } else if (death !== undefined && birth !== undefined) {
          const key = normaliseName(artistName);
          const artist: OperatorArtist = {
            artist_id: `art_op_${stableHash(`artist|${key}|${death}`).slice(0, 10)}`,
            import_id: ctx.import_id,
            name: artistName,
            birth_year: birth,
            death_year: death,
          };
          if (index.artist(artist.artist_id) !== undefined) p.add(`artist "${artistName}" is already in the corpus as ${artist.artist_id}`);
          else {
            newArtists.set(key, { artist, firstLine: line });
            artistId = artist.artist_id;
          }
        }
      } else if (artistId !== undefined && death !== null && death !== undefined) {
        const added = [...newArtists.values()].find((a) => a.artist.artist_id === artistId);
        const deathYear = added?.artist.death_year ?? index.artist(artistId)?.death_year;
        if (deathYear !== death) p.add(`artist_death_year ${death} does not match the corpus's ${deathYear} for this artist`);
      }
      if (artistId !== undefined && title !== undefined) {
        const found = findWork(index, artistId, title, inventory);
        if (found.kind === 'one') workId = found.work_id;
        else if (found.kind === 'several') p.add(`${found.ids.length} works of this artist are titled "${title}": give work_id (${found.ids.slice(0, 5).join(', ')})`);
        else {
          const key = `${artistId}|${normaliseTitle(title)}|${inventory === undefined ? '' : foldText(inventory)}`;
          newWork = newWorks.get(key);
          if (newWork === undefined) {
            const work: OperatorWork = {
              work_id: `wrk_op_${stableHash(`work|${key}`).slice(0, 12)}`,
              import_id: ctx.import_id,
              artist_id: artistId,
              title,
              inventory_number: inventory ?? null,
            };
            if (index.work(work.work_id) !== undefined) p.add(`the work id ${work.work_id} for this new work is taken: give work_id`);
            else {
              newWork = { work, firstLine: line, attributed: false };
              newWorks.set(key, newWork);
            }
          }
          workId = newWork?.work.work_id;
        }
      }
    }

    // The attribution this line makes, if any
    let attribution: OperatorClaim['attribution'] = null;
    if (v.attribution !== undefined && v.attribution !== null) {
      if (pillar !== undefined && pillar !== 'authentication') p.add('attribution is only for the authentication pillar');
      else if (kind !== undefined && kind !== 'attribution') p.add('attribution needs kind "attribution"');
      const a = v.attribution as Record<string, unknown>;
      if (typeof a !== 'object' || Array.isArray(a)) p.add('attribution must be an object {artist, qualifier}');
      else {
        for (const field of Object.keys(a)) if (!['artist', 'artist_id', 'qualifier'].includes(field)) p.add(`unknown field attribution.${field}`);
        const qualifier: Qualifier | undefined = typeof a.qualifier === 'string' ? parseQualifier(a.qualifier) : undefined;
        if (qualifier === undefined) p.add('attribution.qualifier must be a qualifier, e.g. "firm", "attributed_to", "workshop of" (see docs/operator-research.md)');
        const name = typeof a.artist === 'string' && a.artist.trim() !== '' ? a.artist.trim() : undefined;
        const id = typeof a.artist_id === 'string' ? a.artist_id : undefined;
        if (name === undefined && id === undefined) p.add('attribution.artist is required');
        const artistId = resolveArtist(name, id, p, 'attribution.');
        if (artistId === undefined && name !== undefined && id === undefined && !p.messages.some((m) => m.startsWith('attribution.artist'))) {
          p.add(`attribution.artist "${name}" is not covered by the corpus (a new artist is added through the work's artist and artist_death_year)`);
        }
        if (artistId !== undefined && qualifier !== undefined) attribution = { artist_id: artistId, qualifier };
      }
    }

    if (p.messages.length > 0 || workId === undefined || pillar === undefined || kind === undefined || claimText === undefined || sourceRef === undefined || researcher === undefined) {
      if (p.messages.length === 0) p.add('invalid line');
      errors.push({ line, message: p.messages.join('; ') });
      continue;
    }
    const claim: OperatorClaim = { import_id: ctx.import_id, line, work_id: workId, pillar, kind, claim: claimText, source_ref: sourceRef, researcher, attribution };
    const key = claimKey(claim);
    if (known.has(key)) {
      errors.push({ line, message: 'this claim is already in the corpus (an earlier import made it)' });
      continue;
    }
    const twin = inFile.get(key);
    if (twin !== undefined) {
      errors.push({ line, message: `same claim as line ${twin}` });
      continue;
    }
    inFile.set(key, line);
    if (newWork !== undefined && attribution !== null) newWork.attributed = true;
    claims.push(claim);
  }

  for (const w of newWorks.values()) {
    const lineOf = claims.find((c) => c.work_id === w.work.work_id)?.line ?? w.firstLine;
    if (!w.attributed && !errors.some((e) => e.line === lineOf)) {
      errors.push({
        line: lineOf,
        message: `new work "${w.work.title}" needs an attribution: add "attribution": {"artist", "qualifier"} to one of its lines`,
      });
    }
  }
  for (const a of newArtists.values()) {
    if (!claims.some((c) => c.attribution?.artist_id === a.artist.artist_id) && !errors.some((e) => e.line === a.firstLine)) {
      errors.push({ line: a.firstLine, message: `new artist "${a.artist.name}" is named by no attribution: add "attribution": {"artist": "${a.artist.name}", "qualifier"} to one of the lines` });
    }
  }
  if (errors.length === 0 && claims.length === 0) errors.push({ line: 0, message: 'the file holds no claims' });
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };

  const researchers = [...new Set(claims.map((c) => c.researcher))].sort();
  const works = [...newWorks.values()].map((w) => w.work);
  const artists = [...newArtists.values()].map((a) => a.artist);
  return {
    ok: true,
    batch: {
      expected_revision: ctx.research.revision,
      import: {
        import_id: ctx.import_id,
        applied_at: ctx.now.toISOString(),
        file: ctx.file,
        base_build: index.buildId,
        lines: lines.length,
        claims: claims.length,
        works_added: works.length,
        artists_added: artists.length,
        researchers,
      },
      artists,
      works,
      claims,
    },
  };
}

function claimKey(c: Pick<OperatorClaim, 'work_id' | 'pillar' | 'kind' | 'claim' | 'source_ref' | 'attribution'>): string {
  const a = c.attribution === null ? '' : `${c.attribution.artist_id}:${c.attribution.qualifier}`;
  return [c.work_id, c.pillar, c.kind, foldText(c.claim), c.source_ref, a].join('\u0000');
}

type FoundWork = { kind: 'none' } | { kind: 'one'; work_id: string } | { kind: 'several'; ids: readonly string[] };

/**
 * The existing work an (artist, title, inventory number) line means: the works naming the artist
 * under that normalised title; with an inventory number, those holding it. None: a new work.
 * Without an inventory number, a title shared by several works needs a work_id.
 */
function findWork(index: CorpusIndex, artistId: string, title: string, inventory: string | undefined): FoundWork {
  const ids = index.workIdsByTitle(artistId, normaliseTitle(title));
  if (ids.length === 0) return { kind: 'none' };
  if (inventory === undefined) return ids.length === 1 ? { kind: 'one', work_id: ids[0] as string } : { kind: 'several', ids };
  const folded = foldText(inventory);
  const holding = ids.filter((id) => index.work(id)?.inventory_numbers.some((n) => inventoryMatches(n, folded)));
  if (holding.length === 0) return { kind: 'none' };
  return holding.length === 1 ? { kind: 'one', work_id: holding[0] as string } : { kind: 'several', ids: holding };
}
