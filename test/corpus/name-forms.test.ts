/**
 * Name forms over the shipped corpus (issue 23, ADR 0030), fast-check:
 * - a name form resolves to at most one artist unless it is shared (then it is ambiguous and
 *   several are listed, never one picked): every exonym target names exactly one covered artist,
 *   and every form of the list resolves to its target's artist or to several;
 * - an uncovered artist in any form and any language is `unavailable` with reason
 *   `artist_not_covered`.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { resolveArtistName } from '../../core/attestation/corpus/artist-names.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { EXONYM_SOURCES } from '../../core/attestation/corpus/name-exonym-sources.js';
import { EXONYMS } from '../../core/attestation/corpus/name-exonyms.js';
import { parseArtistLine } from '../../core/attestation/matching/artist-line.js';
import { normaliseName } from '../../core/attestation/matching/normalise.js';
import { evaluate } from '../../core/attestation/verdict/evaluate.js';

let snapshot: CorpusSnapshot;
let index: CorpusIndex;
/** Every word of every covered name and alias (folded): an invented forename is none of them. */
let knownWords: Set<string>;
beforeAll(async () => {
  snapshot = await loadCorpusSnapshot();
  index = CorpusIndex.build(snapshot);
  knownWords = new Set(snapshot.artists.flatMap((a) => [a.name, ...a.aliases].flatMap((n) => normaliseName(n).split(' '))));
});

const resolve = (line: string) => {
  const read = parseArtistLine(line);
  return resolveArtistName(index, read.nameForms, read.name);
};

describe('name forms', () => {
  it('every exonym target names exactly one covered artist, and each form resolves to that artist or stays ambiguous', () => {
    for (const { target, forms } of EXONYMS) {
      const ids = index.artistIdsByKey(normaliseName(target));
      expect(ids, target).toHaveLength(1);
      for (const form of forms) {
        const resolved = resolve(form);
        if (resolved.artistIds.length === 1) expect(resolved.artistIds, form).toEqual(ids);
        else expect(resolved.bySurname, form).toBe(true);
      }
    }
  });

  it('every form of the exonym list has its source, a page that prints it, and every source is of a form of the list', () => {
    const listed = new Set(EXONYMS.flatMap(({ target, forms }) => forms.map((form) => `${target} / ${form}`)));
    const sourced = new Set(EXONYM_SOURCES.map(({ target, form }) => `${target} / ${form}`));
    expect([...listed].filter((f) => !sourced.has(f)), 'forms without a source').toEqual([]);
    expect([...sourced].filter((f) => !listed.has(f)), 'sources of no listed form').toEqual([]);
    expect(EXONYMS.flatMap((e) => e.forms).length, 'a form listed twice').toBe(listed.size);
    for (const s of EXONYM_SOURCES) {
      expect(s.url, s.form).toMatch(/^https?:\/\/[^\s]+$/);
      expect(s.lang, s.form).toMatch(/^[a-z]{2}$/);
      expect(s.quote.length, s.form).toBeGreaterThan(0);
      expect(s.quote.length, s.form).toBeLessThanOrEqual(160);
    }
  });

  it('a name form resolves to one artist only when no other covered artist could carry it', () => {
    const artistArb = fc.integer({ min: 0, max: 100_000 }).map((i) => snapshot.artists[i % snapshot.artists.length]!);
    const formArb = fc.tuple(artistArb, fc.integer({ min: 0, max: 3 })).map(([a, kind]) => {
      const words = normaliseName(a.name).split(' ');
      const surname = words.at(-1)!;
      const forenames = words.slice(0, -1);
      const form = [a.name, surname, [...forenames.map((w) => `${w[0]}.`), surname].join(' '), [forenames[0] ?? '', surname].join(' ').trim()][kind]!;
      return form;
    });
    fc.assert(
      fc.property(formArb, (form) => {
        const resolved = resolve(form);
        // One artist: the form is theirs alone (a shortened or surname form several could carry is ambiguous).
        if (resolved.artistIds.length === 1 && resolved.how !== 'name' && resolved.how !== 'exonym') {
          const key = normaliseName(form);
          const carriers = snapshot.artists.filter((a) => [a.name, ...a.aliases].some((n) => {
            const nk = normaliseName(n);
            return nk === key || nk.endsWith(` ${key.split(' ').at(-1)}`) && (key.split(' ').length === 1 || nk.split(' ')[0]![0] === key[0]);
          }));
          expect(carriers.map((a) => a.artist_id)).toContain(resolved.artistIds[0]);
        }
        expect(new Set(resolved.artistIds).size).toBe(resolved.artistIds.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('an uncovered artist in any form and any language is unavailable, reason artist_not_covered', () => {
    const invented = fc.stringMatching(/^[A-Z][a-z]{4,9}$/).filter((w) => !knownWords.has(w.toLowerCase()));
    const workArb = fc.integer({ min: 0, max: 100_000 }).map((i) => snapshot.works[i % snapshot.works.length]!);
    const phrase = fc.constantFrom('', 'Attributed to ', 'Atelier de ', 'Werkstatt des ', 'Toegeschreven aan ', 'Bottega di ', 'Taller de ', 'Kopia efter ', "D'après ", 'Dans le goût de ');
    const after = fc.constantFrom('', ', zugeschrieben', ' (atelier)', ', attributed', ' (?)', ', hans krets', ' (1700-1760)');
    fc.assert(
      fc.property(workArb, invented, invented, phrase, after, fc.integer({ min: 0, max: 3 }), (work, first, second, before, trailing, shape) => {
        const artist = snapshot.artists.find((a) => a.artist_id === work.attributions[0]?.artist_id);
        const surname = artist === undefined ? second : (normaliseName(artist.name).split(' ').at(-1) as string);
        const cap = surname.charAt(0).toUpperCase() + surname.slice(1);
        // An invented person: invented forenames (full, initials or inverted) with a covered surname, or an invented surname.
        const name = [`${first} ${second} ${cap}`, `${first[0]}. ${second[0]}. ${cap}`, `${cap.toUpperCase()}, ${first} ${second}`, `${first} ${second}`][shape]!;
        // Initials only tell people apart by their letters: a covered artist of the surname with the same initials is that reading.
        const initials = `${first[0]} ${second[0]} ${surname}`.toLowerCase();
        fc.pre(shape !== 1 || !snapshot.artists.some((a) => [a.name, ...a.aliases].some((n) => {
          const words = normaliseName(n).split(' ');
          return words.length === 3 && `${words[0]![0]} ${words[1]![0]} ${words[2]}` === initials;
        })));
        const outcome = evaluate(index, { subject_artist: `${before}${name}${trailing}`, subject_title: work.title });
        expect(outcome.verdict).toBe('unavailable');
        expect(outcome.reason).toBe('artist_not_covered');
        expect(outcome.matched_artist).toBeNull();
      }),
      { numRuns: 1500 },
    );
  });

  it('the reasons of unavailable answers, and matched_artist', () => {
    const titian = index.artistIdsByKey(normaliseName('Titian'))[0]!;
    const work = snapshot.works.find((w) => w.attributions.some((a) => a.artist_id === titian && a.current))!;
    const byExonym = evaluate(index, { subject_artist: 'Le Titien', subject_title: work.title });
    expect(byExonym.matched_artist?.artist_id).toBe(titian);
    expect(byExonym.reason === null || byExonym.verdict === 'unavailable').toBe(true);
    expect(evaluate(index, { subject_artist: 'Le Titien', subject_title: 'No such title zq' })).toMatchObject({ verdict: 'unavailable', reason: 'work_not_found', matched_artist: { artist_id: titian, name: 'Titian' } });
    expect(evaluate(index, { subject_artist: 'École française vers 1800', subject_title: work.title })).toMatchObject({ verdict: 'unavailable', reason: 'no_artist_named', matched_artist: null });
    expect(evaluate(index, { subject_artist: 'Scuola veneta, sec. XVI', subject_title: work.title })).toMatchObject({ verdict: 'unavailable', reason: 'no_artist_named' });
    expect(evaluate(index, { subject_artist: 'Titian (1800-1870)', subject_title: work.title })).toMatchObject({ verdict: 'unavailable', reason: 'dates_conflict', matched_artist: null });
    expect(evaluate(index, { subject_artist: 'Pissarro', subject_title: 'Bookplate and New Year Card' })).toMatchObject({ verdict: 'unavailable', reason: 'ambiguous_artist', matched_artist: null });
    expect(evaluate(index, { subject_artist: 'J. M. W. Turner', subject_title: 'Burning of the Houses of Parliament' })).toMatchObject({ verdict: 'unavailable', reason: 'ambiguous_title' });
    expect(evaluate(index, { subject_artist: 'Le Tintoret', subject_title: 'The Last Supper' }).verdict).toBe(evaluate(index, { subject_artist: 'Tintoretto', subject_title: 'The Last Supper' }).verdict);
  });
});
