/**
 * Samples the labelled evaluation set (test/eval/cases.ndjson) from the CC0 SOURCES, never from
 * the shipped corpus or the engine:
 *
 *   npx tsx corpus/build/eval-sample.ts [--sources ../shared/corpus-sources] [--out test/eval/cases.ndjson]
 *
 * Each case is (artist, title, optional subject_ref, expected verdict). The expected verdict
 * follows from the source record's own qualifier by the rules in docs/corpus-mapping.md
 * ("Labels of the evaluation set"): a plain attribution to an artist who died in or before the
 * public-domain limit is `attested`; a qualified, former or rejected one `contradicted`; a title
 * several records of one artist share, an artist who died after the limit or an invented title
 * `unavailable`. The sampling is deterministic: records sorted by id, every Nth per source and
 * qualifier class. Subjects are then varied (inverted names, initials, case and accents, curly
 * quotes, leading articles, foreign and former titles).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldText, normaliseTitle } from '../../core/attestation/matching/normalise.js';
import { isGenericTitle } from '../../core/attestation/matching/title-reading.js';
import { DEFAULT_SOURCES, PUBLIC_DOMAIN_YEARS } from './build-corpus.js';
import { CMOA_MIN_LIFE_YEARS } from './cmoa-source.js';
import { readCsvRecords } from './csv.js';
import { readNdjson } from './ndjson.js';
import { seededRandom } from '../../adapters/node/seeded-random.js';

export type Expected = 'attested' | 'contradicted' | 'unavailable';

export interface EvalCase {
  id: string;
  /** What is tested: the source's qualifier class, or the kind of variant / out-of-corpus subject. */
  class: string;
  source: 'tate' | 'cmoa' | 'nga' | 'wikidata' | 'none';
  /** The source record the case comes from (`record_id` of the extract), or null. */
  record: string | null;
  subject_artist: string;
  subject_title: string;
  subject_ref?: string;
  expected: Expected;
  /** The labelling rule, in words. */
  rule: string;
}

/** A subject a record supports, before variants. */
interface Candidate {
  source: EvalCase['source'];
  record: string;
  artist: string;
  title: string;
  /** Other titles the record gives (foreign, former). */
  otherTitles: string[];
  ref?: string;
  qualifierClass: string;
  expected: 'attested' | 'contradicted';
  rule: string;
}

const LIMIT_YEAR = (asOf: number) => asOf - PUBLIC_DOMAIN_YEARS;
const NON_PERSON = /\b(school|unknown|anonymous|anon|unidentified|manufactory|factory|company|workshop|century|artist)\b/i;

/** Surname key: the last word of the folded name; a coarse artist identity across sources. */
function surnameKey(name: string): string {
  const natural = name.includes(',') ? name.split(',').reverse().join(' ') : name;
  const words = foldText(natural.replace(/\b(the elder|the younger|jr|sr|ra|pra)\b\.?/gi, '')).split(' ').filter((w) => w.length > 1);
  return words[words.length - 1] ?? '';
}

const TATE_LABEL: Record<string, { cls: string; expected: 'attested' | 'contradicted' } | undefined> = {
  artist: { cls: 'firm', expected: 'attested' },
  'and other artists': { cls: 'firm (and other artists)', expected: 'attested' },
  'attributed to': { cls: 'attributed to', expected: 'contradicted' },
  'doubtfully attributed to': { cls: 'doubtfully attributed to', expected: 'contradicted' },
  'formerly attributed to': { cls: 'formerly attributed to', expected: 'contradicted' },
  'studio of': { cls: 'studio of', expected: 'contradicted' },
  'and studio': { cls: 'and studio', expected: 'contradicted' },
  'and a pupil': { cls: 'and a pupil', expected: 'contradicted' },
  'pupil of': { cls: 'pupil of', expected: 'contradicted' },
  'school of': { cls: 'school of', expected: 'contradicted' },
  'follower of': { cls: 'follower of', expected: 'contradicted' },
  'manner of': { cls: 'manner of', expected: 'contradicted' },
  'style of': { cls: 'style of', expected: 'contradicted' },
  'imitator of': { cls: 'imitator of', expected: 'contradicted' },
  pseudo: { cls: 'pseudo', expected: 'contradicted' },
  after: { cls: 'after', expected: 'contradicted' },
  'prints after': { cls: 'prints after', expected: 'contradicted' },
};

const CMOA_LABEL: Record<string, { cls: string; expected: 'attested' | 'contradicted' } | undefined> = {
  '': { cls: 'firm', expected: 'attested' },
  after: { cls: 'after', expected: 'contradicted' },
  'possibly by': { cls: 'possibly by', expected: 'contradicted' },
  'attributed to': { cls: 'attributed to', expected: 'contradicted' },
  'school of': { cls: 'school of', expected: 'contradicted' },
  'manner of': { cls: 'manner of', expected: 'contradicted' },
  'follower of': { cls: 'follower of', expected: 'contradicted' },
  'circle of': { cls: 'circle of', expected: 'contradicted' },
  'workshop of': { cls: 'workshop of', expected: 'contradicted' },
  'studio of': { cls: 'studio of', expected: 'contradicted' },
  'copyist of': { cls: 'copyist of', expected: 'contradicted' },
  'formerly attributed to': { cls: 'formerly attributed to', expected: 'contradicted' },
};

/** NGA prefix (or role) -> label; "" with an authoring role is a plain attribution. */
function ngaLabel(prefix: string, role: string, suffix: string, nextPrefix: string): { cls: string; expected: 'attested' | 'contradicted' } | undefined {
  const p = prefix.trim().toLowerCase();
  const r = role.trim().toLowerCase();
  if (/^(and|or|,)/.test(p) || /^or\b/.test(nextPrefix.trim().toLowerCase()) || suffix.trim() !== '') return undefined; // joint forms: not labelled
  if (p === '' && ['artist', 'painter', 'sculptor'].includes(r)) return { cls: 'firm', expected: 'attested' };
  if (p === '' && r === 'artist after') return { cls: 'after (role)', expected: 'contradicted' };
  for (const q of ['after', 'attributed to', 'workshop of', 'studio of', 'circle of', 'follower of', 'style of', 'imitator of', 'formerly attributed to', 'possibly', 'probably']) {
    if (p === q || p.startsWith(`${q} `)) return { cls: q, expected: 'contradicted' };
  }
  return undefined;
}

function nthPerClass<T extends { cls: string; key: string }>(items: T[], perClass: number | ((cls: string) => number)): T[] {
  const quota = typeof perClass === 'number' ? () => perClass : perClass;
  const byClass = new Map<string, T[]>();
  for (const it of items) {
    const list = byClass.get(it.cls) ?? [];
    list.push(it);
    byClass.set(it.cls, list);
  }
  const out: T[] = [];
  for (const cls of [...byClass.keys()].sort()) {
    const list = (byClass.get(cls) as T[]).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const want = quota(cls);
    const step = Math.max(1, Math.floor(list.length / want));
    let taken = 0;
    for (let i = 0; i < list.length && taken < want; i += step, taken += 1) out.push(list[i] as T);
  }
  return out;
}


interface TitleCount {
  /** (surname key | title key) -> number of source records naming that pair. */
  pairs: Map<string, number>;
  /** surname key -> every title key of records naming it. */
  titlesBySurname: Map<string, Set<string>>;
}

/** Every artist name the sources give, natural order (initials are checked against them). */
const allNames = new Set<string>();

function countPair(t: TitleCount, name: string | undefined, title: string | undefined): void {
  if (name) allNames.add(name.includes(',') ? name.split(',').reverse().join(' ').trim() : name);
  if (!name || !title) return;
  const s = surnameKey(name);
  const k = normaliseTitle(title);
  if (!s || !k) return;
  t.pairs.set(`${s}|${k}`, (t.pairs.get(`${s}|${k}`) ?? 0) + 1);
  const set = t.titlesBySurname.get(s) ?? new Set<string>();
  set.add(k);
  t.titlesBySurname.set(s, set);
}

function uniquePair(t: TitleCount, name: string, titles: string[]): boolean {
  const s = surnameKey(name);
  return titles.every((title) => (t.pairs.get(`${s}|${normaliseTitle(title)}`) ?? 0) === 1);
}

export async function sampleCases(sources: string, asOf = new Date().getUTCFullYear()): Promise<EvalCase[]> {
  const limit = LIMIT_YEAR(asOf);
  const counts: TitleCount = { pairs: new Map(), titlesBySurname: new Map() };
  const candidates: (Candidate & { cls: string; key: string })[] = [];
  /** Same-source, same-artist, same-title groups of plain attributions: ambiguous subjects. */
  const sameTitle = new Map<string, { source: EvalCase['source']; artist: string; title: string; records: string[] }>();
  const outOfCorpus: { source: EvalCase['source']; record: string; artist: string; title: string; death: number }[] = [];

  // Tate
  const tateDeath = new Map<string, { death: number | null; dated: boolean }>();
  for (const row of await readCsvRecords(join(sources, 'tate', 'tate_artists.csv'))) {
    const dated = /^\D*\d{3,4}\s*[–-]\s*\D*\d{3,4}$/.test(row.dates.trim()) && !/^(active|exhibited|fl)/i.test(row.dates.trim());
    tateDeath.set(row.tate_artist_id, { death: row.year_of_death ? Number(row.year_of_death) : null, dated });
  }
  for await (const r of readNdjson<any>(join(sources, 'tate', 'tate_artworks.ndjson'))) {
    const contributors: any[] = r.contributors ?? [];
    // Every title the record answers to: its title, its foreign title, and the recto of a
    // "Recto. Verso: ..." title (Tate's convention for a sheet drawn on both sides).
    const recto = /^(.+?)\s*\.?\s*Verso\s*:/.exec(r.title ?? '')?.[1];
    for (const t of [r.title, r.foreign_title, recto]) for (const c of contributors) countPair(counts, c.name, t);
    for (const c of contributors) {
      const role = (c.role ?? 'artist').toLowerCase();
      const label = TATE_LABEL[role];
      const info = tateDeath.get(String(c.tate_artist_id));
      if (!label || !r.title || !info?.dated || info.death === null || NON_PERSON.test(c.name)) continue;
      if (contributors.filter((x) => x.tate_artist_id === c.tate_artist_id).length > 1) continue;
      if (info.death > limit) {
        outOfCorpus.push({ source: 'tate', record: r.record_id, artist: c.name, title: r.title, death: info.death });
        continue;
      }
      candidates.push({
        source: 'tate', record: r.record_id, artist: c.name, title: r.title, otherTitles: r.foreign_title ? [r.foreign_title] : [],
        ref: r.accession_number, qualifierClass: label.cls, expected: label.expected,
        rule: `Tate contributor role "${role}" -> ${label.expected}`, cls: `tate:${label.cls}`, key: r.record_id,
      });
      if (label.cls === 'firm') {
        const k = `tate|${c.tate_artist_id}|${normaliseTitle(r.title)}`;
        const g = sameTitle.get(k) ?? { source: 'tate' as const, artist: c.name, title: r.title, records: [] as string[] };
        g.records.push(r.record_id);
        sameTitle.set(k, g);
      }
    }
  }

  // CMOA
  for await (const r of readNdjson<any>(join(sources, 'cmoa', 'cmoa_artworks.ndjson'))) {
    const creators: any[] = (r.creators ?? []).filter((c: any) => c.party_type === 'Person');
    for (const c of creators) countPair(counts, c.name, r.title);
    for (const c of creators) {
      const role = (c.role ?? '').toLowerCase();
      const label = CMOA_LABEL[role];
      const death = c.death_date ? Number(String(c.death_date).slice(0, 4)) : null;
      const birth = c.birth_date ? Number(String(c.birth_date).slice(0, 4)) : null;
      // Years under CMOA_MIN_LIFE_YEARS apart are years of activity, not a life: not labelled.
      if (death !== null && birth !== null && death - birth < CMOA_MIN_LIFE_YEARS) continue;
      if (!label || !r.title || death === null || NON_PERSON.test(c.name) || /^(unknown|anonymous)/i.test(c.name)) continue;
      if (creators.filter((x) => x.cmoa_party_id === c.cmoa_party_id).length > 1) continue;
      if (death > limit) {
        outOfCorpus.push({ source: 'cmoa', record: r.record_id, artist: c.name, title: r.title, death });
        continue;
      }
      candidates.push({
        source: 'cmoa', record: r.record_id, artist: c.name, title: r.title, otherTitles: [], ref: r.accession_number,
        qualifierClass: label.cls, expected: label.expected, rule: `CMOA creator role ${role === '' ? 'null' : `"${role}"`} -> ${label.expected}`,
        cls: `cmoa:${label.cls}`, key: r.record_id,
      });
      if (label.cls === 'firm') {
        const k = `cmoa|${c.cmoa_party_id}|${normaliseTitle(r.title)}`;
        const g = sameTitle.get(k) ?? { source: 'cmoa' as const, artist: c.name, title: r.title, records: [] as string[] };
        g.records.push(r.record_id);
        sameTitle.set(k, g);
      }
    }
  }

  // NGA: titled objects (previous titles), the 2021 links and the attribution history; VGWW.
  const ngaLife = new Map<string, string>();
  for (const row of await readCsvRecords(join(sources, 'nga', 'nga_constituents.csv'))) ngaLife.set(row.forwarddisplayname, row.displaydate);
  for await (const r of readNdjson<any>(join(sources, 'nga', 'nga_attribution_history.ndjson'))) {
    const titles: string[] = [...(r.previous_titles ?? [])].sort((a: any, b: any) => (a.display_order ?? 0) - (b.display_order ?? 0)).map((t: any) => String(t.text).replace(/\s+/g, ' ').trim());
    if (titles.length === 0) continue;
    const links: any[] = r.current_artists_2021 ?? [];
    for (const l of links) for (const t of titles) countPair(counts, l.name, t);
    links.forEach((l, i) => {
      const label = ngaLabel(l.prefix ?? '', l.role ?? '', l.suffix ?? '', links[i + 1]?.prefix ?? '');
      const m = /^[^,]*,\s*(?:c\.\s*)?(\d{3,4})\s*-\s*(\d{3,4})$/.exec(l.life ?? '');
      if (!label || !m || NON_PERSON.test(l.name)) return;
      if (links.filter((x) => x.constituentid === l.constituentid).length > 1) return;
      const death = Number(m[2]);
      if (death > limit) {
        outOfCorpus.push({ source: 'nga', record: r.record_id, artist: l.name, title: titles[0] as string, death });
        return;
      }
      candidates.push({
        source: 'nga', record: r.record_id, artist: l.name, title: titles[0] as string, otherTitles: titles.slice(1),
        qualifierClass: label.cls, expected: label.expected, rule: `NGA 2021 link prefix "${l.prefix ?? ''}" role "${l.role ?? ''}" -> ${label.expected}`,
        cls: `nga:${label.cls}`, key: r.record_id,
      });
    });
    // A former attribution to a named NGA artist the 2021 links no longer name.
    for (const p of r.previous_attributions ?? []) for (const t of titles) countPair(counts, String(p.text).trim(), t);
    for (const p of r.previous_attributions ?? []) {
      const name = String(p.text).trim();
      const life = ngaLife.get(name);
      const m = /(\d{3,4})\s*$/.exec(life ?? '');
      if (!life || !m || Number(m[1]) > limit || /^active/i.test(life.split(',').pop()?.trim() ?? '')) continue;
      if (links.some((l) => foldText(l.name) === foldText(name) || surnameKey(l.name) === surnameKey(name))) continue;
      candidates.push({
        source: 'nga', record: r.record_id, artist: name, title: titles[0] as string, otherTitles: titles.slice(1),
        qualifierClass: 'former attribution', expected: 'contradicted', rule: 'NGA previous attribution to an artist the current record does not name -> contradicted',
        cls: 'nga:former attribution', key: `${r.record_id}|${name}`,
      });
    }
  }
  for (const row of await readCsvRecords(join(sources, 'nga', 'vgww', 'object-details.csv'))) {
    const rejected = /\(rejected work\)/i.test(row['De-la-Faille_cat-no'] ?? '');
    const titles = [row.Title, row.Title_FR, row.Title_DE, row['Other_(former)_title']].map((t) => (t ?? '').trim()).filter(Boolean);
    for (const t of titles) countPair(counts, 'Vincent van Gogh', t);
    candidates.push({
      source: 'nga', record: `nga:vgww:${row.Accession_no}`, artist: 'Vincent van Gogh', title: row.Title.trim(), otherTitles: titles.slice(1), ref: row.Accession_no,
      qualifierClass: rejected ? 'De la Faille rejected work' : 'De la Faille catalogued work',
      expected: rejected ? 'contradicted' : 'attested',
      rule: rejected ? 'VGWW: De la Faille 1970 lists it among the rejected works -> contradicted' : 'VGWW: Van Gogh, catalogued by De la Faille 1970 -> attested',
      cls: 'nga:vgww', key: row.Accession_no,
    });
  }

  // Wikidata: one creator label, linked to a museum's artist record with a death year, and not
  // held by one of the three museums (whose own record would then decide).
  for await (const r of readNdjson<any>(join(sources, 'wikidata', 'wikidata_paintings_sample.ndjson'))) {
    countPair(counts, r.artist_label, r.title);
    if (!r.artist_death_year_xref || r.artist_death_year == null || /[,，]/.test(r.artist_label)) continue;
    if (/\b(Tate|Carnegie Museum of Art|National Gallery of Art)\b/.test(r.collection_label ?? '')) continue;
    if (r.artist_death_year > limit || NON_PERSON.test(r.artist_label)) continue;
    candidates.push({
      source: 'wikidata', record: r.record_id, artist: r.artist_label, title: r.title, otherTitles: [],
      qualifierClass: 'firm (creator)', expected: 'attested', rule: 'Wikidata creator (no qualifier), artist death year cross-referenced -> attested',
      cls: 'wikidata:firm', key: r.record_id,
    });
  }

  // Who each initials form could name: every source artist name, by its first-initial form.
  const initialOwners = new Map<string, Set<string>>();
  for (const name of allNames) {
    const words = name.replace(/,.*$/, '').trim().split(/\s+/);
    if (words.length < 2) continue;
    const key = foldText(`${(words[0] as string)[0]} ${words[words.length - 1]}`);
    const owners = initialOwners.get(key) ?? new Set<string>();
    owners.add(foldText(name));
    initialOwners.set(key, owners);
  }
  const cases: EvalCase[] = [];
  const add = (drawn: Omit<EvalCase, 'id'>) => {
    // A generic title names no one work: without a reference, unavailable whatever the record says (ADR 0033).
    const generic = drawn.subject_ref === undefined && drawn.expected !== 'unavailable' && isGenericTitle(normaliseTitle(drawn.subject_title));
    const c = generic ? { ...drawn, expected: 'unavailable' as const, rule: `${drawn.rule}; generic title -> unavailable without subject_ref (ADR 0033)` } : drawn;
    const n = cases.filter((x) => x.class === c.class && x.source === c.source).length + 1;
    cases.push({ id: `${c.source}:${c.class.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}:${String(n).padStart(3, '0')}`, ...c });
  };

  // 1. Museum records with their inventory number (the record's own attribution, exactly as written).
  const firmFirst = (plain: number, firm: number) => (cls: string) => (/firm|catalogued/.test(cls) ? firm : plain);
  for (const c of nthPerClass(candidates.filter((x) => x.ref !== undefined), firmFirst(14, 40))) {
    add({ class: `record ${c.qualifierClass}`, source: c.source, record: c.record, subject_artist: c.artist, subject_title: c.title, subject_ref: c.ref, expected: c.expected, rule: c.rule });
  }
  // 2. Subjects with no reference, where the (artist, title) pair is unique across the sources.
  const unique = candidates.filter((c) => uniquePair(counts, c.artist, [c.title]));
  const plain = nthPerClass(unique, firmFirst(12, 40));
  for (const c of plain) {
    add({ class: `plain ${c.qualifierClass}`, source: c.source, record: c.record, subject_artist: c.artist, subject_title: c.title, expected: c.expected, rule: c.rule });
  }
  // 3. Variants of unique subjects: names and titles as clients type them.
  const random = seededRandom(20261121);
  const pool = nthPerClass(unique.map((c) => ({ ...c, cls: c.expected })), 60);
  for (const [i, c] of pool.entries()) {
    const variant = nameVariant(c.artist, i, initialOwners);
    if (variant) add({ class: `name ${variant.kind}`, source: c.source, record: c.record, subject_artist: variant.text, subject_title: c.title, expected: c.expected, rule: `${c.rule}; ${variant.kind} of the name` });
    const t = titleVariant(c.title, c.otherTitles, i, random, counts, c.artist);
    if (t) add({ class: `title ${t.kind}`, source: c.source, record: c.record, subject_artist: c.artist, subject_title: t.text, expected: c.expected, rule: `${c.rule}; ${t.kind}` });
  }
  // 3b. Another title the record gives: Tate's foreign title, NGA's other recorded titles, VGWW's French, German and former titles.
  const withOthers = unique.flatMap((c) => c.otherTitles.filter((t) => uniquePair(counts, c.artist, [t])).slice(0, 1).map((t) => ({ ...c, other: t, cls: c.source })));
  for (const c of nthPerClass(withOthers, 10)) {
    add({ class: 'title foreign or former', source: c.source, record: c.record, subject_artist: c.artist, subject_title: c.other, expected: c.expected, rule: `${c.rule}; another title the record gives` });
  }
  // 4. Shared titles: several records of one artist, one source, one title, each firm, no reference:
  //    the answer every one of them gives (ADR 0033).
  const groups = [...sameTitle.values()].filter((g) => g.records.length > 1).sort((a, b) => (a.records[0] < b.records[0] ? -1 : 1));
  for (const g of nthPerClass(groups.map((g) => ({ ...g, cls: g.source, key: g.records[0] as string })), 15)) {
    add({ class: 'shared title', source: g.source, record: g.records.join(' '), subject_artist: g.artist, subject_title: g.title, expected: 'attested', rule: `${g.records.length} records of this artist in one source share the title, each firm -> attested, citing each (ADR 0033)` });
  }
  // 5. Out of corpus: artists who died after the limit (from the sources, then well-known ones).
  for (const o of outOfCorpus.sort((a, b) => (a.record < b.record ? -1 : 1)).slice(0, 10)) {
    add({ class: 'artist died after the limit', source: o.source, record: o.record, subject_artist: o.artist, subject_title: o.title, expected: 'unavailable', rule: `artist died ${o.death}, after ${limit} -> not covered -> unavailable` });
  }
  for (const [artist, title, died] of MODERN) {
    if (died <= limit) continue;
    add({ class: 'artist died after the limit', source: 'none', record: null, subject_artist: artist, subject_title: title, expected: 'unavailable', rule: `artist died ${died}, after ${limit} -> not covered -> unavailable` });
  }
  // 6. Invented titles for covered artists.
  const covered = nthPerClass(unique.filter((c) => c.expected === 'attested').map((c) => ({ ...c, cls: c.source })), 10);
  for (const c of covered) {
    const title = inventedTitle(random, counts.titlesBySurname.get(surnameKey(c.artist)) ?? new Set());
    add({ class: 'invented title', source: c.source, record: c.record, subject_artist: c.artist, subject_title: title, expected: 'unavailable', rule: 'no source record of this artist has this title -> unavailable' });
  }
  return cases;
}

/** Artists who died after 1955, with a famous title: never covered. */
const MODERN: [string, string, number][] = [
  ['Pablo Picasso', 'Guernica', 1973],
  ['Salvador Dalí', 'The Persistence of Memory', 1989],
  ['René Magritte', 'The Son of Man', 1967],
  ['Edward Hopper', 'Nighthawks', 1967],
  ['Jackson Pollock', 'Autumn Rhythm (Number 30)', 1956],
  ['Marc Chagall', 'I and the Village', 1985],
  ['Joan Miró', "Harlequin's Carnival", 1983],
  ['Andy Warhol', "Campbell's Soup Cans", 1987],
  ['Georges Braque', 'Violin and Candlestick', 1963],
  ['Marcel Duchamp', 'Nude Descending a Staircase, No. 2', 1968],
  ['Mark Rothko', 'No. 61 (Rust and Blue)', 1970],
  ["Georgia O'Keeffe", 'Jimson Weed/White Flower No. 1', 1986],
  ['Oskar Kokoschka', 'The Bride of the Wind', 1980],
  ['Max Ernst', 'The Elephant Celebes', 1976],
  ['Emil Nolde', 'The Last Supper', 1956],
];

const WORDS_A = ['Lantern', 'Orchard', 'Harbour', 'Quarry', 'Vessel', 'Pavilion', 'Meadow', 'Turret', 'Cistern', 'Glasshouse'];
const WORDS_B = ['Quiet', 'Vanished', 'Northern', 'Seventh', 'Amber', 'Sleepless', 'Borrowed', 'Hollow', 'Distant', 'Silver'];
const WORDS_C = ['Tides', 'Bells', 'Weavers', 'Lamps', 'Herons', 'Clocks', 'Pilgrims', 'Embers', 'Orchids', 'Mirrors'];

function inventedTitle(random: () => number, taken: Set<string>): string {
  for (;;) {
    const pick = (w: string[]) => w[Math.floor(random() * w.length)] as string;
    const title = `The ${pick(WORDS_A)} of ${pick(WORDS_B)} ${pick(WORDS_C)}`;
    if (!taken.has(normaliseTitle(title))) return title;
  }
}

/** Inverted ("Turner, Joseph Mallord William"), initials ("J. M. W. Turner"), upper case, accents stripped. */
function nameVariant(name: string, i: number, initialOwners: Map<string, Set<string>>): { kind: string; text: string } | null {
  const words = name.replace(/\s+/g, ' ').trim().split(' ');
  if (words.length < 2 || /[,(]/.test(name)) return null;
  const particles = new Set(['van', 'von', 'de', 'der', 'den', 'da', 'di', 'del', 'della', 'du', 'le', 'la', 'ter', 'ten']);
  let split = words.length - 1;
  // A generational suffix ("Pierre Migeon II", "the Younger") stays with the surname.
  if (split > 1 && /^(i|ii|iii|iv|jr\.?|sr\.?|elder|younger)$/i.test(words[split] as string)) split -= /^(elder|younger)$/i.test(words[split] as string) && split > 2 ? 2 : 1;
  while (split > 1 && particles.has((words[split - 1] as string).toLowerCase())) split -= 1;
  const forenames = words.slice(0, split);
  const surname = words.slice(split).join(' ');
  switch (i % 4) {
    case 0:
      return { kind: 'inverted', text: `${surname}, ${forenames.join(' ')}` };
    case 1: {
      const initials = `${forenames.map((f) => f.split('-').map((p) => `${p[0]}.`).join('-')).join(' ')} ${surname}`;
      // Initials another source artist shares ("G. Bellini": Giovanni and Gentile) name nobody.
      const shared = (initialOwners.get(foldText(initials)) ?? new Set()).size > 1;
      if (shared || / of /i.test(name) || forenames.some((f) => /^(sir|dr|rev|the|la|le)\.?$/i.test(f) || f.length < 2)) return { kind: 'upper case', text: name.toUpperCase() };
      return { kind: 'initials', text: initials };
    }
    case 2:
      return { kind: 'upper case', text: name.toUpperCase() };
    default:
      return { kind: 'accents and case folded', text: name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() };
  }
}

/** Curly quotes, a leading article added or dropped, another title the record gives, upper case. */
function titleVariant(
  title: string,
  others: string[],
  i: number,
  random: () => number,
  counts: TitleCount,
  artist: string,
): { kind: string; text: string } | null {
  const other = others.find((t) => uniquePair(counts, artist, [t]));
  if (other && i % 2 === 0) return { kind: 'foreign or former title', text: other };
  if (/['"]/.test(title)) return { kind: 'curly quotes', text: title.replace(/'/g, '\u2019').replace(/"([^"]*)"/g, '\u201c$1\u201d') };
  const article = /^(the|a|an|la|le|les|il|de|het|der|die|das|el)\s+/i.exec(title);
  if (article) return { kind: 'leading article dropped', text: title.slice(article[0].length) };
  if (random() < 0.5) return { kind: 'leading article added', text: `The ${title}` };
  return { kind: 'upper case title', text: title.toUpperCase() };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const raw = (flag: string): string | undefined => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sources = resolve(raw('--sources') ?? DEFAULT_SOURCES);
  const out = resolve(raw('--out') ?? fileURLToPath(new URL('../../test/eval/cases.ndjson', import.meta.url)));
  const asOf = Number(raw('--as-of') ?? new Date().getUTCFullYear());
  const cases = await sampleCases(sources, asOf);
  writeFileSync(out, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
  const by = (f: (c: EvalCase) => string) => cases.reduce<Record<string, number>>((m, c) => ((m[f(c)] = (m[f(c)] ?? 0) + 1), m), {});
  console.log(`wrote ${cases.length} cases to ${out}`);
  console.log(JSON.stringify({ expected: by((c) => c.expected), source: by((c) => c.source) }));
}
