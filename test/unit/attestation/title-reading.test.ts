import { describe, expect, it } from 'vitest';
import { CorpusIndex } from '../../../core/attestation/corpus/corpus-index.js';
import { alternateTitles } from '../../../core/attestation/matching/alternate-titles.js';
import { normaliseTitle } from '../../../core/attestation/matching/normalise.js';
import { isGenericTitle, readTitle } from '../../../core/attestation/matching/title-reading.js';
import { evaluate } from '../../../core/attestation/verdict/evaluate.js';
import { ARTISTS, attribution, work } from '../../fixtures/attestation/fixture-corpus.js';

const read = (title: string) => readTitle(normaliseTitle(title));

describe('titles read through the multilingual vocabulary (ADR 0033)', () => {
  it.each([
    ['Un enterrement à Ornans', 'A Burial at Ornans'],
    ['La Vocation de saint Matthieu', 'The Calling of Saint Matthew'],
    ['Paysage italien', 'Italian Landscape'],
    ['Die Anbetung der Könige', 'The Adoration of the Magi'],
    ['La fuite en Égypte', 'The Flight into Egypt'],
    ['Het Laatste Avondmaal', 'The Last Supper'],
    ['La Cena in Emmaus', 'Supper at Emmaus'],
    ['Die Grablegung Christi', 'The Entombment of Christ'],
    ['Nature morte aux pommes', 'Still Life with Apples'],
    ['Madonna med barnet', 'Madonna and Child'],
    // A painter is a painter in every language, an artist an artist (one concept each, not both).
    ["L'Atelier du peintre", "The Painter's Studio"],
    ['De schilder in zijn atelier', 'The Painter in his Studio'],
    ["Portrait de l'artiste", 'Portrait of the Artist'],
    ['Die Gesandten', 'The Ambassadors'],
    ['Les Lutteurs', 'The Wrestlers'],
    ['La Mort de Socrate', 'The Death of Socrates'],
  ])('%s reads as %s', (foreign, english) => {
    const a = read(foreign);
    expect(a.foreign).toBe(true);
    expect(a.key).toBe(read(english).key);
    expect(read(english).foreign).toBe(false);
  });

  it('does not read a painter as an artist, nor the other way', () => {
    expect(read('Le Peintre').key).not.toBe(read('The Artist').key);
    expect(read("L'Artiste").key).not.toBe(read('The Painter').key);
  });

  it('leaves words it does not know as they are, and echoes the reading in English', () => {
    expect(read('Un enterrement à Ornans').english).toBe('burial ornans');
    expect(read('The Mill').foreign).toBe(false);
  });

  it('keeps "without" and its equivalents: they change what a title says', () => {
    expect(read('Paysage sans arbres').key).not.toBe(read('Paysage aux arbres').key);
  });

  it.each(['Portrait of a Lady', 'Portrait of a Man', 'Portret van een man', 'Bildnis einer jungen Frau', 'Ritratto di gentiluomo', 'Retrato de una dama', 'Porträtt av en okänd man', 'Tête de vieillard', 'Study', 'Sketch', 'Landscape', 'Still Life', 'Nature morte', 'Untitled', 'Sans titre', '[title not known]', 'Head of a Girl', 'Seated Nude', 'Two Studies of a Man'])(
    '%s is generic',
    (title) => expect(isGenericTitle(normaliseTitle(title))).toBe(true),
  );

  it.each(['Portrait of the Artist', 'Head of Christ', 'Landscape with a Bridge', 'Study of Sea', 'Portrait of Mrs Jordan', 'Italian Landscape', 'Portrait of a Woman Holding a Book', 'An Old Woman Reading', 'Old Woman'])(
    '%s is not generic',
    (title) => expect(isGenericTitle(normaliseTitle(title))).toBe(false),
  );
});

describe('alternate titles a record carries (ADR 0033)', () => {
  it.each([
    ['Christ Crucified between Two Thieves (The Three Crosses)', ['Christ Crucified between Two Thieves', 'The Three Crosses']],
    ['Woman with White Stockings (La Femme aux bas blancs)', ['Woman with White Stockings', 'La Femme aux bas blancs']],
    ['Dort, or Dordrecht: The Dort packet-boat from Rotterdam becalmed', ['Dort', 'Dordrecht: The Dort packet-boat from Rotterdam becalmed']],
    ['Portrait of Tommaso Inghirami, called Fedra', ['Portrait of Tommaso Inghirami', 'Fedra']],
    ["Personnage aux boules dit 'Sévère'", ['Personnage aux boules', 'Sévère']],
    ['Head called ‘The Tunnel’', ['Head', 'The Tunnel']],
    ['Der Zeichner genannt Der Meister', ['Der Zeichner', 'Der Meister']],
    ['Miniature Portrait of Peyton Randolph (1721-1775)', ['Miniature Portrait of Peyton Randolph']],
    ['Queen Maria Theresa (after Baubrun)', ['Queen Maria Theresa']],
    ['Ruins at Avignon [Turner]', ['Ruins at Avignon']],
    ['Garden; [site plan]', ['Garden']],
    ['A Castle or Church', []],
    ['An Ancient Bridge called Ponte Salaro', []],
    ['[title not known]', []],
    ['Buttermere (Left)', ['Buttermere']],
  ])('%s', (title, alternates) => expect(alternateTitles(title)).toEqual(alternates));

  it('runs in linear time on long runs of marks', () => {
    const long = `${'('.repeat(20_000)}x${' '.repeat(20_000)}, or ${'"'.repeat(20_000)}]`;
    expect(Array.isArray(alternateTitles(long))).toBe(true);
  });

  it('files the work under each of them, so each one is matched exactly', () => {
    const index = CorpusIndex.build({
      build_id: 'a',
      artists: [ARTISTS.rembrandt],
      works: [work('w', 'Christ Crucified between Two Thieves (The Three Crosses)', [attribution('art_rembrandt', 'firm', 'import:cmoa')])],
    });
    for (const title of ['The Three Crosses', 'Christ Crucified between Two Thieves', 'Christ Crucified between Two Thieves (The Three Crosses)']) {
      expect(evaluate(index, { subject_artist: 'Rembrandt', subject_title: title }).verdict).toBe('attested');
    }
    expect(evaluate(index, { subject_artist: 'Rembrandt', subject_title: 'Three Thieves' }).verdict).toBe('unavailable');
  });
});

describe('the verdict on translated and generic titles (ADR 0033)', () => {
  const index = CorpusIndex.build({
    build_id: 'g',
    artists: [ARTISTS.rembrandt, ARTISTS.courbet],
    works: [
      work('w1', 'A Burial at Ornans', [attribution('art_courbet', 'firm', 'import:kb')]),
      work('w2', 'Portrait of a Man', [attribution('art_rembrandt', 'firm', 'import:tate')], { inventory_numbers: ['Tate N1'] }),
      work('w3', 'Portrait of a Man', [attribution('art_rembrandt', 'workshop_of', 'import:nga')]),
    ],
  });

  it('attests a translated title through its reading, and echoes the reading', () => {
    const outcome = evaluate(index, { subject_artist: 'Gustave Courbet', subject_title: 'Un enterrement à Ornans' });
    expect(outcome.verdict).toBe('attested');
    expect(outcome.parsed.title_read_as).toBe('burial ornans');
    expect(outcome.matched_artist?.artist_id).toBe('art_courbet');
    expect(evaluate(index, { subject_artist: 'Gustave Courbet', subject_title: 'A Burial at Ornans' }).parsed.title_read_as).toBeNull();
  });

  it('never reads an English title loosely: prepositions count there', () => {
    expect(evaluate(index, { subject_artist: 'Gustave Courbet', subject_title: 'A Burial in Ornans' }).verdict).toBe('unavailable');
  });

  it('answers a generic title unavailable (generic_title), its candidates near matches, and lets subject_ref pin one', () => {
    for (const title of ['Portrait of a Man', 'Portret van een man', 'Bildnis eines Mannes']) {
      const outcome = evaluate(index, { subject_artist: 'Rembrandt', subject_title: title });
      expect(outcome.verdict, title).toBe('unavailable');
      expect(outcome.reason).toBe('generic_title');
      expect(outcome.near_matches.map((m) => m.work_id)).toEqual(['w2', 'w3']);
    }
    expect(evaluate(index, { subject_artist: 'Rembrandt', subject_title: 'Portrait of a Man', subject_ref: 'N1' }).verdict).toBe('attested');
    expect(evaluate(index, { subject_artist: 'Rembrandt', subject_title: 'Portrait of a Man', subject_ref: 'w3' }).verdict).toBe('contradicted');
    expect(evaluate(index, { subject_artist: 'Rembrandt', subject_title: 'Portrait of a Man', subject_ref: 'nothing' }).reason).toBe('generic_title');
  });
});
