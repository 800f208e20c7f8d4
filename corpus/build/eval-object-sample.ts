/**
 * Two evaluation sets drawn by rule from the CC0 SOURCES (never from the shipped corpus or the
 * engine's answers), reported by `npm run corpus:eval` (ADR 0032):
 *
 *   npm run corpus:eval:object-sample [-- --sources DIR] [--objects FILE] [--nationalmuseum FILE]
 *
 * The object-kind set (test/eval/object-cases.ndjson): Tate and CMOA records with one plain
 * (firm) creator whose classification names a kind unambiguously (Tate "painting", "on paper,
 * print", "sculpture"; CMOA "paintings", "prints", "photographs", "sculpture", "drawings and
 * watercolors" unless the medium says oil) and whose title no other record of the same artist
 * name holds in Tate, CMOA or Wikidata. Each gives two cases, the lot's medium written in one of
 * seven languages (in turn): of the record's own kind, `attested`; of another kind, `unavailable`
 * (the record is another object). Every Nth record per kind.
 *
 * The Nationalmuseum set (test/eval/nationalmuseum-cases.ndjson), from its LIDO records:
 * - former: a record's former attribution ("Tidigare attribution") to an artist the record does
 *   not name otherwise: `contradicted`, the record pinned by its inventory number (`subject_ref`);
 * - swedish_title / english_title: a record with one plain creator ("Konstnär", no qualifier and
 *   no note) and both titles: the Swedish title, and the English one, `attested`;
 * - qualified: one creator with a qualifier (Tillskriven, Hans art, Hans ateljé, Kopia efter...):
 *   `contradicted`.
 * A title the same artist name holds on another record (in any source) is not drawn. An artist the
 * corpus does not cover makes the engine answer `unavailable`: a miss in "as labelled", never a
 * wrong answer; the table shows both.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ObjectType } from '../../core/attestation/corpus/corpus.model.js';
import { foldText, normaliseTitle } from '../../core/attestation/matching/normalise.js';
import { DEFAULT_SOURCES } from './build-corpus.js';
import { flagValue, isMainModule } from './cli-args.js';
import type { Expected } from './eval-sample.js';
import { nmName } from './nationalmuseum-source.js';
import { readNdjson } from './ndjson.js';
import { nmQualifier } from './qualifiers.js';

export interface ObjectEvalCase {
  id: string;
  /** The set's class: `same_kind`, `other_kind`; `former`, `swedish_title`, `english_title`, `qualified`. */
  form: string;
  class: string;
  source: 'tate' | 'cmoa' | 'nationalmuseum';
  record: string;
  subject_artist: string;
  subject_title: string;
  subject_ref?: string;
  subject_medium?: string;
  expected: Expected;
  rule: string;
}

export const OBJECT_FORMS = ['same_kind', 'other_kind'] as const;
export const NATIONALMUSEUM_FORMS = ['former', 'swedish_title', 'english_title', 'qualified'] as const;

export const DEFAULT_OBJECT_CASES = fileURLToPath(new URL('../../test/eval/object-cases.ndjson', import.meta.url));
export const DEFAULT_NATIONALMUSEUM_CASES = fileURLToPath(new URL('../../test/eval/nationalmuseum-cases.ndjson', import.meta.url));

/** A lot's medium per kind, as catalogues print it in seven languages (EN FR DE NL IT ES SV). */
const MEDIA: Record<'painting' | 'drawing' | 'print' | 'sculpture' | 'photograph', readonly string[]> = {
  painting: ['oil on canvas', 'huile sur toile', 'Öl auf Holz', 'olieverf op doek', 'olio su tavola', 'óleo sobre lienzo', 'olja på duk'],
  drawing: ['pen and brown ink', 'aquarelle', 'Bleistift auf Papier', 'krijt op papier', 'matita su carta', 'acuarela', 'akvarell'],
  print: ['etching', 'eau-forte', 'Radierung', 'houtsnede', 'acquaforte', 'aguafuerte', 'litografi'],
  sculpture: ['bronze', 'bronze à patine brune', 'Marmor', 'brons', 'terracotta', 'bronce', 'brons, patinerad'],
  photograph: ['gelatin silver print', 'tirage argentique', 'Fotografie', 'foto', 'fotografia', 'fotografía', 'fotografi'],
};
type Kind = keyof typeof MEDIA;
const KINDS = Object.keys(MEDIA) as Kind[];

const TATE_KIND: Record<string, Kind> = { painting: 'painting', 'on paper, print': 'print', sculpture: 'sculpture' };
const CMOA_KIND: Record<string, Kind> = { paintings: 'painting', prints: 'print', photographs: 'photograph', sculpture: 'sculpture', 'drawings and watercolors': 'drawing' };

/** Records drawn per kind (every Nth of the eligible ones, up to this many). */
const PER_KIND = 30;
const NM_PER_FORM = 60;

interface Eligible {
  source: 'tate' | 'cmoa';
  record: string;
  artist: string;
  title: string;
  kind: Kind;
}

/** Artist name (folded) + title key: how many records of that name hold that title, over every source. */
type TitleCounts = Map<string, number>;
const titleKey = (artist: string, title: string) => `${foldText(artist)}|${normaliseTitle(title)}`;
function count(counts: TitleCounts, artist: string, title: string | null | undefined): void {
  if (!title) return;
  const k = titleKey(artist, title);
  counts.set(k, (counts.get(k) ?? 0) + 1);
}

/** Every Nth element of `list` so that about `n` are taken, in order. */
function spread<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  const step = list.length / n;
  return Array.from({ length: n }, (_, i) => list[Math.floor(i * step)] as T);
}

export async function sampleObjectCases(sources: string): Promise<{ objects: ObjectEvalCase[]; nationalmuseum: ObjectEvalCase[] }> {
  const counts: TitleCounts = new Map();
  const eligible: Eligible[] = [];

  for await (const r of readNdjson<any>(join(sources, 'tate', 'tate_artworks.ndjson'))) {
    const people = (r.contributors ?? []).filter((c: any) => c.name);
    for (const c of people) count(counts, c.name, r.title);
    const kind = TATE_KIND[r.classification ?? ''];
    if (kind && people.length === 1 && (people[0].role ?? 'artist') === 'artist') eligible.push({ source: 'tate', record: r.record_id, artist: people[0].name, title: r.title, kind });
  }
  for await (const r of readNdjson<any>(join(sources, 'cmoa', 'cmoa_artworks.ndjson'))) {
    const people = (r.creators ?? []).filter((c: any) => c.name && c.party_type === 'Person');
    for (const c of people) count(counts, c.name, r.title);
    const kind = CMOA_KIND[(r.classification ?? '').toLowerCase()];
    const oil = /\boil\b/i.test(r.medium ?? '');
    if (kind && !(kind === 'drawing' && oil) && people.length === 1 && !people[0].role && r.title) {
      eligible.push({ source: 'cmoa', record: r.record_id, artist: people[0].name, title: r.title, kind });
    }
  }
  for await (const r of readNdjson<any>(join(sources, 'wikidata', 'wikidata_paintings_sample.ndjson'))) count(counts, r.artist_label, r.title);
  const nmRecords: any[] = [];
  for await (const r of readNdjson<any>(join(sources, 'nationalmuseum', 'nationalmuseum_paintings.ndjson'))) {
    nmRecords.push(r);
    for (const c of r.creators ?? []) {
      const { name } = nmName(c.name ?? '');
      count(counts, name, r.title_en);
      if (r.title_sv !== r.title_en) count(counts, name, r.title_sv);
    }
  }
  const unique = (artist: string, title: string) => counts.get(titleKey(artist, title)) === 1;

  const objects: ObjectEvalCase[] = [];
  const byId = (a: { record: string }, b: { record: string }) => (a.record < b.record ? -1 : a.record > b.record ? 1 : 0);
  let turn = 0;
  for (const kind of KINDS) {
    const mine = eligible.filter((e) => e.kind === kind && unique(e.artist, e.title)).sort(byId);
    for (const e of spread(mine, PER_KIND)) {
      const lang = turn++ % 7;
      const other = KINDS[(KINDS.indexOf(kind) + 1 + (turn % (KINDS.length - 1))) % KINDS.length] as Kind;
      const base = { source: e.source, record: e.record, subject_artist: e.artist, subject_title: e.title };
      objects.push({
        id: `object:same:${e.record}`, form: 'same_kind', class: kind, ...base, subject_medium: MEDIA[kind][lang] as string, expected: 'attested',
        rule: `${e.source} ${kind}, one plain creator, a title no other record of the name holds; the lot's medium of the same kind -> attested`,
      });
      objects.push({
        id: `object:other:${e.record}`, form: 'other_kind', class: `${kind} as ${other}`, ...base, subject_medium: MEDIA[other][lang] as string, expected: 'unavailable',
        rule: `${e.source} ${kind}; the lot's medium names a ${other}: another object -> unavailable`,
      });
    }
  }

  const nm: Record<(typeof NATIONALMUSEUM_FORMS)[number], ObjectEvalCase[]> = { former: [], swedish_title: [], english_title: [], qualified: [] };
  for (const r of [...nmRecords].sort((a, b) => (a.record_id < b.record_id ? -1 : a.record_id > b.record_id ? 1 : 0))) {
    const title: string | null = r.title_en ?? r.title_sv ?? null;
    if (!title) continue;
    const creators = (r.creators ?? []).map((c: any) => ({ ...nmName(c.name ?? ''), mapping: nmQualifier(c.role_sv, c.attribution_qualifier_sv, nmName(c.name ?? '').note) }));
    const isPerson = (n: string) => n !== '' && !/^(okänd|okand)/i.test(n) && !/(ateljé|verkstad|skola|krets)/i.test(n);
    const current = creators.filter((c: any) => c.mapping?.current);
    for (const c of creators) {
      if (!c.mapping || c.mapping.current || !isPerson(c.name) || current.some((k: any) => k.name === c.name) || !unique(c.name, title)) continue;
      nm.former.push({
        id: `nm:former:${r.record_id}:${c.name}`, form: 'former', class: 'Tidigare attribution', source: 'nationalmuseum', record: r.record_id,
        subject_artist: c.name, subject_title: title, subject_ref: r.record_id, expected: 'contradicted', rule: 'a former attribution to an artist the record no longer names -> contradicted',
      });
    }
    if (creators.length !== 1) continue;
    const only = creators[0];
    if (!only.mapping || !isPerson(only.name)) continue;
    if (only.mapping.qualifier === 'firm' && only.mapping.current && r.title_en && r.title_sv && unique(only.name, r.title_en) && unique(only.name, r.title_sv)) {
      const base = { source: 'nationalmuseum' as const, record: r.record_id, subject_artist: only.name, expected: 'attested' as const, class: 'Konstnär' };
      nm.swedish_title.push({ ...base, id: `nm:sv:${r.record_id}`, form: 'swedish_title', subject_title: r.title_sv, rule: 'one plain creator; the Swedish title -> attested' });
      nm.english_title.push({ ...base, id: `nm:en:${r.record_id}`, form: 'english_title', subject_title: r.title_en, rule: 'one plain creator; the English title -> attested' });
    } else if (only.mapping.current && only.mapping.qualifier !== 'firm' && unique(only.name, title)) {
      nm.qualified.push({
        id: `nm:qualified:${r.record_id}`, form: 'qualified', class: only.mapping.qualifier, source: 'nationalmuseum', record: r.record_id,
        subject_artist: only.name, subject_title: title, expected: 'contradicted', rule: `one creator, qualified (${only.mapping.qualifier}) -> contradicted`,
      });
    }
  }
  const nationalmuseum = NATIONALMUSEUM_FORMS.flatMap((f) => spread(nm[f], NM_PER_FORM));
  return { objects, nationalmuseum };
}

/** The kinds the object set uses, for the report. */
export const OBJECT_SET_KINDS: readonly ObjectType[] = KINDS;

if (isMainModule(import.meta.url)) {
  const { objects, nationalmuseum } = await sampleObjectCases(resolve(flagValue('--sources') ?? DEFAULT_SOURCES));
  const write = (file: string, cases: ObjectEvalCase[]) => writeFileSync(file, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
  const objectsOut = resolve(flagValue('--objects') ?? DEFAULT_OBJECT_CASES);
  const nmOut = resolve(flagValue('--nationalmuseum') ?? DEFAULT_NATIONALMUSEUM_CASES);
  write(objectsOut, objects);
  write(nmOut, nationalmuseum);
  console.log(`wrote ${objects.length} cases to ${objectsOut}, ${nationalmuseum.length} to ${nmOut}`);
}
