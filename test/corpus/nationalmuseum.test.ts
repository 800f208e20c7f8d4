import { describe, expect, it } from 'vitest';
import { nmName, nmWorkId, nmYear } from '../../corpus/build/nationalmuseum-source.js';
import { cmoaDimensions, cmoaObjectType, fieldText, tateObjectType } from '../../corpus/build/objects.js';
import { nmQualifier } from '../../corpus/build/qualifiers.js';

describe('Nationalmuseum qualifiers (role, Swedish qualifier, English note)', () => {
  it.each([
    ['Konstnär', null, null, 'firm', true],
    ['Utförd av', null, null, 'firm', true],
    ['Tidigare attribution', null, null, 'formerly_attributed_to', false],
    ['Konstnär', null, 'Earlier attributed to', 'formerly_attributed_to', false],
    ['Tidigare attribution', 'Tidigare attribution', 'Copy after', 'formerly_attributed_to', false],
    ['Konstnär', 'Tillskriven', 'Attributed to', 'attributed_to', true],
    ['Attribuerad till', null, null, 'attributed_to', true],
    ['Konstnär', 'Hans ateljé', null, 'studio_of', true],
    ['Konstnär', 'Hans skola', null, 'school_of', true],
    ['Konstnär', 'Hans art', null, 'manner_of', true],
    ['Konstnär', null, 'Circle of', 'circle_of', true],
    ['Konstnär', 'Hans krets', null, 'circle_of', true],
    ['Konstnär', 'Hans verkstad', null, 'workshop_of', true],
    ['Konstnär', 'Efterföljare', null, 'follower_of', true],
    ['Konstnär', 'manér', null, 'manner_of', true],
    ['Kopia efter', null, null, 'copy_after', true],
    ['Fri kopia efter', null, 'Copy after', 'copy_after', true],
    ['Efter', null, null, 'after', true],
    ['Konstnär', 'Osäker attribution', null, 'doubtfully_attributed_to', true],
    ['Alternativ tillskrivning', null, 'Attributed to', 'possibly', true],
    // The most careful of several: a workshop note on an attributed creator is workshop_of.
    ['Medarbetare', 'Tillskriven', 'Workshop of', 'workshop_of', true],
  ] as const)('%s / %s / %s -> %s', (role, qualifier, note, expected, current) => {
    expect(nmQualifier(role, qualifier, note)).toEqual({ qualifier: expected, current });
  });

  it('makes no attribution of the commissioner or of a creator with no role', () => {
    expect(nmQualifier('Beställare', null, null)).toBeNull();
    expect(nmQualifier(null, null, null)).toBeNull();
  });
});

describe('Nationalmuseum names, years and ids', () => {
  it('splits the English note off and spells d.ä. / d.y. in English', () => {
    expect(nmName('Placido Costanzi (Earlier attributed to)')).toEqual({ name: 'Placido Costanzi', note: 'Earlier attributed to', other: null });
    expect(nmName('Jan Bruegel d.ä.')).toEqual({ name: 'Jan Bruegel the Elder', note: null, other: null });
    expect(nmName('Cornelis Schut d.y.').name).toBe('Cornelis Schut the Younger');
    expect(nmName('Ernst Josephson (eg. Johan Axel Gustaf Andersson)')).toEqual({ name: 'Ernst Josephson', note: null, other: 'Johan Axel Gustaf Andersson' });
  });
  it('dates a painting to one year only when the record names exactly one', () => {
    expect(nmYear('Sign. 1885')).toBe(1885);
    expect(nmYear('Executed 1690')).toBe(1690);
    expect(nmYear('Executed probably 1600-talet')).toBeUndefined();
    expect(nmYear('1650-1660')).toBeUndefined();
    expect(nmYear(null)).toBeUndefined();
  });
  it('makes work ids from the inventory number', () => {
    expect(nmWorkId('NM 1106')).toBe('wrk_nm_nm_1106');
    expect(nmWorkId('NMGrh 1105')).toBe('wrk_nm_nmgrh_1105');
  });
});

describe('the object a record describes', () => {
  it('reads the classification, refined between painting and drawing by the medium', () => {
    expect(tateObjectType('on paper, unique', 'Graphite on paper')).toBe('drawing');
    expect(tateObjectType('on paper, unique', 'Oil paint on paper')).toBe('painting');
    expect(tateObjectType('on paper, print', 'Oil paint on paper')).toBe('print');
    expect(tateObjectType('block for printing', 'Copper plate')).toBe('other');
    expect(cmoaObjectType('drawings and watercolors', 'oil on paper')).toBe('painting');
    expect(cmoaObjectType('Ceramics', 'glazed porcelain')).toBe('decorative_art');
    expect(cmoaObjectType(null, 'bronze')).toBe('sculpture');
    expect(cmoaObjectType(null, null)).toBeNull();
  });
  it('writes CMOA inches with centimetres, and drops placeholders', () => {
    expect(cmoaDimensions({ item_height_in: 22, item_width_in: 28, item_depth_in: 3 })).toBe('22 × 28 × 3 in. (55.9 × 71.1 × 7.6 cm)');
    expect(cmoaDimensions({ item_diameter_in: 4 })).toBe('diameter 4 in. (10.2 cm)');
    expect(cmoaDimensions({ item_width_in: 5 })).toBeNull();
    expect(fieldText('date not known')).toBeNull();
    expect(fieldText(' Olja på duk.\n')).toBe('Olja på duk');
  });
});
