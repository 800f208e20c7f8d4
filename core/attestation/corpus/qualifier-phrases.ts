/** English wording of the attribution qualifiers, and reading a qualifier written either way. */
import { QUALIFIERS, type Qualifier } from './corpus.model.js';
import { foldText } from '../matching/normalise.js';

/** The phrase put before an artist's name ("workshop of Rembrandt van Rijn"); `firm` is "by". */
export const QUALIFIER_PHRASES: Readonly<Record<Qualifier, string>> = {
  firm: 'by',
  attributed_to: 'attributed to',
  possibly: 'possibly by',
  probably: 'probably by',
  doubtfully_attributed_to: 'doubtfully attributed to',
  workshop_of: 'workshop of',
  studio_of: 'studio of',
  circle_of: 'circle of',
  school_of: 'school of',
  pupil_of: 'pupil of',
  follower_of: 'follower of',
  manner_of: 'manner of',
  style_of: 'style of',
  imitator_of: 'imitator of',
  after: 'after',
  copy_after: 'copy after',
  formerly_attributed_to: 'formerly attributed to',
};

const BY_KEY = new Map<string, Qualifier>();
for (const q of QUALIFIERS) {
  BY_KEY.set(foldText(q.replace(/_/g, ' ')), q);
  BY_KEY.set(foldText(QUALIFIER_PHRASES[q]), q);
}
BY_KEY.set('possibly', 'possibly');
BY_KEY.set('probably', 'probably');
BY_KEY.set('firm', 'firm');

/**
 * A qualifier from its code (`workshop_of`) or its phrase ("Workshop of", "possibly by"),
 * case and spacing ignored; undefined when it is neither.
 */
export function parseQualifier(text: string): Qualifier | undefined {
  return BY_KEY.get(foldText(text));
}

/** How an attribution displays: the name alone when firm, else "workshop of <name>". */
export function attributionDisplay(qualifier: Qualifier, name: string): string {
  return qualifier === 'firm' ? name : `${QUALIFIER_PHRASES[qualifier]} ${name}`;
}
