/**
 * The object a source record describes (ADR 0032): its kind from the source's classification,
 * refined by the medium where the classification is broad (Tate's "on paper, unique" holds
 * oil sketches as well as drawings; Nationalmuseum files pastels and gouaches among its
 * paintings), and its medium, date, dimensions and collection as the source writes them.
 */
import type { ObjectType, WorkObject } from '../../core/attestation/corpus/corpus.model.js';
import { objectKindOfMedium } from '../../core/attestation/matching/object-kind.js';

/** Tate `classification`. */
const TATE_KINDS: Record<string, ObjectType> = {
  painting: 'painting',
  'on paper, unique': 'drawing',
  'on paper, print': 'print',
  'block for printing': 'other',
  sculpture: 'sculpture',
  relief: 'sculpture',
};

/** CMOA `classification`, folded to lower case. */
const CMOA_KINDS: Record<string, ObjectType> = {
  prints: 'print',
  'drawings and watercolors': 'drawing',
  photographs: 'photograph',
  paintings: 'painting',
  sculpture: 'sculpture',
  casts: 'sculpture',
  ceramics: 'decorative_art',
  metals: 'decorative_art',
  containers: 'decorative_art',
  wood: 'decorative_art',
  glass: 'decorative_art',
  'crèches': 'decorative_art',
  'tools and equipment': 'decorative_art',
  furniture: 'decorative_art',
  'lighting devices': 'decorative_art',
  textiles: 'decorative_art',
  mirrors: 'decorative_art',
  books: 'other',
  'printing plates': 'other',
  'printing blocks': 'other',
  films: 'other',
  'architectural models': 'other',
  'architectural elements': 'other',
  collages: 'other',
  'documents and information artifacts': 'other',
};

/** A unique work on paper or a painting collection's item: the medium may say better (oil on paper, pastel). */
const REFINABLE: ReadonlySet<ObjectType> = new Set(['drawing', 'painting']);

/** The kind from a classification, refined between painting and drawing by the medium. */
export function objectTypeOf(classified: ObjectType | null, medium: string | null): ObjectType | null {
  if (classified === null) return objectKindOfMedium(medium);
  if (!REFINABLE.has(classified)) return classified;
  const read = objectKindOfMedium(medium);
  return read !== null && REFINABLE.has(read) ? read : classified;
}

export function tateObjectType(classification: string | null | undefined, medium: string | null): ObjectType | null {
  return objectTypeOf(TATE_KINDS[(classification ?? '').trim().toLowerCase()] ?? null, medium);
}

export function cmoaObjectType(classification: string | null | undefined, medium: string | null): ObjectType | null {
  return objectTypeOf(CMOA_KINDS[(classification ?? '').trim().toLowerCase()] ?? null, medium);
}

/** A source's text field, whitespace folded; null when empty or a "not known" placeholder. */
export function fieldText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim().replace(/[.;,]+$/, '');
  if (text === '' || /^(date )?not known$/i.test(text) || /^unknown$/i.test(text)) return null;
  return text;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** CMOA's inches, height × width (× depth) or a diameter, with centimetres: "22 × 28 × 3 in. (55.9 × 71.1 × 7.6 cm)". */
export function cmoaDimensions(r: { item_height_in?: number | null; item_width_in?: number | null; item_depth_in?: number | null; item_diameter_in?: number | null }): string | null {
  const sides = [r.item_height_in, r.item_width_in, r.item_depth_in].filter((x): x is number => typeof x === 'number' && x > 0);
  const dims = sides.length >= 2 ? sides : [];
  if (dims.length > 0) return `${dims.map(round1).join(' × ')} in. (${dims.map((x) => round1(x * 2.54)).join(' × ')} cm)`;
  const d = r.item_diameter_in;
  if (typeof d === 'number' && d > 0) return `diameter ${round1(d)} in. (${round1(d * 2.54)} cm)`;
  return null;
}

/** The object, or undefined when the source gives nothing about it. */
export function workObject(o: WorkObject): WorkObject | undefined {
  return o.object_type === null && o.medium === null && o.date === null && o.dimensions === null && o.collection === null ? undefined : o;
}
