/**
 * The title evaluation sets of ADR 0033 (test/eval/title-cases.ndjson), drawn by rule from the
 * SHIPPED CORPUS and from the list of translated titles (translated-titles.ts), labelled from the
 * records, never from the engine's answers:
 *
 *   npm run corpus:eval:title-sample [-- --corpus DIR] [--out FILE]
 *
 * A record is "uniform" when every attribution is current and names one artist with one
 * qualifier: `firm` labels a plain claim `attested`, another qualifier `contradicted`. Only artists
 * whose name names nobody else are drawn. Title keys are the engine's (workTitleKeys: title,
 * aliases and the alternates the title carries).
 * - multilingual: a row of the list whose English title the corpus holds for the artist, every
 *   such work uniform with one qualifier: the translated title, labelled so (unavailable when the
 *   English title is generic);
 * - alternate: an alternate title a uniform record's title carries, held by no other work of the
 *   artist and not generic: labelled as the record;
 * - shared: a title two or more uniform works of one artist share, not generic: `attested` when
 *   every one is firm, `contradicted` when every one has the same other qualifier and display,
 *   `unavailable` (ambiguous_title) when they differ;
 * - generic: a uniform record with a generic title: without a reference `unavailable`; with its
 *   work id, labelled as the record.
 * Deterministic: records sorted by work id, every Nth per form.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { workTitleKeys } from '../../core/attestation/corpus/corpus-index.js';
import type { CorpusSnapshot, CorpusWork, Qualifier } from '../../core/attestation/corpus/corpus.model.js';
import { alternateTitles } from '../../core/attestation/matching/alternate-titles.js';
import { normaliseName, normaliseTitle } from '../../core/attestation/matching/normalise.js';
import { isGenericTitle } from '../../core/attestation/matching/title-reading.js';
import { flagValue, isMainModule } from './cli-args.js';
import type { Expected } from './eval-sample.js';
import { TRANSLATED_TITLES } from './translated-titles.js';

export const TITLE_FORMS = ['multilingual', 'alternate', 'shared', 'generic'] as const;
export type TitleForm = (typeof TITLE_FORMS)[number];

export interface TitleCase {
  id: string;
  form: TitleForm;
  /** What is varied within the form (the language, the qualifier, with or without a reference). */
  class: string;
  source: 'corpus' | 'list';
  /** The works the case is drawn from, space-separated. */
  record: string;
  subject_artist: string;
  subject_title: string;
  subject_ref?: string;
  expected: Expected;
  rule: string;
}

export const DEFAULT_TITLE_CASES = fileURLToPath(new URL('../../test/eval/title-cases.ndjson', import.meta.url));

/** Every Nth of `items` (already in a stable order), `want` at most. */
function nth<T>(items: readonly T[], want: number): T[] {
  const step = Math.max(1, Math.floor(items.length / Math.max(1, want)));
  const out: T[] = [];
  for (let i = 0; i < items.length && out.length < want; i += step) out.push(items[i] as T);
  return out;
}

/** The one qualifier of a uniform record, with the display it is shown with; else null. */
function uniformOf(work: CorpusWork): { artistId: string; qualifier: Qualifier; display: string } | null {
  const first = work.attributions[0];
  if (first === undefined) return null;
  const same = work.attributions.every((a) => a.artist_id === first.artist_id && a.qualifier === first.qualifier && a.current && a.qualifier !== 'formerly_attributed_to');
  return same ? { artistId: first.artist_id, qualifier: first.qualifier, display: first.display } : null;
}

const labelOf = (q: Qualifier): Expected => (q === 'firm' ? 'attested' : 'contradicted');
const generic = (title: string) => isGenericTitle(normaliseTitle(title));

export function sampleTitleCases(snapshot: CorpusSnapshot): TitleCase[] {
  const byName = new Map<string, Set<string>>();
  for (const a of snapshot.artists) {
    for (const n of [a.name, ...a.aliases]) {
      const key = normaliseName(n);
      if (key === '') continue;
      const set = byName.get(key) ?? new Set<string>();
      set.add(a.artist_id);
      byName.set(key, set);
    }
  }
  const artistById = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
  const uniqueName = (artistId: string) => {
    const a = artistById.get(artistId);
    return a !== undefined && byName.get(normaliseName(a.name))?.size === 1;
  };
  const works = [...snapshot.works].sort((a, b) => (a.work_id < b.work_id ? -1 : 1));
  /** artist | title key -> the works naming the artist (any attribution) under it. */
  const byKey = new Map<string, CorpusWork[]>();
  for (const w of works) {
    const keys = workTitleKeys(w);
    for (const id of new Set(w.attributions.map((a) => a.artist_id))) {
      for (const k of keys) {
        const list = byKey.get(`${id}|${k}`) ?? [];
        list.push(w);
        byKey.set(`${id}|${k}`, list);
      }
    }
  }

  const cases: TitleCase[] = [];
  const push = (c: Omit<TitleCase, 'id'>) => {
    const n = cases.filter((x) => x.form === c.form).length + 1;
    cases.push({ id: `title:${c.form}:${String(n).padStart(3, '0')}`, ...c });
  };

  // Multilingual: the list, labelled from the records holding the English title.
  for (const row of TRANSLATED_TITLES) {
    const ids = byName.get(normaliseName(row.artist));
    if (ids === undefined || ids.size !== 1) continue;
    const artistId = [...ids][0] as string;
    const held = byKey.get(`${artistId}|${normaliseTitle(row.english)}`) ?? [];
    const uniform = held.map(uniformOf);
    if (held.length === 0 || uniform.some((u) => u === null || u.artistId !== artistId || u.qualifier !== uniform[0]?.qualifier)) continue;
    const qualifier = (uniform[0] as { qualifier: Qualifier }).qualifier;
    const expected: Expected = generic(row.english) ? 'unavailable' : labelOf(qualifier);
    push({
      form: 'multilingual', class: row.language, source: 'list', record: held.map((w) => w.work_id).join(' '),
      subject_artist: row.artist, subject_title: row.title, expected,
      rule: `${held.length} record(s) of the artist titled "${row.english}", each ${qualifier} -> ${expected}; translated title from ${row.source}`,
    });
  }

  // Alternate titles the records carry.
  const alternates: { work: CorpusWork; artistId: string; qualifier: Qualifier; alternate: string }[] = [];
  for (const w of works) {
    const u = uniformOf(w);
    if (u === null || !uniqueName(u.artistId) || generic(w.title)) continue;
    for (const alternate of alternateTitles(w.title)) {
      const key = normaliseTitle(alternate);
      if (key === '' || generic(alternate) || (byKey.get(`${u.artistId}|${key}`) ?? []).length !== 1) continue;
      alternates.push({ work: w, artistId: u.artistId, qualifier: u.qualifier, alternate });
    }
  }
  for (const a of nth(alternates, 80)) {
    push({
      form: 'alternate', class: a.qualifier === 'firm' ? 'firm' : 'qualified', source: 'corpus', record: a.work.work_id,
      subject_artist: artistById.get(a.artistId)?.name ?? '', subject_title: a.alternate, expected: labelOf(a.qualifier),
      rule: `alternate title carried by the record's title "${a.work.title}", uniform record, qualifier ${a.qualifier} -> ${labelOf(a.qualifier)}`,
    });
  }

  // Shared titles: the first key of each group, two or more uniform works of one artist.
  const shared: { works: CorpusWork[]; artistId: string; title: string; expected: Expected; rule: string }[] = [];
  const seen = new Set<string>();
  for (const w of works) {
    const u = uniformOf(w);
    if (u === null || !uniqueName(u.artistId)) continue;
    const key = normaliseTitle(w.title);
    const group = byKey.get(`${u.artistId}|${key}`) ?? [];
    if (group.length < 2 || seen.has(`${u.artistId}|${key}`) || generic(w.title)) continue;
    seen.add(`${u.artistId}|${key}`);
    const all = group.map(uniformOf);
    if (all.some((x) => x === null || x.artistId !== u.artistId)) continue;
    const quals = new Set(all.map((x) => x?.qualifier));
    const displays = new Set(all.map((x) => x?.display));
    const agree = quals.size === 1 && (u.qualifier === 'firm' || displays.size === 1);
    const expected: Expected = agree ? labelOf(u.qualifier) : 'unavailable';
    const rule = agree
      ? `${group.length} uniform records of the artist share the title, each ${u.qualifier} -> ${expected}, citing each`
      : `${group.length} uniform records of the artist share the title, qualifiers ${[...quals].join('/')} -> unavailable (ambiguous_title)`;
    shared.push({ works: group, artistId: u.artistId, title: w.title, expected, rule });
  }
  const sharedPick = [...nth(shared.filter((s) => s.expected !== 'unavailable'), 60), ...nth(shared.filter((s) => s.expected === 'unavailable'), 20)];
  for (const s of sharedPick) {
    push({
      form: 'shared', class: s.expected, source: 'corpus', record: s.works.map((w) => w.work_id).join(' '),
      subject_artist: artistById.get(s.artistId)?.name ?? '', subject_title: s.title, expected: s.expected, rule: s.rule,
    });
  }

  // Generic titles: unavailable on the title alone; the record's label with its work id.
  const generics = works.filter((w) => {
    const u = uniformOf(w);
    return u !== null && uniqueName(u.artistId) && generic(w.title);
  });
  for (const w of nth(generics, 40)) {
    const u = uniformOf(w) as { artistId: string; qualifier: Qualifier };
    const artist = artistById.get(u.artistId)?.name ?? '';
    push({ form: 'generic', class: 'no reference', source: 'corpus', record: w.work_id, subject_artist: artist, subject_title: w.title, expected: 'unavailable', rule: 'generic title, no subject_ref -> unavailable (generic_title)' });
    push({
      form: 'generic', class: 'work id', source: 'corpus', record: w.work_id, subject_artist: artist, subject_title: w.title, subject_ref: w.work_id,
      expected: labelOf(u.qualifier), rule: `generic title pinned by its work id, uniform record, qualifier ${u.qualifier} -> ${labelOf(u.qualifier)}`,
    });
  }
  return cases;
}

if (isMainModule(import.meta.url)) {
  const args = process.argv.slice(2);
  const corpus = flagValue('--corpus', args);
  const out = resolve(flagValue('--out', args) ?? DEFAULT_TITLE_CASES);
  const snapshot = await loadCorpusSnapshot(corpus === undefined ? undefined : resolve(corpus));
  const cases = sampleTitleCases(snapshot);
  writeFileSync(out, `${cases.map((c) => JSON.stringify(c)).join('\n')}\n`);
  const count = (f: (c: TitleCase) => string) => cases.reduce<Record<string, number>>((m, c) => ({ ...m, [f(c)]: (m[f(c)] ?? 0) + 1 }), {});
  console.log(`wrote ${cases.length} cases to ${out}`);
  console.log(JSON.stringify({ form: count((c) => c.form), expected: count((c) => c.expected) }));
  const kept = new Set(cases.filter((c) => c.form === 'multilingual').map((c) => c.subject_title));
  console.log(`translated titles kept: ${kept.size} of ${TRANSLATED_TITLES.length}; not held by the corpus: ${TRANSLATED_TITLES.filter((r) => !kept.has(r.title)).map((r) => `${r.artist} / ${r.english}`).join('; ')}`);
}
