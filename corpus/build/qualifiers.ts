/**
 * Attribution qualifiers: each source's vocabulary mapped onto the corpus's `Qualifier`.
 * A mapping of `null` means "this link does not name an author of the work" (publisher,
 * printer, translator...): no attribution is made from it.
 */
import { QUALIFIERS, type Qualifier } from '../../core/attestation/corpus/corpus.model.js';
import { QUALIFIER_PHRASES } from '../../core/attestation/corpus/qualifier-phrases.js';
import { readSwedishQualifier } from '../../core/attestation/matching/swedish-qualifiers.js';

export interface QualifierMapping {
  qualifier: Qualifier;
  /** False for a former attribution ("formerly attributed to"). */
  current: boolean;
}

const current = (qualifier: Qualifier): QualifierMapping => ({ qualifier, current: true });
const FORMER: QualifierMapping = { qualifier: 'formerly_attributed_to', current: false };

/**
 * Tate `contributors[].role`. Tate's vocabulary is closed; the joint forms are mapped so:
 * - "and studio", "and a pupil": the named artist with assistants he directed. The record
 *   does not give the work to him alone, so it is `workshop_of` (decree 81-255 art. 5,
 *   "atelier de"), never a firm attribution.
 * - "and other artists": a collaborative sheet or set that Tate credits to the named artist
 *   among others. The named artist is firmly one of its authors: `firm`; the display keeps
 *   "… and other artists".
 * - "pseudo" ("pseudo John Sell Cotman"): Tate's label for works once taken for the artist's
 *   and now given to an imitator: `imitator_of`.
 * - "prints after": `after`.
 */
const TATE_ROLES: Record<string, QualifierMapping> = {
  artist: current('firm'),
  'and other artists': current('firm'),
  'attributed to': current('attributed_to'),
  'doubtfully attributed to': current('doubtfully_attributed_to'),
  'formerly attributed to': FORMER,
  'studio of': current('studio_of'),
  'and studio': current('workshop_of'),
  'and a pupil': current('workshop_of'),
  'pupil of': current('pupil_of'),
  'school of': current('school_of'),
  'follower of': current('follower_of'),
  'manner of': current('manner_of'),
  'style of': current('style_of'),
  'imitator of': current('imitator_of'),
  pseudo: current('imitator_of'),
  after: current('after'),
  'prints after': current('after'),
};

export function tateRoleQualifier(role: string | null | undefined): QualifierMapping | null {
  return TATE_ROLES[(role ?? 'artist').trim().toLowerCase()] ?? null;
}

/** How Tate displays one contributor: "studio of John Hoppner", "Sir Joshua Reynolds and studio". */
export function tateDisplay(role: string | null | undefined, name: string): string {
  const r = (role ?? 'artist').trim();
  if (r === '' || r.toLowerCase() === 'artist') return name;
  if (/^and\b/i.test(r)) return `${name} ${r}`;
  return `${r} ${name}`;
}

/** NGA link roles that do not make the constituent an author of the object. */
const NGA_NON_AUTHOR_ROLES = new Set([
  'publisher', 'printer', 'editor', 'compiler', 'translator', 'bookbinder', 'author', 'caster', 'die engraver',
  'retailer',
]);

/**
 * NGA `prefix` (with the link's `role`). Joint forms ("and", "or", ",") are stripped first
 * and the rest is read by keyword, most specific first: "possibly after a model by" is
 * `after`, "Possibly in the style of" is `style_of`. A bare "or" (alternative author) is
 * `possibly`; the reader also downgrades the link before an "or" to `possibly`.
 */
export function ngaQualifier(prefix: string | null | undefined, role: string | null | undefined): QualifierMapping | null {
  const r = (role ?? '').trim().toLowerCase();
  if (NGA_NON_AUTHOR_ROLES.has(r)) return null;
  const raw = (prefix ?? '').trim().toLowerCase();
  if (/\b(published|translated)\b/.test(raw)) return null;
  const isOr = /^or\b/.test(raw);
  const p = raw.replace(/^(and|or|with|,)\s*/, '').replace(/^,\s*/, '').trim();
  if (/\bformerly\b/.test(p)) return FORMER;
  if (/\bcopy after\b/.test(p)) return current('copy_after');
  if (/\bafter\b/.test(p) || r === 'artist after') return current('after');
  if (/\battributed\b/.test(p)) return current('attributed_to');
  if (/\bworkshop\b|\bassistant\b|\batelier\b/.test(p)) return current('workshop_of');
  if (/\bstudio\b/.test(p)) return current('studio_of');
  if (/\bcircle\b/.test(p)) return current('circle_of');
  if (/\bfollower\b/.test(p)) return current('follower_of');
  if (/\bimitator\b/.test(p)) return current('imitator_of');
  if (/\bstyle\b/.test(p)) return current('style_of');
  if (/\bmanner\b/.test(p)) return current('manner_of');
  if (/\bschool\b/.test(p)) return current('school_of');
  if (/\bprobably\b/.test(p)) return current('probably');
  if (/\bpossibly\b|\?/.test(p)) return current('possibly');
  if (isOr) return current('possibly');
  // '', 'and', ',', 'with', 'Painted by', 'finished by', 'with landscape by': a named author.
  return current('firm');
}

/** CMOA roles that do not make the party an author of the object. */
const CMOA_NON_AUTHOR_ROLES = new Set(['publisher', 'publishers', 'printer', 'author', 'retailer']);

/**
 * CMOA `creators[].role`: null is a plain attribution; maker roles (printmaker, engraver,
 * designer, modeler…) are the object's authors, so `firm`; "attributed designer" and the like
 * are `attributed_to`; "copyist of" is `copy_after`.
 */
export function cmoaRoleQualifier(role: string | null | undefined): QualifierMapping | null {
  const r = (role ?? '').trim().toLowerCase();
  if (r === '') return current('firm');
  if (CMOA_NON_AUTHOR_ROLES.has(r)) return null;
  if (r === 'formerly attributed to') return FORMER;
  if (r.startsWith('attributed')) return current('attributed_to');
  if (r === 'possibly by') return current('possibly');
  if (r === 'probably by') return current('probably');
  if (r === 'school of') return current('school_of');
  if (r === 'manner of') return current('manner_of');
  if (r === 'follower of') return current('follower_of');
  if (r === 'circle of') return current('circle_of');
  if (r === 'workshop of') return current('workshop_of');
  if (r === 'studio of') return current('studio_of');
  if (r === 'style of') return current('style_of');
  if (r === 'imitator of') return current('imitator_of');
  if (r === 'copyist of') return current('copy_after');
  if (r === 'after') return current('after');
  return current('firm');
}

/** English phrase of a qualifier, as put before the artist's name. */
export function qualifierPhrase(q: Qualifier): string {
  return QUALIFIER_PHRASES[q];
}

/** Nationalmuseum's creator roles (`role_sv`) that name no author of the painting (the commissioner). */
const NM_NON_AUTHOR_ROLES = new Set(['beställare']);

/**
 * One Swedish role or qualifier as Nationalmuseum writes it (`role_sv`, `attribution_qualifier_sv`:
 * "Tillskriven", "Hans ateljé", "Kopia efter", "Tidigare attribution"), read through the one
 * Swedish table the claim reader uses too (core/attestation/matching/swedish-qualifiers.ts, where
 * each word's mapping is justified); null when it names no qualifier ("Konstnär", "Utförd av").
 */
export function nmQualifierWord(text: string | null | undefined): QualifierMapping | null {
  const qualifier = readSwedishQualifier(text ?? '');
  if (qualifier === null) return null;
  return qualifier === 'formerly_attributed_to' ? FORMER : current(qualifier);
}

/** English notes Nationalmuseum appends to a name: "Placido Costanzi (Earlier attributed to)". */
const NM_ENGLISH_NOTE: Record<string, QualifierMapping> = {
  'earlier attributed to': FORMER,
  'attributed to': current('attributed_to'),
  'copy after': current('copy_after'),
  'circle of': current('circle_of'),
  'manner of': current('manner_of'),
  'workshop of': current('workshop_of'),
  'school of': current('school_of'),
  'follower of': current('follower_of'),
  'studio of': current('studio_of'),
};

/**
 * A Nationalmuseum creator's standing: its role (`Konstnär` plain, `Kopia efter`, `Tidigare
 * attribution`...), its qualifier (`Tillskriven`, `Hans art`...) and the English note on its name.
 * Former when any of them says so; else the most careful of the qualifiers they give (a role,
 * a qualifier and a note never make an attribution firmer than any one of them). Null for a
 * role that names no author (the commissioner) and for a creator with no role at all.
 */
export function nmQualifier(role: string | null | undefined, qualifier: string | null | undefined, note: string | null): QualifierMapping | null {
  const r = (role ?? '').trim().toLowerCase();
  if (r === '' || NM_NON_AUTHOR_ROLES.has(r)) return null;
  const mappings = [nmQualifierWord(role), nmQualifierWord(qualifier), note === null ? null : (NM_ENGLISH_NOTE[note.trim().toLowerCase()] ?? null)].filter(
    (m): m is QualifierMapping => m !== null,
  );
  if (mappings.some((m) => !m.current)) return FORMER;
  if (mappings.length === 0) return current('firm'); // Konstnär, Utförd av, Komp. och utförd av
  return mappings.reduce((weakest, m) => (QUALIFIERS.indexOf(m.qualifier) > QUALIFIERS.indexOf(weakest.qualifier) ? m : weakest));
}
