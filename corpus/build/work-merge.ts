/**
 * Resolves the sources' attributions to corpus artists and merges Wikidata paintings into the
 * museum works they describe.
 *
 * A Wikidata painting joins a museum's work when its `collection_label` names that museum
 * ("Tate", "Carnegie Museum of Art", "National Gallery of Art"), one of its creators is a
 * current attribution of the museum's work, and its normalised title equals the museum work's
 * title or one of its aliases; exactly one museum work must qualify, and no other Wikidata
 * painting may claim it. The work keeps the museum's `work_id`; the Wikidata title becomes an
 * alias and the Wikidata claims are added with their own source (`import:kb`): a fact from
 * several sources is one claim per source. No `import:kb` attribution is added to a museum
 * work: the museum's own attribution, with its qualifier, governs (Wikidata has none).
 */
import type { Attribution, CorpusWork } from '../../core/attestation/corpus/corpus.model.js';
import { normaliseTitle } from '../../core/attestation/matching/normalise.js';
import type { ArtistMergeResult } from './artist-merge.js';
import type { SourceWork } from './source.model.js';

export interface WorkMergeStats {
  works_in: number;
  dropped_without_covered_artist: number;
  attributions_unresolved: number;
  wikidata_merged: number;
  /**
   * Artist names a source gives without an artist record (Wikidata's unlinked labels,
   * every Nationalmuseum creator), distinct per source: resolved to one covered artist of
   * the other sources, or left out (no covered artist, several, or a life the work's year does
   * not fit).
   */
  names_by_source: Record<string, { joined: number; left_out: number }>;
}

export interface WorkMergeResult {
  works: CorpusWork[];
  stats: WorkMergeStats;
}

const MUSEUMS: { prefix: string; label: RegExp }[] = [
  { prefix: 'wrk_tate_', label: /\bTate\b/ },
  { prefix: 'wrk_cmoa_', label: /\bCarnegie Museum of Art\b/ },
  { prefix: 'wrk_nga_', label: /\bNational Gallery of Art\b/ },
  { prefix: 'wrk_nm_', label: /(?<!Germanisches )\bNationalmuseum\b(?! (Nürnberg|Nuremberg))/ },
];

/** Per source, the distinct names resolved and left out (see `WorkMergeStats.names_by_source`). */
type NameTally = Map<string, { joined: Set<string>; leftOut: Set<string> }>;

function tallyName(tally: NameTally, source: string, name: string, joined: boolean): void {
  let t = tally.get(source);
  if (t === undefined) {
    t = { joined: new Set(), leftOut: new Set() };
    tally.set(source, t);
  }
  (joined ? t.joined : t.leftOut).add(name);
}

function resolveAttributions(w: SourceWork, artists: ArtistMergeResult, tally: NameTally): { list: Attribution[]; unresolved: number } {
  const list: Attribution[] = [];
  const seen = new Set<string>();
  let unresolved = 0;
  for (const a of w.attributions) {
    let id = a.artist_key ? artists.byKey.get(a.artist_key) : undefined;
    if (!a.artist_key) {
      // Name-only reference: one covered artist must bear that name, and the work's year (if
      // known) must fall within that artist's life.
      id = artists.resolveName(a.artist_name);
      const who = id ? artists.byId.get(id) : undefined;
      if (who && w.year != null && (w.year > who.death_year + 1 || (who.birth_year != null && w.year < who.birth_year + 8))) {
        id = undefined;
      }
      tallyName(tally, w.source, a.artist_name, id !== undefined);
    }
    if (!id) {
      unresolved++;
      continue;
    }
    const k = `${id}|${a.qualifier}|${a.current}`;
    if (seen.has(k)) continue;
    seen.add(k);
    list.push({
      artist_id: id,
      qualifier: a.qualifier,
      current: a.current,
      display: a.display,
      source: w.source,
      source_ref: w.source_ref,
      ...(a.effective_date ? { effective_date: a.effective_date } : {}),
    });
  }
  // A former attribution to an artist the record currently names is history, not a rival
  // attribution: it stays in the claims, not in the attributions.
  const currentArtists = new Set(list.filter((a) => a.current).map((a) => a.artist_id));
  return { list: list.filter((a) => a.current || !currentArtists.has(a.artist_id)), unresolved };
}

function dedupeTitles(title: string, aliases: string[]): string[] {
  const seen = new Set([normaliseTitle(title)]);
  const out: string[] = [];
  for (const t of aliases) {
    const text = t.replace(/\s+/g, ' ').trim();
    const k = normaliseTitle(text);
    if (!k || seen.has(k)) continue;
    seen.add(k);
    out.push(text);
  }
  return out;
}

export function mergeWorks(sourceWorks: SourceWork[], artists: ArtistMergeResult): WorkMergeResult {
  const stats: WorkMergeStats = {
    works_in: sourceWorks.length,
    dropped_without_covered_artist: 0,
    attributions_unresolved: 0,
    wikidata_merged: 0,
    names_by_source: {},
  };
  const tally: NameTally = new Map();
  interface Draft {
    work: CorpusWork;
    source: SourceWork;
  }
  const drafts: Draft[] = [];
  for (const w of sourceWorks) {
    const { list, unresolved } = resolveAttributions(w, artists, tally);
    stats.attributions_unresolved += unresolved;
    if (list.length === 0) {
      stats.dropped_without_covered_artist++;
      continue;
    }
    drafts.push({
      source: w,
      work: {
        work_id: w.work_id,
        title: w.title.replace(/\s+/g, ' ').trim(),
        title_aliases: [...w.title_aliases],
        inventory_numbers: [...w.inventory_numbers],
        attributions: list,
        claims: [...w.claims],
        ...(w.object ? { object: w.object } : {}),
      },
    });
  }

  // Museum works by (current artist, title key).
  const index = new Map<string, Draft[]>();
  for (const d of drafts) {
    if (d.source.source === 'import:kb') continue;
    const titleKeys = new Set([d.work.title, ...d.work.title_aliases].map(normaliseTitle));
    for (const a of d.work.attributions) {
      if (!a.current) continue;
      for (const t of titleKeys) {
        const k = `${a.artist_id}|${t}`;
        const list = index.get(k);
        if (list) list.push(d);
        else index.set(k, [d]);
      }
    }
  }
  const targets = new Map<Draft, Draft[]>();
  for (const d of drafts) {
    if (d.source.source !== 'import:kb') continue;
    const label = (d.source.collections ?? []).join(', ');
    const museums = MUSEUMS.filter((m) => m.label.test(label));
    if (museums.length === 0) continue;
    const t = normaliseTitle(d.work.title);
    const candidates = new Set<Draft>();
    for (const a of d.work.attributions) {
      for (const c of index.get(`${a.artist_id}|${t}`) ?? []) {
        if (museums.some((m) => c.work.work_id.startsWith(m.prefix))) candidates.add(c);
      }
    }
    if (candidates.size !== 1) continue;
    const target = [...candidates][0];
    const list = targets.get(target);
    if (list) list.push(d);
    else targets.set(target, [d]);
  }
  const absorbed = new Set<Draft>();
  for (const [target, kbs] of targets) {
    if (kbs.length !== 1) continue;
    const kb = kbs[0];
    target.work.title_aliases.push(kb.work.title);
    target.work.claims.push(...kb.work.claims);
    // The museum's description of its object stands; Wikidata's only where the museum gives none.
    if (target.work.object === undefined && kb.work.object !== undefined) target.work.object = kb.work.object;
    absorbed.add(kb);
    stats.wikidata_merged++;
  }

  const works: CorpusWork[] = drafts
    .filter((d) => !absorbed.has(d))
    .map(({ work }) => ({
      work_id: work.work_id,
      title: work.title,
      title_aliases: dedupeTitles(work.title, work.title_aliases),
      inventory_numbers: [...new Set(work.inventory_numbers)],
      attributions: work.attributions,
      claims: work.claims,
      ...(work.object ? { object: work.object } : {}),
    }))
    .sort((a, b) => (a.work_id < b.work_id ? -1 : a.work_id > b.work_id ? 1 : 0));
  for (let i = 1; i < works.length; i++) {
    if (works[i].work_id === works[i - 1].work_id) throw new Error(`duplicate work_id ${works[i].work_id}`);
  }
  for (const [source, t] of [...tally].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const leftOut = [...t.leftOut].filter((n) => !t.joined.has(n));
    stats.names_by_source[source] = { joined: t.joined.size, left_out: leftOut.length };
  }
  return { works, stats };
}
