/**
 * The name-forms and qualifier evaluation sets (issue 23, ADR 0030), drawn by rule from the
 * SHIPPED CORPUS and the exonym list (core/attestation/corpus/name-exonyms.ts, with its sources),
 * never from the engine's answers:
 *
 *   npm run corpus:eval:names-sample [-- --corpus DIR]
 *
 * writes test/eval/name-cases.ndjson and test/eval/qualifier-cases.ndjson. Records are the
 * uniform ones of the catalogue-forms set (every attribution current, one artist, one qualifier;
 * the name names nobody else, the title no other work of theirs), labelled as there
 * (docs/decisions/0012: a plain claim on a firm record `attested`, on a qualified one
 * `contradicted`; a claim of the record's qualifier or a weaker one `attested`, a stronger one
 * `contradicted`).
 * - name forms: each exonym or period spelling of the list whose target is covered (the form
 *   no other covered artist bears as a name or surname); the forenames as initials ("G. B.
 *   Tiepolo") and one forename dropped ("Giovanni Tiepolo" style) where no other covered artist
 *   of the surname has forenames they fit; uncovered artists (invented forenames with a covered
 *   surname, as initials too): `unavailable`.
 * - qualifiers: the record's own qualifier, a more careful claim on a firm record, a firmer claim
 *   on a qualified record, in English, French (older spellings), German, Dutch, Italian, Spanish
 *   and Swedish, before the name and after it (after a comma or in brackets); school and
 *   period lines ("École flamande du XVIIe siècle, suiveur de ...") and lines naming nobody.
 * Deterministic: records sorted by work id, every Nth per class.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import type { CorpusArtist, CorpusSnapshot, Qualifier } from '../../core/attestation/corpus/corpus.model.js';
import { EXONYMS } from '../../core/attestation/corpus/name-exonyms.js';
import { normaliseName, normaliseTitle, titleKeys } from '../../core/attestation/matching/normalise.js';
import { flagValue, isMainModule } from './cli-args.js';
import { ARTICLE, type CatalogueCase, nth, type Uniform } from './eval-catalogue-sample.js';
import type { Expected } from './eval-sample.js';

export const NAME_FORMS = ['exonym', 'initials', 'short_form', 'uncovered'] as const;
export const QUALIFIER_FORMS = ['en', 'fr', 'de', 'nl', 'it', 'es', 'sv', 'school_period'] as const;

/** A case of the two sets: a catalogue-forms case whose form is one of NAME_FORMS or QUALIFIER_FORMS. */
export type NamedCase = Omit<CatalogueCase, 'form'> & { form: string };

export const DEFAULT_NAME_CASES = fileURLToPath(new URL('../../test/eval/name-cases.ndjson', import.meta.url));
export const DEFAULT_QUALIFIER_CASES = fileURLToPath(new URL('../../test/eval/qualifier-cases.ndjson', import.meta.url));

type Phrases = Partial<Record<Qualifier, string>>;
/** How each language prints a qualifier before the name, and after it (bare). */
const BEFORE: Record<(typeof QUALIFIER_FORMS)[number], Phrases> = {
  en: { attributed_to: 'Attributed to', workshop_of: 'Workshop of', studio_of: 'Studio of', circle_of: 'Circle of', school_of: 'School of', follower_of: 'Follower of', manner_of: 'Manner of', style_of: 'Style of', after: 'After', copy_after: 'Copy after', pupil_of: 'Pupil of', imitator_of: 'Imitator of' },
  fr: { attributed_to: 'Attribué à', workshop_of: 'Atelier de', circle_of: 'Entourage de', follower_of: 'Suiveur de', school_of: 'École de', pupil_of: 'Élève de', manner_of: 'Dans la manière de', imitator_of: 'Dans le goût de', style_of: 'Style de', after: 'D\u2019après', copy_after: 'Copié d\u2019après' },
  de: { attributed_to: 'Zugeschrieben', workshop_of: 'Werkstatt des', circle_of: 'Umkreis von', follower_of: 'Nachfolger des', school_of: 'Schule des', pupil_of: 'Schüler des', manner_of: 'Manier des', style_of: 'Art des', imitator_of: 'Nachahmer des', after: 'Nach', copy_after: 'Kopie nach' },
  nl: { attributed_to: 'Toegeschreven aan', workshop_of: 'Atelier van', circle_of: 'Omgeving van', follower_of: 'Navolger van', school_of: 'School van', pupil_of: 'Leerling van', manner_of: 'Manier van', style_of: 'Stijl van', after: 'Naar', copy_after: 'Kopie naar' },
  it: { attributed_to: 'Attribuito a', workshop_of: 'Bottega di', circle_of: 'Cerchia di', follower_of: 'Seguace di', school_of: 'Scuola di', pupil_of: 'Allievo di', manner_of: 'Maniera di', style_of: 'Stile di', imitator_of: 'Imitatore di', copy_after: 'Copia da' },
  es: { attributed_to: 'Atribuido a', workshop_of: 'Taller de', circle_of: 'Círculo de', follower_of: 'Seguidor de', school_of: 'Escuela de', pupil_of: 'Discípulo de', manner_of: 'Manera de', style_of: 'Estilo de', imitator_of: 'Imitador de', after: 'Según', copy_after: 'Copia de' },
  sv: { attributed_to: 'Tillskriven', workshop_of: 'Verkstad', circle_of: 'Krets kring', follower_of: 'Efterföljare till', pupil_of: 'Elev till', style_of: 'I stil med', after: 'Efter', copy_after: 'Kopia efter' },
  school_period: {},
};
const AFTER: Record<(typeof QUALIFIER_FORMS)[number], Phrases> = {
  en: { attributed_to: 'attributed', workshop_of: 'workshop', studio_of: 'studio', circle_of: 'circle', school_of: 'school', follower_of: 'follower', manner_of: 'manner', style_of: 'style', copy_after: 'copy', possibly: '?' },
  fr: { attributed_to: 'attribué', workshop_of: 'atelier', circle_of: 'entourage', follower_of: 'suiveur', school_of: 'école', pupil_of: 'élève', copy_after: 'copie', manner_of: 'manière' },
  de: { attributed_to: 'zugeschrieben', workshop_of: 'Werkstatt', circle_of: 'Kreis', follower_of: 'Nachfolger', school_of: 'Schule', copy_after: 'Kopie', manner_of: 'Manier' },
  nl: { attributed_to: 'toegeschreven', workshop_of: 'atelier', circle_of: 'omgeving', follower_of: 'navolger', school_of: 'school', copy_after: 'kopie' },
  it: { attributed_to: 'attribuito', workshop_of: 'bottega', circle_of: 'cerchia', follower_of: 'seguace', school_of: 'scuola', copy_after: 'copia' },
  es: { attributed_to: 'atribuido', workshop_of: 'taller', circle_of: 'círculo', follower_of: 'seguidor', school_of: 'escuela', copy_after: 'copia' },
  sv: { attributed_to: 'tillskriven', workshop_of: 'hans verkstad', circle_of: 'hans krets', follower_of: 'efterföljare', school_of: 'hans skola', copy_after: 'kopia' },
  school_period: {},
};
const INVENTED = ['Zephyrin', 'Ottokar', 'Berenike', 'Quintilian', 'Oriane', 'Wendelin'];

export function sampleNameAndQualifierCases(snapshot: CorpusSnapshot): { names: NamedCase[]; qualifiers: NamedCase[] } {
  const artistById = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
  const keysOf = (a: CorpusArtist) => [a.name, ...a.aliases].map(normaliseName).filter((k) => k !== '');
  const byName = new Map<string, Set<string>>();
  /** Last word of any name key -> artists, and each artist's forename lists for that surname. */
  const bySurname = new Map<string, Array<{ id: string; forenames: string[] }>>();
  for (const a of snapshot.artists) {
    for (const key of keysOf(a)) {
      byName.set(key, (byName.get(key) ?? new Set()).add(a.artist_id));
      const words = key.split(' ');
      const list = bySurname.get(words.at(-1) as string) ?? [];
      list.push({ id: a.artist_id, forenames: words.slice(0, -1) });
      bySurname.set(words.at(-1) as string, list);
    }
  }
  const works = [...snapshot.works].sort((a, b) => (a.work_id < b.work_id ? -1 : 1));
  const titleCount = new Map<string, number>();
  for (const w of works) for (const id of new Set(w.attributions.map((a) => a.artist_id))) for (const k of titleKeys(w.title, w.title_aliases)) titleCount.set(`${id}|${k}`, (titleCount.get(`${id}|${k}`) ?? 0) + 1);
  const uniform: Uniform[] = [];
  for (const w of works) {
    const artist = artistById.get(w.attributions[0]?.artist_id ?? '');
    if (artist === undefined || artist.name.includes(',') || normaliseTitle(w.title) === '') continue;
    if ((titleCount.get(`${artist.artist_id}|${normaliseTitle(w.title)}`) ?? 0) !== 1 || byName.get(normaliseName(artist.name))?.size !== 1) continue;
    if (new Set(w.attributions.map((a) => a.artist_id)).size !== 1 || new Set(w.attributions.map((a) => a.qualifier)).size !== 1) continue;
    if (!w.attributions.every((a) => a.current && a.qualifier !== 'formerly_attributed_to')) continue;
    uniform.push({ work: w, artist, qualifier: w.attributions[0]?.qualifier as Qualifier });
  }
  const label = (u: Uniform): Expected => (u.qualifier === 'firm' ? 'attested' : 'contradicted');
  const plainRule = (u: Uniform) => `uniform record, qualifier ${u.qualifier} -> ${label(u)} for a plain claim`;
  const byArtist = new Map<string, Uniform[]>();
  for (const u of uniform) byArtist.set(u.artist.artist_id, [...(byArtist.get(u.artist.artist_id) ?? []), u]);

  const names: NamedCase[] = [];
  const qualifiers: NamedCase[] = [];
  const push = (list: NamedCase[], form: string, cls: string, record: string | null, subject_artist: string, subject_title: string, expected: Expected, rule: string) => {
    const n = list.filter((c) => c.form === form).length + 1;
    list.push({ id: `${list === names ? 'names' : 'qualifiers'}:${form}:${String(n).padStart(3, '0')}`, form, class: cls, source: 'corpus', record, subject_artist, subject_title, expected, rule });
  };
  /** Whether another covered artist bears the key as a name, or its last word as a surname with forenames it fits. */
  const fitsOther = (key: string, id: string, fits: (forenames: string[]) => boolean) => {
    if ([...(byName.get(key) ?? [])].some((other) => other !== id)) return true;
    const words = key.split(' ');
    return (bySurname.get(words.at(-1) as string) ?? []).some((e) => e.id !== id && (words.length === 1 || fits(e.forenames)));
  };

  // Exonyms and period spellings: each form of the list, on a record of its target.
  for (const { target, forms } of EXONYMS) {
    const ids = [...(byName.get(normaliseName(target)) ?? [])];
    const records = ids.length === 1 ? (byArtist.get(ids[0] as string) ?? []) : [];
    if (records.length === 0) continue;
    forms.forEach((form, i) => {
      const key = normaliseName(form);
      if (fitsOther(key, ids[0] as string, () => true)) return;
      const u = records[i % records.length] as Uniform;
      push(names, 'exonym', 'exonym or period spelling', u.work.work_id, form, u.work.title, label(u), `${form} is ${target} (name-exonyms.ts): ${plainRule(u)}`);
    });
  }
  // Initials and one forename dropped, for artists with two forenames or more.
  const longNames = uniform.filter((u) => {
    const words = normaliseName(u.artist.name).split(' ');
    return words.length >= 3 && words.every((w) => w.length > 1) && !/^(the|elder|younger|i|ii|iii|jr|sr|le|la|de|van|von|der|il|da|di|del)$/.test(words.at(-1) as string) && !words.slice(0, -1).some((w) => ['van', 'von', 'de', 'der', 'da', 'di', 'del', 'le', 'la'].includes(w));
  });
  for (const u of nth(longNames, 40)) {
    const words = u.artist.name.split(' ');
    const surname = words.at(-1) as string;
    const forenames = words.slice(0, -1);
    const initials = `${forenames.map((f) => `${f[0]}.`).join(' ')} ${surname}`;
    const initialKeys = normaliseName(initials).split(' ').slice(0, -1);
    if (!fitsOther(normaliseName(initials), u.artist.artist_id, (f) => f.length === initialKeys.length && f.every((w, i) => w.startsWith(initialKeys[i] as string)))) {
      push(names, 'initials', 'forenames as initials', u.work.work_id, initials, u.work.title, label(u), `initials of ${u.artist.name}: ${plainRule(u)}`);
    }
    const short = `${forenames.slice(0, -1).join(' ')} ${surname}`;
    const shortKeys = normaliseName(short).split(' ').slice(0, -1);
    const contains = (f: string[]) => shortKeys.every((w) => f.includes(w));
    if (!fitsOther(normaliseName(short), u.artist.artist_id, contains)) {
      push(names, 'short_form', 'one forename dropped', u.work.work_id, short, u.work.title, label(u), `short form of ${u.artist.name}: ${plainRule(u)}`);
    }
  }
  // Uncovered artists: invented forenames with a covered surname, in full and as initials.
  nth(longNames, 30).forEach((u, i) => {
    const surname = u.artist.name.split(' ').at(-1) as string;
    const first = INVENTED[i % INVENTED.length] as string;
    const second = INVENTED[(i + 1) % INVENTED.length] as string;
    const line = [`${first} ${second} ${surname}`, `${first[0]}. ${second[0]}. ${surname}`, `${surname.toUpperCase()}, ${first}`][i % 3] as string;
    push(names, 'uncovered', 'invented forenames', null, line, u.work.title, 'unavailable', 'no covered artist has these forenames with this surname -> unavailable');
  });

  // Qualifiers in seven languages, before and after the name.
  const qualified = uniform.filter((u) => u.qualifier !== 'firm');
  const firm = uniform.filter((u) => u.qualifier === 'firm');
  for (const lang of QUALIFIER_FORMS) {
    if (lang === 'school_period') continue;
    for (const [position, phrases] of [['before', BEFORE[lang]], ['after', AFTER[lang]]] as const) {
      const claim = (q: Qualifier, u: Uniform, i: number) => {
        const phrase = phrases[q] as string;
        if (position === 'before') return `${phrase} ${u.artist.name}`;
        return i % 2 === 0 || phrase === '?' ? `${u.artist.name} (${phrase})` : `${u.artist.name}, ${phrase}`;
      };
      nth(qualified.filter((u) => phrases[u.qualifier] !== undefined), 8).forEach((u, i) =>
        push(qualifiers, lang, `${position}: same qualifier`, u.work.work_id, claim(u.qualifier, u, i), u.work.title, 'attested', `record ${u.qualifier}, claim of the same qualifier -> attested`),
      );
      if (phrases.attributed_to !== undefined) {
        nth(firm, 5).forEach((u, i) =>
          push(qualifiers, lang, `${position}: more careful than a firm record`, u.work.work_id, claim('attributed_to', u, i), u.work.title, 'attested', 'record firm, claim attributed_to (weaker guarantee) -> attested'),
        );
        nth(qualified.filter((u) => ARTICLE[u.qualifier] >= 5), 5).forEach((u, i) =>
          push(qualifiers, lang, `${position}: firmer than the record`, u.work.work_id, claim('attributed_to', u, i), u.work.title, 'contradicted', `record ${u.qualifier}, claim attributed_to (stronger guarantee) -> contradicted`),
        );
      }
    }
  }
  // School and period lines.
  const schools = ['École flamande du XVIIe siècle', 'Scuola veneta, sec. XVI', 'Flemish School, 17th century', 'Deutsche Schule um 1600', 'École française vers 1800'];
  nth(qualified.filter((u) => u.qualifier === 'follower_of'), 8).forEach((u, i) =>
    push(qualifiers, 'school_period', 'school line, then the claim', u.work.work_id, `${schools[i % schools.length]}, suiveur de ${u.artist.name}`, u.work.title, 'attested', 'record follower_of, claim follower_of after a school designation -> attested'),
  );
  nth(firm, 8).forEach((u, i) =>
    push(qualifiers, 'school_period', 'school line, then the claim', u.work.work_id, `${schools[i % schools.length]}, suiveur de ${u.artist.name}`, u.work.title, 'attested', 'record firm, claim follower_of (weaker guarantee) -> attested'),
  );
  nth(uniform, 10).forEach((u, i) =>
    push(qualifiers, 'school_period', 'names nobody', u.work.work_id, schools[i % schools.length] as string, u.work.title, 'unavailable', 'a school or period names no artist -> unavailable'),
  );
  return { names, qualifiers };
}

if (isMainModule(import.meta.url)) {
  const corpusDir = flagValue('--corpus');
  const snapshot = await loadCorpusSnapshot(corpusDir === undefined ? undefined : resolve(corpusDir));
  const { names, qualifiers } = sampleNameAndQualifierCases(snapshot);
  for (const [file, cases] of [[DEFAULT_NAME_CASES, names], [DEFAULT_QUALIFIER_CASES, qualifiers]] as const) {
    writeFileSync(file, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
    const by = (f: (c: NamedCase) => string) => cases.reduce<Record<string, number>>((m, c) => ((m[f(c)] = (m[f(c)] ?? 0) + 1), m), {});
    console.log(`wrote ${cases.length} cases to ${file}: ${JSON.stringify({ form: by((c) => c.form), expected: by((c) => c.expected) })}`);
  }
}
