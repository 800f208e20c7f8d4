/**
 * Issue 23 (ADR 0030): qualifiers in seven languages before or after the name, school and period
 * designations, and the name forms a catalogue prints (exonyms, full and short forms, initials).
 */
import { describe, expect, it } from 'vitest';
import type { Qualifier } from '../../../core/attestation/corpus/corpus.model.js';
import { parseArtistLine } from '../../../core/attestation/matching/artist-line.js';
import { isDesignation } from '../../../core/attestation/matching/school-period.js';

const QUALIFIED: Array<[string, string, Qualifier]> = [
  // English, bare and abbreviated
  ['attributed Rembrandt van Rijn', 'Rembrandt van Rijn', 'attributed_to'],
  ['Attrib. to Rembrandt van Rijn', 'Rembrandt van Rijn', 'attributed_to'],
  ['Rembrandt van Rijn, attributed', 'Rembrandt van Rijn', 'attributed_to'],
  ['Rembrandt van Rijn, school', 'Rembrandt van Rijn', 'school_of'],
  ['Rembrandt van Rijn (?)', 'Rembrandt van Rijn', 'possibly'],
  ['Rembrandt van Rijn?', 'Rembrandt van Rijn', 'possibly'],
  ['Possibly by Rembrandt van Rijn', 'Rembrandt van Rijn', 'possibly'],
  // French, modern and older spellings
  ['Dans la maniere de Rembrandt', 'Rembrandt', 'manner_of'],
  ['Dans le goût du Titien', 'Titien', 'imitator_of'],
  ["Copié d'après Rubens", 'Rubens', 'copy_after'],
  ["D\u2019après Rubens", 'Rubens', 'after'],
  ['Esquisse de Rubens', 'Rubens', 'firm'],
  ['Étude de Rubens', 'Rubens', 'firm'],
  ['Boucher, François (1703-1770) (atelier)', 'François Boucher', 'workshop_of'],
  // A school word after the name, bracketed or after a comma, is the name's qualifier, not a school
  // designation ("Flemish School"); a connector left hanging after it is read too.
  ['Rembrandt (school)', 'Rembrandt', 'school_of'],
  ['Rembrandt (Schule)', 'Rembrandt', 'school_of'],
  ['Rembrandt (école)', 'Rembrandt', 'school_of'],
  ['Rembrandt (school of)', 'Rembrandt', 'school_of'],
  ['Rembrandt, school of', 'Rembrandt', 'school_of'],
  ['Rubens (circle of)', 'Rubens', 'circle_of'],
  ['Boucher (attribué à)', 'Boucher', 'attributed_to'],
  ['Jan van Goyen (toegeschreven aan)', 'Jan van Goyen', 'attributed_to'],
  ['Teniers, copy after', 'Teniers', 'copy_after'],
  // German
  ['Jan van Goyen, zugeschrieben', 'Jan van Goyen', 'attributed_to'],
  ['Werkstatt des Rubens', 'Rubens', 'workshop_of'],
  ['Kreis von Rubens', 'Rubens', 'circle_of'],
  ['Umkreis des Rubens', 'Rubens', 'circle_of'],
  ['Nachfolger des Rubens', 'Rubens', 'follower_of'],
  ['Schule des Rubens', 'Rubens', 'school_of'],
  ['Kopie nach Rubens', 'Rubens', 'copy_after'],
  ['Nach Rubens', 'Rubens', 'after'],
  ['Art des Rubens', 'Rubens', 'style_of'],
  ['Manier des Rubens', 'Rubens', 'manner_of'],
  ['Hals, Frans, Umkreis', 'Frans Hals', 'circle_of'],
  // Dutch
  ['Toegeschreven aan Jan van Goyen', 'Jan van Goyen', 'attributed_to'],
  ['Atelier van Rubens', 'Rubens', 'workshop_of'],
  ['Omgeving van Rubens', 'Rubens', 'circle_of'],
  ['Navolger van Rubens', 'Rubens', 'follower_of'],
  ['School van Rubens', 'Rubens', 'school_of'],
  ['Naar Rubens', 'Rubens', 'after'],
  ['Kopie naar Rubens', 'Rubens', 'copy_after'],
  // Italian
  ['Attribuito a Tiziano', 'Tiziano', 'attributed_to'],
  ['Bottega di Tiziano', 'Tiziano', 'workshop_of'],
  ['Cerchia di Tiziano', 'Tiziano', 'circle_of'],
  ['Seguace di Tiziano', 'Tiziano', 'follower_of'],
  ['Scuola di Tiziano', 'Tiziano', 'school_of'],
  ['Copia da Tiziano', 'Tiziano', 'copy_after'],
  ['Tiziano (bottega)', 'Tiziano', 'workshop_of'],
  // Spanish
  ['Atribuido a Murillo', 'Murillo', 'attributed_to'],
  ['Taller de Murillo', 'Murillo', 'workshop_of'],
  ['Círculo de Murillo', 'Murillo', 'circle_of'],
  ['Seguidor de Murillo', 'Murillo', 'follower_of'],
  ['Escuela de Murillo', 'Murillo', 'school_of'],
  ['Copia de Murillo', 'Murillo', 'copy_after'],
  // Swedish
  ['Tillskriven Rembrandt', 'Rembrandt', 'attributed_to'],
  ['Rembrandt, tillskriven', 'Rembrandt', 'attributed_to'],
  ['Rembrandt, hans verkstad', 'Rembrandt', 'workshop_of'],
  ['Rembrandt, hans krets', 'Rembrandt', 'circle_of'],
  ['Rembrandt, efterföljare', 'Rembrandt', 'follower_of'],
  ['Kopia efter Rembrandt', 'Rembrandt', 'copy_after'],
  ['Efter Rembrandt', 'Rembrandt', 'after'],
  // School and period lines
  ['École flamande du XVIIe siècle, suiveur de Pierre Paul RUBENS', 'Pierre Paul RUBENS', 'follower_of'],
  ['Scuola veneta, sec. XVI, cerchia di Tiziano', 'Tiziano', 'circle_of'],
  ['Flemish School, 17th century, circle of Rubens', 'Rubens', 'circle_of'],
];

describe('claimed qualifiers in seven languages, before or after the name', () => {
  it.each(QUALIFIED)('%s', (line, name, qualifier) => {
    const read = parseArtistLine(line);
    expect(read.qualifier).toBe(qualifier);
    expect(read.name).toBe(name);
    expect(read.noArtist).toBe(false);
  });

  it('a qualifier alone claims nothing and names nobody', () => {
    for (const line of ['After', 'Zugeschrieben', '(atelier)', '?']) expect(parseArtistLine(line).name).not.toBe('');
  });
});

describe('school and period designations name nobody', () => {
  it.each(['École française vers 1800', 'Scuola veneta, sec. XVI', 'École flamande du XVIIe siècle', 'Flemish School, 17th century', 'Deutsche Schule', 'École flamande (XVIIe siècle)', 'Flemish School (17th century)', 'Anonyme', 'Unknown artist'])(
    '%s',
    (line) => {
      const read = parseArtistLine(line);
      expect(read.noArtist).toBe(true);
      expect(read.name).toBe('');
    },
  );

  it('names and school-of claims are not designations', () => {
    for (const segment of ['Rembrandt', 'Li', 'Dix', 'École de Rembrandt', 'Scuola di Tiziano', 'School of Rubens', 'C. Turner', 'Vic']) expect(isDesignation(segment)).toBe(false);
  });
});
