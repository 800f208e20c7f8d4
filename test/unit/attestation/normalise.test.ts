import { describe, expect, it } from 'vitest';
import { LEADING_ARTICLES, foldText, normaliseName, normaliseTitle, titleKeys } from '../../../core/attestation/matching/normalise.js';

/** The folding pipeline written out plainly: the fast paths must agree with it. */
function referenceFold(input: string): string {
  const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h' };
  return input
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłıħ]/g, (c) => FOLD[c] ?? c)
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u02bc\u02bb\u0060\u00b4']/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

describe('foldText', () => {
  it('lower-cases, folds accents and ligatures, and turns punctuation into single spaces', () => {
    expect(foldText('  Éléonore   DÜRER  ')).toBe('eleonore durer');
    expect(foldText('Straße, Æsop & Œuvre')).toBe('strasse aesop oeuvre');
    expect(foldText('Łódź — Ørsted')).toBe('lodz orsted');
    expect(foldText('N00530')).toBe('n00530');
    expect(foldText('1942.9.62')).toBe('1942 9 62');
  });

  it('treats straight and curly quotes, apostrophes and dashes alike', () => {
    const plain = foldText("Turner's 'Fighting Temeraire' - a study");
    expect(foldText('Turner’s ‘Fighting Temeraire’ – a study')).toBe(plain);
    expect(foldText('Turner’s “Fighting Temeraire” — a study')).toBe(plain);
    expect(plain).toBe('turner s fighting temeraire a study');
  });

  it('drops combining marks given separately (decomposed input)', () => {
    expect(foldText('Cafe\u0301 de\u0301jeuner')).toBe(foldText('Café déjeuner'));
    expect(foldText('Cafe\u0301')).toBe('cafe');
  });

  it('keeps letters of other scripts', () => {
    expect(foldText('Ἀθῆναι')).toBe('αθηναι');
    expect(foldText('Илья Репин')).toBe('илья репин');
    expect(foldText('葛飾北斎')).toBe('葛飾北斎');
  });

  it('gives an empty key for text without letters or digits', () => {
    expect(foldText('')).toBe('');
    expect(foldText(' \t\n—…!? ')).toBe('');
    expect(foldText('\u0301\u0302')).toBe('');
  });

  it('agrees with the plain pipeline on every character of the fast-path ranges', () => {
    const ranges: [number, number][] = [
      [0x00, 0x370],
      [0x2000, 0x2070],
    ];
    for (const [from, to] of ranges) {
      for (let code = from; code < to; code += 1) {
        const ch = String.fromCharCode(code);
        const sample = `Ab${ch}cd ${ch}E${ch}`;
        expect(foldText(sample), `U+${code.toString(16)}`).toBe(referenceFold(sample));
      }
    }
  });

  it('agrees with the plain pipeline on titles in several languages', () => {
    for (const text of [
      'Le Déjeuner sur l’herbe',
      'Das Große Rasenstück',
      'La Virgen de los Reyes Católicos',
      'Ritratto di un giovane (“Il Bravo”)',
      'Jeune fille à la perle ½',
      'Zwei Männer in Betrachtung des Mondes',
    ]) {
      expect(foldText(text)).toBe(referenceFold(text));
    }
  });
});

describe('normaliseName', () => {
  it('ignores case, accents, punctuation and spacing', () => {
    expect(normaliseName('  JEAN-AUGUSTE-DOMINIQUE   Ingres ')).toBe('jean auguste dominique ingres');
    expect(normaliseName('Albrecht Dürer')).toBe(normaliseName('albrecht durer'));
    expect(normaliseName('J. M. W. Turner')).toBe('j m w turner');
    expect(normaliseName('J.M.W. Turner')).toBe('j m w turner');
  });

  it('puts an inverted name (surname, forenames) in natural order', () => {
    expect(normaliseName('Turner, Joseph Mallord William')).toBe(normaliseName('Joseph Mallord William Turner'));
    expect(normaliseName('Rijn, Rembrandt van')).toBe('rembrandt van rijn');
    expect(normaliseName('Goya y Lucientes, Francisco de')).toBe('francisco de goya y lucientes');
  });

  it('leaves suffixes and names with several commas as they are', () => {
    expect(normaliseName('Peale, Jr.')).toBe('peale jr');
    expect(normaliseName('Brueghel, the Younger')).toBe('brueghel the younger');
    expect(normaliseName('Turner, Joseph Mallord William, 1775-1851')).toBe('turner joseph mallord william 1775 1851');
  });

  it('copes with empty parts around a comma', () => {
    expect(normaliseName(', Turner')).toBe('turner');
    expect(normaliseName('Turner,')).toBe('turner');
    expect(normaliseName(',')).toBe('');
  });
});

describe('normaliseTitle', () => {
  it('folds like a name', () => {
    expect(normaliseTitle('Norham Castle, Sunrise')).toBe('norham castle sunrise');
    expect(normaliseTitle('NORHAM  castle — SUNRISE.')).toBe('norham castle sunrise');
  });

  it.each([
    ['English', 'The Fighting Temeraire', 'fighting temeraire'],
    ['English a', 'A Young Man Seated', 'young man seated'],
    ['English an', 'An Old Woman', 'old woman'],
    ['French le', 'Le Déjeuner sur l’herbe', 'dejeuner sur l herbe'],
    ['French la', 'La Liberté guidant le peuple', 'liberte guidant le peuple'],
    ['French les', 'Les Glaneuses', 'glaneuses'],
    ["French l'", "L'Atelier du peintre", 'atelier du peintre'],
    ['French l’ (curly)', 'L’Origine du monde', 'origine du monde'],
    ['French une', 'Une baignade à Asnières', 'baignade a asnieres'],
    ['Dutch de', 'De Nachtwacht', 'nachtwacht'],
    ['Dutch het', 'Het Straatje', 'straatje'],
    ["Dutch 't", "'t Hooge Huys", 'hooge huys'],
    ['German der', 'Der Wanderer über dem Nebelmeer', 'wanderer uber dem nebelmeer'],
    ['German die', 'Die Toteninsel', 'toteninsel'],
    ['German das', 'Das Große Rasenstück', 'grosse rasenstuck'],
    ['German ein', 'Ein Bauernhaus', 'bauernhaus'],
    ['Italian il', 'Il Quarto Stato', 'quarto stato'],
    ['Italian lo', 'Lo Sposalizio della Vergine', 'sposalizio della vergine'],
    ['Italian gli', 'Gli Ambasciatori', 'ambasciatori'],
    ['Italian una', 'Una Madonna', 'madonna'],
    ['Spanish el', 'El Jardín de las Delicias', 'jardin de las delicias'],
    ['Spanish los', 'Los Fusilamientos', 'fusilamientos'],
    ['Spanish las', 'Las Meninas', 'meninas'],
  ])('drops a leading %s article', (_language, title, key) => {
    expect(normaliseTitle(title)).toBe(key);
  });

  it('drops only leading articles, never an inner one', () => {
    expect(normaliseTitle('Study of the Sea')).toBe('study of the sea');
  });

  it('keeps a title that is only an article, or only articles, non-empty', () => {
    expect(normaliseTitle('The')).toBe('the');
    expect(normaliseTitle('  La  ')).toBe('la');
    expect(normaliseTitle('The A')).toBe('a');
    expect(normaliseTitle("L'")).toBe('l');
  });

  it('drops several leading articles so that it is idempotent', () => {
    expect(normaliseTitle("The 'La Belle Ferronnière'")).toBe('belle ferronniere');
    expect(normaliseTitle(normaliseTitle('The The Sea'))).toBe(normaliseTitle('The The Sea'));
  });

  it('exports the articles it drops', () => {
    for (const article of ['the', 'a', 'an', 'le', 'la', 'les', 'l', 'de', 'het', 'der', 'die', 'das', 'il', 'el', 'los', 'las']) {
      expect(LEADING_ARTICLES).toContain(article);
    }
  });
});

describe('titleKeys', () => {
  it('lists the distinct non-empty keys of a title and its aliases', () => {
    expect(titleKeys('The Little Street', ['Het Straatje', 'Little Street', '—'])).toEqual(['little street', 'straatje']);
    expect(titleKeys('')).toEqual([]);
  });
});
