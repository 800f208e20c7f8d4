/**
 * The vocabulary a catalogue line is read into and the records share: attribution qualifiers
 * and kinds of object. The lowest layer of the oracle (docs/architecture.md): the readers of
 * matching/ produce these values, the corpus model stores them, the verdict rules compare them.
 */

/**
 * Attribution qualifiers, normalised from the sources' vocabularies
 * (Tate `role`, CMOA `role`, NGA `prefix`, operator research).
 * `firm` is a plain attribution ("by").
 */
export const QUALIFIERS = [
  'firm',
  'attributed_to',
  'possibly',
  'probably',
  'doubtfully_attributed_to',
  'workshop_of',
  'studio_of',
  'circle_of',
  'school_of',
  'pupil_of',
  'follower_of',
  'manner_of',
  'style_of',
  'imitator_of',
  'after',
  'copy_after',
  'formerly_attributed_to',
] as const;
export type Qualifier = (typeof QUALIFIERS)[number];

/**
 * Kinds of object, from the sources' classifications (Tate `classification`, CMOA
 * `classification`, Nationalmuseum's and Wikidata's paintings) and from a medium as catalogues
 * write it (`objectKindOfMedium`). `decorative_art`: ceramics, metalwork, glass, furniture,
 * textiles; `other`: books, printing blocks and plates, films, models.
 */
export const OBJECT_TYPES = ['painting', 'drawing', 'print', 'sculpture', 'photograph', 'decorative_art', 'other'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];
