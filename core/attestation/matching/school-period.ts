/**
 * School and period designations, as French, Italian and other catalogues print them before
 * (or instead of) a name: "École flamande du XVIIe siècle", "Scuola veneta", "sec. XVI",
 * "École française vers 1800", "Flemish School, 17th century", "Anonyme". Such a segment names
 * no artist: it is dropped from the artist line ("École flamande du XVIIe siècle, suiveur de
 * Pierre Paul Rubens" is a follower-of claim on Rubens), and a line made only of them names
 * nobody (`no_artist_named`), never a match on the word "école" (ADR 0030). Pure.
 */
import { foldText } from './normalise.js';
import { readingCost } from './text-scan.js';

/** "School" in the catalogue languages. */
const SCHOOL_WORDS = new Set(['ecole', 'scuola', 'escuela', 'escola', 'school', 'schule', 'skola']);
/** After a school word, these make it "school of <master>": a qualifier, not a designation. */
const OF = new Set(['de', 'd', 'des', 'of', 'the', 'di', 'del', 'della', 'dei', 'degli', 'van', 'von', 'der', 'des', 'du']);
/** Lines that name nobody, in the catalogue languages. */
const NOBODY = new Set(['anonymous', 'anonyme', 'anonym', 'anonymus', 'anonimo', 'anonimous', 'unknown', 'unknown artist', 'artiste inconnu', 'inconnu',
  'maitre anonyme', 'unknown painter', 'unknown maker', 'unbekannt', 'unbekannter kunstler', 'onbekend', 'onbekende kunstenaar', 'ignoto', 'autore ignoto', 'desconocido', 'okand', 'okand konstnar']);
/** Words that say a century or a period. */
const CENTURY = new Set(['siecle', 'siecles', 'century', 'centuries', 'jahrhundert', 'jahrhunderts', 'jh', 'jhdt', 'secolo', 'secoli', 'sec', 'siglo', 'siglos', 'eeuw', 'eeuws', 'arhundradet', 'talet']);
/** Words a period designation may hold besides its century or year. */
const PERIOD_WORDS = new Set(['vers', 'circa', 'c', 'ca', 'about', 'around', 'um', 'omstreeks', 'hacia', 'intorno', 'al', 'du', 'de', 'del', 'des', 'der',
  'the', 'early', 'late', 'first', 'second', 'half', 'quarter', 'mid', 'fin', 'debut', 'milieu', 'premiere', 'seconde', 'moitie', 'and', 'et', 'und',
  'en', 'y', 'e', 'o', 'primo', 'secondo', 'meta', 'fine', 'inizio', 'anfang', 'ende', 'mitte', 'halfte', 'erste', 'zweite', 'eind', 'begin', 'eerste',
  'helft', 'principios', 'finales', 'mediados', 'mitten', 'slutet', 'borjan', 'av', 'i', 's', 'xx']);

/** A roman numeral, or a number, with an ordinal ending ("xviie", "17th", "17e", "1600talet"). */
function isNumberWord(word: string): boolean {
  let i = 0;
  const roman = (c: number) => c === 0x69 || c === 0x76 || c === 0x78 || c === 0x6c || c === 0x63; // i v x l c
  const digit = (c: number) => c >= 0x30 && c <= 0x39;
  const kind = digit(word.charCodeAt(0)) ? digit : roman;
  while (i < word.length && kind(word.charCodeAt(i))) i += 1;
  if (i === 0) return false;
  const ending = word.slice(i);
  return ['', 'e', 'eme', 'er', 'th', 'st', 'nd', 'rd', 'talet', 's', 'o', 'mo'].includes(ending);
}

/** Whether a segment of an artist line is a school or period designation, naming nobody. */
/**
 * What a designation cannot lack (lower-cased, accents either way): a school, nobody, a century
 * word or a digit. Literal alternatives only: linear in the segment's length.
 */
const MAY_DESIGNATE = /[0-9]|cole|scuola|escuela|escola|school|schule|skola|anonym|anonim|an\u00f3nim|ano\u0301nim|unknown|inconnu|unbekannt|onbekend|ignoto|desconocido|ok\u00e4nd|oka\u0308nd|okand|cle|century|jahrhundert|jh|sec|siglo|eeuw|talet|hundradet/;

export function isDesignation(segment: string): boolean {
  // A bracketed end after a name is that name's qualifier or dates ("Rembrandt (school)",
  // "Rubens (Schule)"), not a school: the words before the brackets must designate by themselves.
  // (Read once, not again for the brackets before them: two readings keep it linear.)
  const bracket = lastBracketedEnd(segment);
  if (bracket > 0 && !designates(segment.slice(0, bracket))) return false;
  return designates(segment);
}

/** Whether a segment, brackets and all, reads as a school or period designation. */
function designates(segment: string): boolean {
  if (!MAY_DESIGNATE.test(segment.toLowerCase())) return false;
  const key = foldText(segment);
  readingCost.steps += segment.length + 1;
  if (key === '') return false;
  if (NOBODY.has(key)) return true;
  const words = key.split(' ');
  const first = words[0] as string;
  if (SCHOOL_WORDS.has(first)) {
    // "École de Rembrandt" is school-of; "École du XVIIe siècle" is a period.
    if (words.length === 1) return true;
    if (!OF.has(words[1] as string)) return true;
    const after = words.slice(2);
    return after.length > 0 && after.every((w) => CENTURY.has(w) || PERIOD_WORDS.has(w) || isNumberWord(w));
  }
  // "Flemish School", "Deutsche Schule um 1600": one or two adjectives, the school, a period at most.
  const school = words.findIndex((w) => SCHOOL_WORDS.has(w));
  if (school > 0 && school <= 2 && words.slice(school + 1).every((w) => CENTURY.has(w) || PERIOD_WORDS.has(w) || isNumberWord(w))) return true;
  // A period alone: "sec. XVI", "vers 1800", "17th century" (a roman numeral only beside a century word).
  const isYear = (w: string) => w.charCodeAt(0) >= 0x30 && w.charCodeAt(0) <= 0x39 && isNumberWord(w);
  return words.every((w) => CENTURY.has(w) || PERIOD_WORDS.has(w) || isNumberWord(w)) && words.some((w) => CENTURY.has(w) || isYear(w));
}

/** Where a segment's closing bracketed group starts ("Rembrandt (school)" -> 10), or -1. */
function lastBracketedEnd(segment: string): number {
  const text = segment.trimEnd();
  const last = text.charCodeAt(text.length - 1);
  if (last !== 0x29 && last !== 0x5d) return -1;
  return text.lastIndexOf(last === 0x29 ? '(' : '[');
}

/**
 * The artist line without the school and period designations it starts with (its comma
 * segments), and whether anything was dropped.
 */
export function withoutDesignations(line: string): { rest: string; dropped: boolean } {
  let rest = line;
  let dropped = false;
  for (;;) {
    const comma = rest.indexOf(',');
    const segment = comma < 0 ? rest : rest.slice(0, comma);
    if (!isDesignation(segment)) return { rest, dropped };
    dropped = true;
    rest = comma < 0 ? '' : rest.slice(comma + 1).trim();
    if (rest === '') return { rest, dropped };
  }
}
