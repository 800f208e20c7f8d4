/**
 * Swedish attribution qualifiers: the one table that both the claim reader (claimed-qualifier.ts:
 * a qualifier printed before or after the name of a subject) and the corpus build (Nationalmuseum's
 * `role_sv` and `attribution_qualifier_sv`, corpus/build/qualifiers.ts) read, so that a Swedish word
 * means the same in a claim and in a record. Phrases are folded as the claim reader folds text
 * (lower case, accents off: "Hans ateljé" is `hans atelje`, "Efterföljare" `efterfoljare`).
 *
 * Each phrase maps to the qualifier vocabulary, whose rank is the guarantee French decree no.
 * 81-255 of 3 March 1981 gives the French term of the same sense (claim-vs-record.ts):
 * - art. 4, "attribué à" (serious presumptions, no certainty): "tillskriven", "attribuerad till"
 *   (attributed_to); "troligen" (probably); "möjligen", "alternativ tillskrivning" (possibly);
 *   "osäker attribution" (doubtfully_attributed_to).
 * - art. 5, "atelier de" (made in the master's atelier or under their direction): "ateljé", the
 *   studio (studio_of), and "verkstad", the workshop (workshop_of). Swedish tells the two words
 *   apart and so does the vocabulary; both rank art. 5, so a claim reads to the same verdict
 *   either way. "Medarbetare" (a collaborator of the master; Nationalmuseum's English notes on such
 *   names say "Workshop of") is workshop_of. Before this table the claim reader read "ateljé" as
 *   workshop_of while the corpus build read it as studio_of.
 * - art. 6, "école de" (a pupil or follower, within fifty years): "skola" (school_of), "krets"
 *   (circle_of), "efterföljare" (follower_of), "elev" (pupil_of).
 * - art. 7, "manière de", "style", "dans le goût de", "d'après" (no guarantee): "hans art" and
 *   "manér" ("in his manner", manière de: manner_of), "stil" (style_of), "imitatör"
 *   (imitator_of), "efter" (after), "kopia efter" (copy_after: a copy, which the vocabulary keeps
 *   apart from a free work after the master). The Swedish word "art" is only ever read in
 *   "hans art": alone after a name it is German's ("Rubens, Art": style_of, claimed-qualifier.ts),
 *   so no key means two things.
 * - a former attribution ("tidigare attribution", "tidigare tillskriven"): no guarantee but a
 *   rejection (formerly_attributed_to, ADR 0012).
 *
 * `before`: printed before the name ("Tillskriven Anders Zorn"); `after`: after it, following a
 * comma or in brackets ("Anders Zorn (hans ateljé)"); Nationalmuseum's roles and qualifiers read
 * every phrase. The table runs most specific first: a role or qualifier reads as its first phrase
 * whose words it holds in a row ("Fri kopia efter" is a copy, not `after`).
 */
import type { Qualifier } from './vocabulary.js';

export interface SwedishQualifier {
  /** Folded: lower case, accents off, one space between words. */
  phrase: string;
  qualifier: Qualifier;
  /** Read before the name in a claim. */
  before: boolean;
  /** Read after the name in a claim (after a comma, in brackets). */
  after: boolean;
}

const row = (phrase: string, qualifier: Qualifier, where: 'before' | 'after' | 'both'): SwedishQualifier => ({
  phrase,
  qualifier,
  before: where === 'before' || where === 'both',
  after: where === 'after' || where === 'both',
});

export const SWEDISH_QUALIFIERS: readonly SwedishQualifier[] = [
  // A former attribution
  row('tidigare attribution', 'formerly_attributed_to', 'after'),
  row('tidigare tillskriven', 'formerly_attributed_to', 'both'),
  // Copies (art. 7)
  row('fri kopia efter', 'copy_after', 'before'),
  row('kopia efter', 'copy_after', 'before'),
  row('kopia', 'copy_after', 'after'),
  // Art. 4
  row('osaker attribution', 'doubtfully_attributed_to', 'after'),
  row('alternativ tillskrivning', 'possibly', 'after'),
  row('alternativ attribution', 'possibly', 'after'),
  row('attribuerad till', 'attributed_to', 'before'),
  row('tillskriven', 'attributed_to', 'both'),
  row('tillskrivet', 'attributed_to', 'both'),
  row('tillskr.', 'attributed_to', 'after'),
  row('troligen', 'probably', 'before'),
  row('troligtvis', 'probably', 'before'),
  row('mojligen', 'possibly', 'before'),
  // Art. 5
  row('hans atelje', 'studio_of', 'after'),
  row('atelje', 'studio_of', 'both'),
  row('hans verkstad', 'workshop_of', 'after'),
  row('verkstad', 'workshop_of', 'both'),
  row('medarbetare', 'workshop_of', 'after'),
  // Art. 6
  row('krets kring', 'circle_of', 'before'),
  row('kretsen kring', 'circle_of', 'before'),
  row('hans krets', 'circle_of', 'after'),
  row('krets', 'circle_of', 'after'),
  row('hans skola', 'school_of', 'after'),
  row('skola', 'school_of', 'after'),
  row('efterfoljare till', 'follower_of', 'before'),
  row('hans efterfoljare', 'follower_of', 'after'),
  row('efterfoljare', 'follower_of', 'after'),
  row('elev till', 'pupil_of', 'before'),
  row('elev', 'pupil_of', 'after'),
  // Art. 7
  row('hans art', 'manner_of', 'after'),
  row('hans maner', 'manner_of', 'after'),
  row('maner', 'manner_of', 'after'),
  row('i stil med', 'style_of', 'before'),
  row('stil', 'style_of', 'after'),
  row('imitator', 'imitator_of', 'after'),
  row('efter', 'after', 'before'),
];

/** The words of folded text, punctuation dropped ("tillskr." -> "tillskr"). */
function wordsOf(folded: string): string[] {
  return folded.split(/[^\p{L}]+/u).filter((w) => w !== '');
}

const PHRASE_WORDS: ReadonlyArray<readonly [readonly string[], Qualifier]> = SWEDISH_QUALIFIERS.map((q) => [wordsOf(q.phrase), q.qualifier]);

/**
 * A Swedish role or qualifier as a record writes it ("Tillskriven", "Hans ateljé", "Fri kopia
 * efter"): the qualifier of the table's first phrase whose words it holds in a row; null when it
 * holds none ("Konstnär", "Utförd av": the artist plainly).
 */
export function readSwedishQualifier(text: string): Qualifier | null {
  const words = wordsOf(text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
  for (const [phrase, qualifier] of PHRASE_WORDS) {
    for (let i = 0; i + phrase.length <= words.length; i += 1) {
      if (phrase.every((w, j) => words[i + j] === w)) return qualifier;
    }
  }
  return null;
}
