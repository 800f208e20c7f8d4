/**
 * The catalogue-forms evaluation set (test/eval/catalogue-cases.ndjson), drawn by rule from the
 * SHIPPED CORPUS (whatever corpus/data holds), never from the engine's answers:
 *
 *   npm run corpus:eval:catalogue-sample [-- --corpus DIR] [--out FILE]
 *
 * A record is labelled from its own attributions (docs/corpus-mapping.md, "Labels of the
 * catalogue-forms set"):
 * - uniform record: every attribution current and naming one artist with one qualifier; the
 *   artist's name names nobody else and the title no other work of theirs. A plain claim is
 *   `attested` when that qualifier is `firm`, else `contradicted`;
 * - rejected record: the artist named only formerly, every current attribution firmly to another
 *   artist: a plain claim is `contradicted`.
 * A claimed qualifier is labelled by docs/decisions/0012: the record's own decree article (or a
 * weaker one) `attested`, a stronger one or any claim on a rejected record `contradicted`,
 * "formerly attributed to" `attested` on a rejected record only.
 * Each record is then written as catalogues write it (one form per case): life dates and places,
 * honorifics and post-nominals, inverted name with the surname in capitals, the surname alone,
 * titles with a lot number, a date, quotes, recto/verso or a subtitle, a claimed qualifier in
 * English and in French; dates that tell homonyms apart, dates that fit no covered artist
 * (`unavailable`), uncovered artists in catalogue forms (`unavailable`). Deterministic: records
 * sorted by work id, every Nth per form.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import type { CorpusArtist, CorpusSnapshot, CorpusWork, Qualifier } from '../../core/attestation/corpus/corpus.model.js';
import { foldText, normaliseName, normaliseTitle, titleKeys } from '../../core/attestation/matching/normalise.js';
import { isGenericTitle } from '../../core/attestation/matching/title-reading.js';
import { flagValue, isMainModule } from './cli-args.js';
import type { Expected } from './eval-sample.js';

export const CATALOGUE_FORMS = [
  'life_dates',
  'honorifics',
  'inverted_capitals',
  'surname_only',
  'title_forms',
  'claimed_en',
  'claimed_fr',
  'dates_disambiguate',
  'dates_refuse',
  'uncovered',
] as const;
export type CatalogueForm = (typeof CATALOGUE_FORMS)[number];

export interface CatalogueCase {
  id: string;
  form: CatalogueForm;
  /** What is varied within the form. */
  class: string;
  source: 'corpus';
  /** The work the case is drawn from, or null. */
  record: string | null;
  subject_artist: string;
  subject_title: string;
  expected: Expected;
  rule: string;
}

export const DEFAULT_CATALOGUE_CASES = fileURLToPath(new URL('../../test/eval/catalogue-cases.ndjson', import.meta.url));

/** Decree article of each qualifier (3 strongest; 0 for a former attribution). */
export const ARTICLE: Record<Qualifier, number> = {
  firm: 3, attributed_to: 4, possibly: 4, probably: 4, doubtfully_attributed_to: 4, workshop_of: 5, studio_of: 5,
  school_of: 6, pupil_of: 6, circle_of: 6, follower_of: 6, manner_of: 7, style_of: 7, imitator_of: 7, after: 7, copy_after: 7,
  formerly_attributed_to: 0,
};
/** How catalogues write each qualifier, in English and in French (decree 81-255's own terms). */
const PHRASE_EN: Partial<Record<Qualifier, string>> = {
  attributed_to: 'Attributed to', workshop_of: 'Workshop of', studio_of: 'Studio of', school_of: 'School of', pupil_of: 'Pupil of',
  circle_of: 'Circle of', follower_of: 'Follower of', manner_of: 'Manner of', style_of: 'Style of', imitator_of: 'Imitator of',
  after: 'After', copy_after: 'Copy after', formerly_attributed_to: 'Formerly attributed to',
};
const PHRASE_FR: Partial<Record<Qualifier, string>> = {
  attributed_to: 'Attribué à', workshop_of: 'Atelier de', studio_of: 'Atelier de', school_of: 'École de', pupil_of: 'École de',
  circle_of: 'Entourage de', follower_of: 'Suiveur de', manner_of: 'Manière de', style_of: 'Style de', imitator_of: 'Dans le goût de',
  after: 'D\u2019après', copy_after: 'Copie d\u2019après',
};
const PLACES = ['London', 'Paris', 'Antwerp', 'Venice', 'Leiden', 'Rome', 'Edinburgh', 'Madrid'];
const GENERATIONAL = /^(the|elder|younger|i|ii|iii|jr|sr|le|la|de|van|von|der|il)$/i;

export interface Uniform {
  work: CorpusWork;
  artist: CorpusArtist;
  qualifier: Qualifier;
}

/** Every Nth of `items` (already in a stable order), `want` at most. */
export function nth<T>(items: readonly T[], want: number): T[] {
  const step = Math.max(1, Math.floor(items.length / Math.max(1, want)));
  const out: T[] = [];
  for (let i = 0; i < items.length && out.length < want; i += step) out.push(items[i] as T);
  return out;
}

const lastWord = (name: string) => name.split(' ').at(-1) ?? '';

export function sampleCatalogueCases(snapshot: CorpusSnapshot): CatalogueCase[] {
  const artistById = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
  /** name key -> artists named so (name or alias). */
  const byName = new Map<string, Set<string>>();
  /** folded last word of any name or alias -> artists. */
  const bySurname = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, id: string) => {
    if (key === '') return;
    const set = map.get(key) ?? new Set<string>();
    set.add(id);
    map.set(key, set);
  };
  for (const a of snapshot.artists) {
    for (const n of [a.name, ...a.aliases]) {
      const key = normaliseName(n);
      add(byName, key, a.artist_id);
      const words = key.split(' ');
      if (words.length > 1) add(bySurname, words.at(-1) as string, a.artist_id);
    }
  }
  /** artist | title key -> works naming the artist (any attribution) under that key. */
  const titleCount = new Map<string, number>();
  const works = [...snapshot.works].sort((a, b) => (a.work_id < b.work_id ? -1 : 1));
  for (const w of works) {
    const keys = titleKeys(w.title, w.title_aliases);
    for (const id of new Set(w.attributions.map((a) => a.artist_id))) for (const k of keys) titleCount.set(`${id}|${k}`, (titleCount.get(`${id}|${k}`) ?? 0) + 1);
  }
  const hasTitle = (artistId: string, key: string) => (titleCount.get(`${artistId}|${key}`) ?? 0) > 0;
  const uniqueName = (a: CorpusArtist) => byName.get(normaliseName(a.name))?.size === 1;
  const plainName = (a: CorpusArtist) => !a.name.includes(',') && !/^(after|by|par|circle|school|studio|workshop|style|manner|follower|attributed|copy|imitator|pupil|sir|lord)\b/i.test(a.name);
  const titleUnique = (a: CorpusArtist, w: CorpusWork) => (titleCount.get(`${a.artist_id}|${normaliseTitle(w.title)}`) ?? 0) === 1;

  const uniform: Uniform[] = [];
  const rejected: Array<{ work: CorpusWork; artist: CorpusArtist; other: CorpusArtist }> = [];
  for (const w of works) {
    const ids = new Set(w.attributions.map((a) => a.artist_id));
    const quals = new Set(w.attributions.map((a) => a.qualifier));
    const artist = artistById.get(w.attributions[0]?.artist_id ?? '');
    if (artist === undefined || !plainName(artist) || !titleUnique(artist, w) || normaliseTitle(w.title) === '') continue;
    if (ids.size === 1 && quals.size === 1 && w.attributions.every((a) => a.current && a.qualifier !== 'formerly_attributed_to')) {
      if (uniqueName(artist)) uniform.push({ work: w, artist, qualifier: [...quals][0] as Qualifier });
      continue;
    }
    const former = w.attributions.filter((a) => !a.current || a.qualifier === 'formerly_attributed_to');
    const current = w.attributions.filter((a) => a.current && a.qualifier !== 'formerly_attributed_to');
    const formerArtist = artistById.get(former[0]?.artist_id ?? '');
    const otherArtist = artistById.get(current[0]?.artist_id ?? '');
    if (
      formerArtist !== undefined && otherArtist !== undefined && new Set(former.map((a) => a.artist_id)).size === 1 &&
      current.length > 0 && current.every((a) => a.qualifier === 'firm' && a.artist_id === otherArtist.artist_id) &&
      otherArtist.artist_id !== formerArtist.artist_id && !current.some((a) => a.artist_id === formerArtist.artist_id) &&
      plainName(formerArtist) && uniqueName(formerArtist) && titleUnique(formerArtist, w)
    ) {
      rejected.push({ work: w, artist: formerArtist, other: otherArtist });
    }
  }
  const firm = uniform.filter((u) => u.qualifier === 'firm');
  const qualified = uniform.filter((u) => u.qualifier !== 'firm' && PHRASE_EN[u.qualifier] !== undefined);
  const label = (u: Uniform): Expected => (u.qualifier === 'firm' ? 'attested' : 'contradicted');
  const plainRule = (u: Uniform) => `uniform record, qualifier ${u.qualifier} -> ${label(u)} for a plain claim`;

  const cases: CatalogueCase[] = [];
  const titleOf = new Map(works.map((w) => [w.work_id, w.title]));
  const push = (form: CatalogueForm, cls: string, record: string | null, subject_artist: string, subject_title: string, drawn: Expected, rule: string) => {
    // A record with a generic title is never attested or contradicted on the title alone (ADR 0033).
    const generic = drawn !== 'unavailable' && record !== null && isGenericTitle(normaliseTitle(titleOf.get(record) ?? ''));
    const expected: Expected = generic ? 'unavailable' : drawn;
    if (generic) rule = `${rule}; generic title -> unavailable without subject_ref (ADR 0033)`;
    const n = cases.filter((c) => c.form === form).length + 1;
    cases.push({ id: `catalogue:${form}:${String(n).padStart(3, '0')}`, form, class: cls, source: 'corpus', record, subject_artist, subject_title, expected, rule });
  };
  const dates = (a: CorpusArtist, style: number, shift = 0) => {
    const d = a.death_year + shift;
    if (a.birth_year === null) return `(d. ${d})`;
    const b = a.birth_year + shift;
    const place = PLACES[style % PLACES.length] as string;
    return [`(${b}-${d})`, `(${place} ${b}\u2013${d} ${PLACES[(style + 3) % PLACES.length]})`, `(c. ${b}-${d})`, `(b. ${b})`][style % 4] as string;
  };
  const mixed = (want: number, share = 0.75) => [...nth(firm, Math.round(want * share)), ...nth(qualified, want - Math.round(want * share))];

  // Life dates (and places) that fit.
  mixed(60).forEach((u, i) => push('life_dates', u.qualifier, u.work.work_id, `${u.artist.name} ${dates(u.artist, i)}`, u.work.title, label(u), plainRule(u)));

  // Honorifics and post-nominals: only where the decorated name names nobody else.
  const honour = ['Sir %, R.A.', '% P.R.A.', 'Sir %', '%, Bt', 'Lord % A.R.A.'];
  mixed(50).forEach((u, i) => {
    const pattern = honour[i % honour.length] as string;
    const name = pattern.replace('%', u.artist.name);
    if ((byName.get(normaliseName(name))?.size ?? 0) > 0) return;
    push('honorifics', u.qualifier, u.work.work_id, name, u.work.title, label(u), plainRule(u));
  });

  // Inverted, the surname in capitals, with dates.
  mixed(60)
    .filter((u) => u.artist.name.includes(' ') && !GENERATIONAL.test(lastWord(u.artist.name)))
    .forEach((u, i) => {
      const words = u.artist.name.split(' ');
      const name = `${(words.at(-1) as string).toUpperCase()}, ${words.slice(0, -1).join(' ')}`;
      push('inverted_capitals', u.qualifier, u.work.work_id, i % 2 === 0 ? `${name} ${dates(u.artist, i)}` : name, u.work.title, label(u), plainRule(u));
    });

  // The surname alone: the title settles it when exactly one artist of that surname has it.
  const surnameCandidates = uniform.filter((u) => {
    const surname = foldText(lastWord(u.artist.name));
    return u.artist.name.includes(' ') && !GENERATIONAL.test(surname) && surname.length > 2 && !byName.has(surname);
  });
  const holdersOf = (u: Uniform) =>
    [...(bySurname.get(foldText(lastWord(u.artist.name))) ?? [])].filter((id) => titleKeys(u.work.title).some((k) => hasTitle(id, k)));
  const shared = surnameCandidates.filter((u) => (bySurname.get(foldText(lastWord(u.artist.name)))?.size ?? 0) > 1);
  const several = shared.filter((u) => holdersOf(u).length > 1);
  const picked = new Set<Uniform>([...nth(several, 20), ...nth(shared, 40), ...nth(surnameCandidates, 20)]);
  for (const u of [...picked].sort((x, y) => (x.work.work_id < y.work.work_id ? -1 : 1))) {
    const surname = lastWord(u.artist.name);
    const holders = holdersOf(u);
    const expected = holders.length === 1 ? label(u) : 'unavailable';
    const rule = holders.length === 1 ? `one artist of surname ${surname} has the title: ${plainRule(u)}` : `${holders.length} artists of surname ${surname} have the title -> unavailable`;
    push('surname_only', holders.length === 1 ? 'one holder' : 'several holders', u.work.work_id, surname, u.work.title, expected, rule);
  }

  // Titles as catalogues write them: one decoration per case, never itself a title of the artist.
  const decorations: Array<[string, (t: string, y: number, n: number) => string | null]> = [
    ['trailing date', (t, y) => `${t}, ${y}`],
    ['circa date in brackets', (t, y) => `${t} (c. ${y})`],
    ['quotes and date', (t, y) => `\u201c${t}\u201d, ${y}-${String(y + 2).slice(2)}`],
    ['lot number', (t, _y, n) => `${n}. ${t}`],
    ['lot prefix', (t, _y, n) => `Lot ${n}: ${t}`],
    ['recto', (t) => `${t} (recto)`],
    ['subtitle', (t) => (/[:\u2013\u2014]| - /.test(t) ? null : `${t}: a study`)],
    ['dash subtitle', (t) => (/[:\u2013\u2014]| - /.test(t) ? null : `${t} \u2013 sketch`)],
  ];
  mixed(88, 0.8).forEach((u, i) => {
    const [cls, decorate] = decorations[i % decorations.length] as (typeof decorations)[number];
    const year = (u.artist.birth_year ?? u.artist.death_year - 40) + 25;
    const title = decorate(u.work.title, year, 100 + i);
    if (title === null || hasTitle(u.artist.artist_id, normaliseTitle(title))) return;
    push('title_forms', cls, u.work.work_id, u.artist.name, title, label(u), plainRule(u));
  });

  // Claimed qualifiers, English and French.
  for (const [form, phrases] of [['claimed_en', PHRASE_EN], ['claimed_fr', PHRASE_FR]] as const) {
    const claim = (q: Qualifier, a: CorpusArtist) => `${phrases[q]} ${a.name}`;
    nth(qualified.filter((u) => phrases[u.qualifier] !== undefined), 25).forEach((u) =>
      push(form, 'same qualifier', u.work.work_id, claim(u.qualifier, u.artist), u.work.title, 'attested', `record ${u.qualifier}, claim of the same decree article -> attested`),
    );
    nth(firm, 15).forEach((u, i) => {
      const q = (['attributed_to', 'workshop_of', 'after'] as const)[i % 3];
      push(form, 'more careful than a firm record', u.work.work_id, claim(q, u.artist), u.work.title, 'attested', `record firm, claim ${q} (weaker guarantee) -> attested`);
    });
    nth(qualified.filter((u) => ARTICLE[u.qualifier] >= 5), 15).forEach((u) =>
      push(form, 'firmer than the record', u.work.work_id, claim('attributed_to', u.artist), u.work.title, 'contradicted', `record ${u.qualifier}, claim attributed_to (stronger guarantee) -> contradicted`),
    );
    nth(qualified.filter((u) => ARTICLE[u.qualifier] === 7), 8).forEach((u) =>
      push(form, 'workshop on an after record', u.work.work_id, claim('workshop_of', u.artist), u.work.title, 'contradicted', `record ${u.qualifier}, claim workshop_of -> contradicted`),
    );
    nth(rejected, 10).forEach((r) =>
      push(form, 'qualified claim on a rejected record', r.work.work_id, claim('attributed_to', r.artist), r.work.title, 'contradicted', `record now gives the work to another artist: any claim naming ${r.artist.name} -> contradicted`),
    );
    if (form === 'claimed_en') {
      nth(rejected, 6).forEach((r) =>
        push(form, 'formerly on a rejected record', r.work.work_id, claim('formerly_attributed_to', r.artist), r.work.title, 'attested', 'record names the artist formerly only: "formerly attributed to" -> attested'),
      );
    }
  }

  // Dates that tell homonyms apart: artists sharing a name key, lives more than 15 years apart.
  const homonymCases: Uniform[] = [];
  for (const ids of byName.values()) {
    if (ids.size < 2) continue;
    const group = [...ids].map((id) => artistById.get(id) as CorpusArtist);
    for (const a of group) {
      const apart = group.every((b) => b === a || (Math.abs(b.death_year - a.death_year) > 15 && (a.birth_year === null || b.birth_year === null || Math.abs(a.birth_year - b.birth_year) > 15)));
      if (!apart || !plainName(a)) continue;
      for (const w of works) {
        if (!w.attributions.every((at) => at.artist_id === a.artist_id && at.current && at.qualifier !== 'formerly_attributed_to')) continue;
        if (new Set(w.attributions.map((at) => at.qualifier)).size !== 1 || !titleUnique(a, w)) continue;
        homonymCases.push({ work: w, artist: a, qualifier: w.attributions[0]?.qualifier as Qualifier });
        break;
      }
    }
  }
  const seen = new Set<string>();
  for (const u of homonymCases.sort((x, y) => (x.work.work_id < y.work.work_id ? -1 : 1)).slice(0, 40)) {
    if (seen.has(u.work.work_id)) continue;
    seen.add(u.work.work_id);
    push('dates_disambiguate', u.qualifier, u.work.work_id, `${u.artist.name} (${u.artist.birth_year ?? ''}${u.artist.birth_year === null ? 'd. ' : '-'}${u.artist.death_year})`.replace('(d. ', '(d. '), u.work.title, label(u), `homonyms by name; the dates fit this artist only: ${plainRule(u)}`);
  }

  // Dates that fit no covered artist of the name: no match, never a silent pick.
  mixed(50, 0.7).forEach((u, i) =>
    push('dates_refuse', u.qualifier, u.work.work_id, `${u.artist.name} ${dates(u.artist, i, i % 2 === 0 ? 40 : -40)}`, u.work.title, 'unavailable', 'dates 40 years off the only artist of the name -> unavailable'),
  );

  // Uncovered artists in catalogue forms, with real titles: unavailable.
  const suffixes = new Set<string>();
  for (const key of byName.keys()) {
    const words = key.split(' ');
    for (let i = 0; i < words.length; i += 1) suffixes.add(words.slice(i).join(' '));
  }
  const forenames = ['Zephyrin', 'Ottokar', 'Berenike', 'Quintilian', 'Oriane', 'Wendelin'];
  nth(firm, 30).forEach((u, i) => {
    const name = `${forenames[i % forenames.length]} ${lastWord(u.artist.name)}`;
    if (suffixes.has(normaliseName(name))) return;
    const line = [`Attributed to ${name}`, `${lastWord(u.artist.name).toUpperCase()}, ${forenames[i % forenames.length]} (1700-1760)`, `Atelier de ${name}`, `Sir ${name}, R.A.`][i % 4] as string;
    push('uncovered', 'uncovered artist', null, line, u.work.title, 'unavailable', 'no covered artist has this name -> unavailable');
  });
  return cases;
}

if (isMainModule(import.meta.url)) {
  const corpusDir = flagValue('--corpus');
  const snapshot = await loadCorpusSnapshot(corpusDir === undefined ? undefined : resolve(corpusDir));
  const cases = sampleCatalogueCases(snapshot);
  const out = resolve(flagValue('--out') ?? DEFAULT_CATALOGUE_CASES);
  writeFileSync(out, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
  const by = (f: (c: CatalogueCase) => string) => cases.reduce<Record<string, number>>((m, c) => ((m[f(c)] = (m[f(c)] ?? 0) + 1), m), {});
  console.log(`wrote ${cases.length} cases to ${out}`);
  console.log(JSON.stringify({ form: by((c) => c.form), expected: by((c) => c.expected) }));
}
