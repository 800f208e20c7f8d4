/**
 * Suggested wording for a work whose records qualify or reject the artist asked about, in the
 * vocabulary of French decree no. 81-255 of 3 March 1981 on the repression of fraud in
 * transactions in works of art and collectors' items. Documentary assistance only.
 */
import type { Qualifier } from '../corpus/corpus.model.js';
import type { Requalification } from './verification.model.js';

/** One row of the table: the bare terms (the artist's name follows them) and their article. */
export interface DecreeTerm {
  term_fr: string;
  term_en: string;
  article: string;
  /** What the term guarantees under the decree, in plain English. */
  meaning: string;
}

const NOT_LEGAL_ADVICE =
  'Documentary assistance drawn from the cited records, not legal advice: ' +
  'the description of a work offered for sale is the seller\u2019s and their expert\u2019s responsibility.';

const ART_3: DecreeTerm = {
  term_fr: 'par',
  term_en: 'by',
  article: 'art. 3',
  meaning: 'the name of an artist preceded by \u00abde\u00bb or \u00abpar\u00bb guarantees that this artist is the author',
};
const ART_4: DecreeTerm = {
  term_fr: 'attribu\u00e9 \u00e0',
  term_en: 'attributed to',
  article: 'art. 4',
  meaning:
    '\u00abattribu\u00e9 \u00e0\u00bb guarantees that the work was made during the artist\u2019s period of ' +
    'activity and that serious presumptions point to them as its likely author, without certainty',
};
const ART_5: DecreeTerm = {
  term_fr: 'atelier de',
  term_en: 'workshop of',
  article: 'art. 5',
  meaning:
    '\u00abatelier de\u00bb guarantees that the work was made in the master\u2019s workshop or under their ' +
    'direction, not that the master made it',
};
const ART_6: DecreeTerm = {
  term_fr: '\u00e9cole de',
  term_en: 'school of',
  article: 'art. 6',
  meaning:
    '\u00ab\u00e9cole de\u00bb guarantees only that the author was a pupil of the master or under their ' +
    'known influence, working in their lifetime or within fifty years of their death',
};
const art7 = (term_fr: string, term_en: string): DecreeTerm => ({
  term_fr,
  term_en,
  article: 'art. 7',
  meaning: `\u00ab${term_fr}\u00bb gives no guarantee as to the identity of the artist, the date or the school`,
});

/**
 * Qualifier -> decree term. `formerly_attributed_to` maps to art. 7: with no current artist
 * known, the former name may only be used "in the taste of"; when the records now give the work
 * to another artist, `suggestRequalification` uses art. 3 for that artist instead.
 */
export const DECREE_81_255: Readonly<Record<Qualifier, DecreeTerm>> = {
  firm: ART_3,
  attributed_to: ART_4,
  possibly: ART_4,
  probably: ART_4,
  doubtfully_attributed_to: ART_4,
  workshop_of: ART_5,
  studio_of: ART_5,
  school_of: ART_6,
  pupil_of: ART_6,
  circle_of: ART_6,
  follower_of: ART_6,
  manner_of: art7('mani\u00e8re de', 'manner of'),
  style_of: art7('style de', 'style of'),
  imitator_of: art7('dans le go\u00fbt de', 'in the taste of'),
  after: art7('d\u2019apr\u00e8s', 'after'),
  copy_after: art7('d\u2019apr\u00e8s', 'after'),
  formerly_attributed_to: art7('dans le go\u00fbt de', 'in the taste of'),
};

/** What the records say about the work, as far as the wording is concerned. */
export interface RequalificationRequest {
  /** The artist asked about, as a display name. */
  subject_artist: string;
  /**
   * How the deciding record currently qualifies the subject artist; `null` (or
   * `formerly_attributed_to`) when it names them only as a former attribution.
   */
  subject_qualifier: Qualifier | null;
  /** The work's current attribution to another artist, when the records give one. */
  current_artist?: { name: string; qualifier: Qualifier } | null;
  /** The deciding attribution as its record displays it ("Workshop of Rembrandt van Rijn"). */
  record_display?: string | null;
  /**
   * Set when the subject claimed a qualifier more careful than the record's (the verdict is then
   * `attested`): the suggestion shows the firmer wording the records support.
   */
  more_careful_claim?: Qualifier | null;
}

const ELIDING_INITIAL = /^[aeiouàâäéèêëîïôöùûüAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜ]/;

/** French term followed by a name, eliding a final "de" before a vowel ("atelier d'Ingres"). */
function frenchPhrase(term: string, name: string): string {
  if (term.endsWith(' de') && ELIDING_INITIAL.test(name)) return `${term.slice(0, -2)}d\u2019${name}`;
  if (term === 'de' && ELIDING_INITIAL.test(name)) return `d\u2019${name}`;
  if (term.endsWith('\u2019')) return `${term}${name}`;
  return `${term} ${name}`;
}

function phrase(term: DecreeTerm, name: string, note: string): Requalification {
  return {
    term_fr: frenchPhrase(term.term_fr, name),
    term_en: `${term.term_en} ${name}`,
    article: term.article,
    note: `${note} Decree no. 81-255 of 3 March 1981, ${term.article}: ${term.meaning}. ${NOT_LEGAL_ADVICE}`,
  };
}

/**
 * The wording a record-based description of the work supports:
 * - the subject artist qualified by the record (attributed to, workshop of, circle of, after...)
 *   -> that qualifier's article, with the subject's name;
 * - the subject named only as a former attribution, the work now firmly given to another
 *   artist -> art. 3 "par <that artist>"; now given to another artist with a qualifier -> that
 *   qualifier's article with the other artist's name;
 * - the subject named only as a former attribution, no current artist known -> art. 7
 *   "dans le goût de <subject>".
 */
export function suggestRequalification(request: RequalificationRequest): Requalification {
  const subject = request.subject_artist;
  const qualifier = request.subject_qualifier;
  const display = request.record_display ? ` The deciding record reads \u201c${request.record_display}\u201d.` : '';
  if (qualifier !== null && qualifier !== 'formerly_attributed_to') {
    const term = DECREE_81_255[qualifier];
    const careful = request.more_careful_claim;
    const note = careful
      ? `The claim \u201c${DECREE_81_255[careful].term_en} ${subject}\u201d is more careful than the records, which support \u201c${term.term_en} ${subject}\u201d.${display}`
      : qualifier === 'firm'
        ? `The records give the work to ${subject}.${display}`
        : `The records support \u201c${term.term_en} ${subject}\u201d, not a firm attribution.${display}`;
    return phrase(term, subject, note);
  }
  const other = request.current_artist;
  if (other && other.qualifier !== 'formerly_attributed_to') {
    const note = `The records no longer give the work to ${subject}; they now give it to ${other.name}.${display}`;
    return phrase(DECREE_81_255[other.qualifier], other.name, note);
  }
  return phrase(
    DECREE_81_255.formerly_attributed_to,
    subject,
    `The records name ${subject} only as a former attribution and give no current author.${display}`,
  );
}
