import { describe, expect, it } from 'vitest';
import { cmoaRoleQualifier, ngaQualifier, qualifierPhrase, tateDisplay, tateRoleQualifier } from '../../corpus/build/qualifiers.js';
import { QUALIFIERS } from '../../core/attestation/corpus/corpus.model.js';

describe('Tate roles', () => {
  it.each([
    ['artist', 'firm', true],
    ['attributed to', 'attributed_to', true],
    ['formerly attributed to', 'formerly_attributed_to', false],
    ['studio of', 'studio_of', true],
    ['manner of', 'manner_of', true],
    ['imitator of', 'imitator_of', true],
    ['follower of', 'follower_of', true],
    ['style of', 'style_of', true],
    ['pupil of', 'pupil_of', true],
    ['school of', 'school_of', true],
    ['doubtfully attributed to', 'doubtfully_attributed_to', true],
    ['after', 'after', true],
    ['prints after', 'after', true],
    ['and studio', 'workshop_of', true],
    ['and a pupil', 'workshop_of', true],
    ['and other artists', 'firm', true],
    ['pseudo', 'imitator_of', true],
  ])('%s -> %s', (role, qualifier, current) => {
    expect(tateRoleQualifier(role)).toEqual({ qualifier, current });
  });

  it('treats a missing role as the artist and an unknown one as no attribution', () => {
    expect(tateRoleQualifier(undefined)).toEqual({ qualifier: 'firm', current: true });
    expect(tateRoleQualifier('publisher')).toBeNull();
  });

  it('displays a contributor as Tate does', () => {
    expect(tateDisplay('artist', 'John Hoppner')).toBe('John Hoppner');
    expect(tateDisplay('studio of', 'John Hoppner')).toBe('studio of John Hoppner');
    expect(tateDisplay('and studio', 'Sir Joshua Reynolds')).toBe('Sir Joshua Reynolds and studio');
    expect(tateDisplay('formerly attributed to', 'Thomas Girtin')).toBe('formerly attributed to Thomas Girtin');
  });
});

describe('NGA prefixes', () => {
  it.each([
    ['', 'painter', 'firm', true],
    ['Attributed to', 'painter', 'attributed_to', true],
    ['attributed to', 'artist', 'attributed_to', true],
    ['Workshop of', 'related artist', 'workshop_of', true],
    ['and Workshop of', 'artist', 'workshop_of', true],
    ['Studio of', 'artist', 'studio_of', true],
    ['Style of', 'artist', 'style_of', true],
    ['Follower of', 'artist', 'follower_of', true],
    ['Circle of', 'artist', 'circle_of', true],
    ['Imitator of', 'artist', 'imitator_of', true],
    ['Possibly', 'artist', 'possibly', true],
    ['Probably', 'artist', 'probably', true],
    ['?', 'artist', 'possibly', true],
    ['or', 'artist', 'possibly', true],
    ['formerly', 'artist', 'formerly_attributed_to', false],
    ['formerly after', 'artist', 'formerly_attributed_to', false],
    ['after', 'artist', 'after', true],
    ['', 'artist after', 'after', true],
    ['possibly after a model by', 'artist', 'after', true],
    ['Possibly in the style of', 'artist', 'style_of', true],
    ['Copy after', 'artist', 'copy_after', true],
    ['Assistant of', 'artist', 'workshop_of', true],
    ['and', 'artist', 'firm', true],
    ['with landscape by', 'painter', 'firm', true],
  ])('%s (%s) -> %s', (prefix, role, qualifier, current) => {
    expect(ngaQualifier(prefix, role)).toEqual({ qualifier, current });
  });

  it('makes no attribution for publishers, printers or translators', () => {
    expect(ngaQualifier('published by', 'artist')).toBeNull();
    expect(ngaQualifier('', 'publisher')).toBeNull();
    expect(ngaQualifier('', 'printer')).toBeNull();
    expect(ngaQualifier('translated by', 'translator')).toBeNull();
  });
});

describe('CMOA roles', () => {
  it.each([
    [null, 'firm'],
    ['printmaker', 'firm'],
    ['engraver', 'firm'],
    ['possibly by', 'possibly'],
    ['attributed to', 'attributed_to'],
    ['attributed designer', 'attributed_to'],
    ['school of', 'school_of'],
    ['workshop of', 'workshop_of'],
    ['copyist of', 'copy_after'],
    ['after', 'after'],
  ])('%s -> %s', (role, qualifier) => {
    expect(cmoaRoleQualifier(role)?.qualifier).toBe(qualifier);
  });

  it('marks former attributions and skips publishers', () => {
    expect(cmoaRoleQualifier('formerly attributed to')).toEqual({ qualifier: 'formerly_attributed_to', current: false });
    expect(cmoaRoleQualifier('publisher')).toBeNull();
    expect(cmoaRoleQualifier('printer')).toBeNull();
  });
});

it('has an English phrase for every qualifier', () => {
  for (const q of QUALIFIERS) expect(qualifierPhrase(q)).toMatch(/\w/);
});
