/**
 * On-disk form of a work (corpus format 2). The domain's `CorpusWork` repeats the record URL
 * in every claim and attribution and spells every key; on disk each work lists its distinct
 * `refs` once and claims and attributions are positional tuples pointing into them. That
 * shrinks the file by about 40%, the parse time with it, and the loaded corpus shares one
 * string per URL. The builder writes with `encodeWork`, the loader reads with `decodeWork`:
 * one codec, so the two cannot drift.
 */
import {
  CLAIM_KINDS,
  OBJECT_TYPES,
  PILLARS,
  QUALIFIERS,
  SOURCE_TAGS,
  type Attribution,
  type Claim,
  type CorpusWork,
  type WorkObject,
} from '../../core/attestation/corpus/corpus.model.js';

export const CORPUS_FORMAT = 2;

export const MANIFEST_FILE = 'manifest.json';
export const ARTISTS_FILE = 'artists.ndjson.gz';
export const WORKS_FILE = 'works.ndjson.gz';

export interface CorpusManifestSource {
  tag: string;
  name: string;
  licence: string;
  records_read: number;
  /** Works that carry at least one claim from this source. */
  works: number;
  /** Artists named by at least one of this source's attributions. */
  artists: number;
}

/** `manifest.json`: the only file of a build with a date; `build_id` is a hash of the data. */
export interface CorpusManifest {
  format: typeof CORPUS_FORMAT;
  build_id: string;
  built_at: string;
  sources: CorpusManifestSource[];
  counts: {
    artists: number;
    works: number;
    claims: number;
    claims_by_source: Record<string, number>;
    claims_by_pillar: Record<string, number>;
  };
}

/** [artist_id, qualifier, current (0|1), display, source, ref index, effective_date?] */
export type EncodedAttribution = [string, string, 0 | 1, string, string, number] | [string, string, 0 | 1, string, string, number, string];
/** [pillar, kind, claim, source, ref index] */
export type EncodedClaim = [string, string, string, string, number];
/** [object_type, medium, date, dimensions, collection], each null where the record says nothing (ADR 0032). */
export type EncodedObject = [string | null, string | null, string | null, string | null, string | null];

export interface EncodedWork {
  work_id: string;
  title: string;
  title_aliases: string[];
  inventory_numbers: string[];
  refs: string[];
  attributions: EncodedAttribution[];
  claims: EncodedClaim[];
  /** Absent when the records say nothing of the object. */
  object?: EncodedObject;
}

export function encodeWork(w: CorpusWork): EncodedWork {
  const refs: string[] = [];
  const refIndex = new Map<string, number>();
  const ref = (url: string) => {
    let i = refIndex.get(url);
    if (i === undefined) {
      i = refs.length;
      refs.push(url);
      refIndex.set(url, i);
    }
    return i;
  };
  const attributions = w.attributions.map((a): EncodedAttribution => {
    const base: EncodedAttribution = [a.artist_id, a.qualifier, a.current ? 1 : 0, a.display, a.source, ref(a.source_ref)];
    return a.effective_date ? [...base, a.effective_date] as EncodedAttribution : base;
  });
  const claims = w.claims.map((c): EncodedClaim => [c.pillar, c.kind, c.claim, c.source, ref(c.source_ref)]);
  const encoded: EncodedWork = { work_id: w.work_id, title: w.title, title_aliases: w.title_aliases, inventory_numbers: w.inventory_numbers, refs, attributions, claims };
  if (w.object !== undefined) {
    const o = w.object;
    encoded.object = [o.object_type, o.medium, o.date, o.dimensions, o.collection];
  }
  return encoded;
}

/** Vocabulary lookups double as validation and as interning (one string instance per value). */
const vocabulary = <T extends string>(values: readonly T[]) => new Map<string, T>(values.map((v) => [v, v]));
const QUALIFIER = vocabulary(QUALIFIERS);
const SOURCE = vocabulary(SOURCE_TAGS);
const PILLAR = vocabulary(PILLARS);
const KIND = vocabulary(CLAIM_KINDS);
const OBJECT_TYPE = vocabulary(OBJECT_TYPES);

/** Returns one instance per distinct string: a load shares its media, dates and collections. */
export type Interner = (text: string) => string;
const noInterning: Interner = (text) => text;

/** An interner over a fresh table (one per load, so that nothing outlives the snapshot). */
export function createInterner(): Interner {
  const table = new Map<string, string>();
  return (text) => {
    const known = table.get(text);
    if (known !== undefined) return known;
    table.set(text, text);
    return text;
  };
}

function decodeObject(value: unknown, intern: Interner): WorkObject {
  if (!Array.isArray(value) || value.length !== 5) throw new CorpusFormatError('object must be a 5-tuple');
  const field = (i: number, what: string): string | null => {
    const v: unknown = value[i];
    if (v === null) return null;
    if (!isString(v) || v === '') throw new CorpusFormatError(`object: ${what} must be a non-empty string or null`);
    return intern(v);
  };
  const type: unknown = value[0];
  const objectType = type === null ? null : OBJECT_TYPE.get(type as string);
  if (objectType === undefined) throw new CorpusFormatError('object: object_type is not a known object type');
  return { object_type: objectType, medium: field(1, 'medium'), date: field(2, 'date'), dimensions: field(3, 'dimensions'), collection: field(4, 'collection') };
}

export class CorpusFormatError extends Error {}

const isString = (v: unknown): v is string => typeof v === 'string';
function strings(v: unknown, what: string): string[] {
  if (!Array.isArray(v) || !v.every(isString)) throw new CorpusFormatError(`${what} must be an array of strings`);
  return v;
}

/** Checks the shape the domain relies on and rebuilds the domain record; throws CorpusFormatError. */
export function decodeWork(value: unknown, intern: Interner = noInterning): CorpusWork {
  if (typeof value !== 'object' || value === null) throw new CorpusFormatError('not an object');
  const w = value as Record<string, unknown>;
  if (!isString(w.work_id) || w.work_id === '') throw new CorpusFormatError('work_id must be a non-empty string');
  if (!isString(w.title) || w.title.trim() === '') throw new CorpusFormatError('title must be a non-empty string');
  const refs = strings(w.refs, 'refs');
  const refAt = (i: unknown, what: string): string => {
    const url = Number.isInteger(i) ? refs[i as number] : undefined;
    if (url === undefined || url === '') throw new CorpusFormatError(`${what} points to no ref`);
    return url;
  };
  if (!Array.isArray(w.attributions) || w.attributions.length === 0) throw new CorpusFormatError('attributions must be a non-empty array');
  const attributions = (w.attributions as unknown[]).map((raw, i): Attribution => {
    const a = raw as unknown[];
    const what = `attributions[${i}]`;
    if (!Array.isArray(a) || a.length < 6 || a.length > 7) throw new CorpusFormatError(`${what} must be a 6- or 7-tuple`);
    const qualifier = QUALIFIER.get(a[1] as string);
    const source = SOURCE.get(a[4] as string);
    if (!isString(a[0]) || a[0] === '') throw new CorpusFormatError(`${what}: artist_id must be a non-empty string`);
    if (!qualifier) throw new CorpusFormatError(`${what}: qualifier is not a known qualifier`);
    if (a[2] !== 0 && a[2] !== 1) throw new CorpusFormatError(`${what}: current must be 0 or 1`);
    if (!isString(a[3])) throw new CorpusFormatError(`${what}: display must be a string`);
    if (!source) throw new CorpusFormatError(`${what}: source is not a known source tag`);
    const attribution: Attribution = { artist_id: a[0], qualifier, current: a[2] === 1, display: a[3], source, source_ref: refAt(a[5], what) };
    if (a.length === 7) {
      if (!isString(a[6])) throw new CorpusFormatError(`${what}: effective_date must be a string`);
      attribution.effective_date = a[6];
    }
    return attribution;
  });
  if (!Array.isArray(w.claims)) throw new CorpusFormatError('claims must be an array');
  const claims = (w.claims as unknown[]).map((raw, i): Claim => {
    const c = raw as unknown[];
    const what = `claims[${i}]`;
    if (!Array.isArray(c) || c.length !== 5) throw new CorpusFormatError(`${what} must be a 5-tuple`);
    const pillar = PILLAR.get(c[0] as string);
    const kind = KIND.get(c[1] as string);
    const source = SOURCE.get(c[3] as string);
    if (!pillar) throw new CorpusFormatError(`${what}: pillar is not a known pillar`);
    if (!kind) throw new CorpusFormatError(`${what}: kind is not a known claim kind`);
    if (!isString(c[2]) || c[2] === '') throw new CorpusFormatError(`${what}: claim must be a non-empty string`);
    if (!source) throw new CorpusFormatError(`${what}: source is not a known source tag`);
    return { pillar, kind, claim: c[2], source, source_ref: refAt(c[4], what) };
  });
  const work: CorpusWork = {
    work_id: w.work_id,
    title: w.title,
    title_aliases: strings(w.title_aliases, 'title_aliases'),
    inventory_numbers: strings(w.inventory_numbers, 'inventory_numbers'),
    attributions,
    claims,
  };
  if (w.object !== undefined) work.object = decodeObject(w.object, intern);
  return work;
}
