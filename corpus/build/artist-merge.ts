/**
 * Merges the sources' artist records into corpus artists.
 *
 * Two records are one artist when (in this order of strength):
 * 1. they share a source key (Tate's artist table row and the same Tate contributor);
 * 2. one links to the other (Wikidata's `artist_death_year_xref`);
 * 3. they share a Wikidata QID or a ULAN id, and their death years are within
 *    `idDeathTolerance` (a source that gives one ULAN to a father and a son, "Jean Le Blond I"
 *    1590–1666 and "Jean Le Blond" c. 1635–1709, does not make them one);
 * 4. they share a normalised name form (name, inverted name, alternative name, honorific
 *    dropped, generational suffix spelt one way: "Pieter Brueghel II" = "Pieter Brueghel the
 *    Younger") and their life dates agree: death years within `deathTolerance` (sources round
 *    "c. 1755/1761 – 1802" differently), birth years within `birthTolerance` when both known;
 * 5. their names are compatible (same surname and suffix, forenames equal or initials:
 *    "J. M. W. Turner" ~ "Joseph Mallord William Turner") and their dates are equal; or their
 *    forenames are spellings of one another ("Wassily" ~ "Vassily Kandinsky") and both their
 *    birth and death years are known and equal;
 * 6. their names are equal once titles are dropped (honorifics and post-nominals, the subject
 *    parser's list: "Sir John Everett Millais, Bt" = "John Everett Millais"; generational
 *    markers stay) and both their birth and death years are known and equal.
 * A merge is refused when it would join two different QIDs or ULAN ids, or spread the known
 * death years wider than the tolerance: that is how "Rembrandt Peale" stays apart from
 * "Rembrandt van Rijn", and two namesakes with their own authority ids stay apart.
 *
 * Only artists with a known death year at least `publicDomainYears` before the build year are
 * covered; records without a death year (Wikidata labels) join through links only.
 */
import { createHash } from 'node:crypto';
import type { CorpusArtist } from '../../core/attestation/corpus/corpus.model.js';
import { foldText } from '../../core/attestation/matching/normalise.js';
import {
  forenameSpellingVariants,
  generationalForm,
  initialsForms,
  isNonPersonName,
  lastWord,
  nameKey,
  nameParts,
  namesCompatible,
  nameWordCount,
  naturalOrder,
  stripHonorific,
  stripParenthetical,
  untitledName,
} from './names.js';
import type { ArtistIds, SourceArtist, SourceName } from './source.model.js';

/**
 * An artist known only by documented activity ("active c. 1465 - 1494") is covered when that
 * activity ended at least this many years before the latest allowed death year: the end of
 * activity then stands in for the death year, and public domain is beyond doubt.
 */
export const FLORUIT_MARGIN_YEARS = 60;

export interface ArtistMergeOptions {
  /** Latest death year allowed (build year - 71). */
  maxDeathYear: number;
  deathTolerance?: number;
  birthTolerance?: number;
  /** Widest spread of death years a shared QID or ULAN may join (default 10). */
  idDeathTolerance?: number;
}

/** A merged artist before alias generation. */
export interface MergedArtist {
  artist_id: string;
  name: string;
  /** Names the sources give, most authoritative source first (NGA, Tate, CMOA, Wikidata). */
  source_names: string[];
  birth_year: number | null;
  death_year: number;
  ids: ArtistIds;
  keys: string[];
}

export interface ArtistMergeResult {
  artists: MergedArtist[];
  /** Source key -> artist_id, for covered artists. */
  byKey: Map<string, string>;
  byId: Map<string, MergedArtist>;
  /** artist_id of the one covered artist with this name form, if exactly one has it. */
  resolveName(name: string): string | undefined;
  /** Keys that had a death year too recent or unknown (not covered). */
  uncovered: number;
}

const SOURCE_ORDER: SourceName[] = ['nga', 'tate', 'cmoa', 'nationalmuseum', 'wikidata'];
const rank = (s: SourceName) => SOURCE_ORDER.indexOf(s);

/** Folds records that share a key. */
function foldByKey(records: SourceArtist[]): Map<string, SourceArtist> {
  const out = new Map<string, SourceArtist>();
  for (const r of records) {
    const prev = out.get(r.key);
    if (!prev) {
      out.set(r.key, { ...r, names: [...r.names], ids: { ...r.ids }, links: r.links ? [...r.links] : undefined });
      continue;
    }
    for (const n of [r.name, ...r.names]) if (n !== prev.name && !prev.names.includes(n)) prev.names.push(n);
    prev.birth_year ??= r.birth_year;
    prev.death_year ??= r.death_year;
    prev.ids = { ...r.ids, ...prev.ids };
    if (r.links) prev.links = [...new Set([...(prev.links ?? []), ...r.links])];
  }
  return out;
}

/**
 * Name forms used to match records: every given form, in natural order, with and without
 * honorific / parenthesis, and with its generational suffix spelt one way.
 */
export function matchForms(r: Pick<SourceArtist, 'name' | 'names'>): string[] {
  const forms = new Set<string>();
  for (const n of [r.name, ...r.names]) {
    const plain = stripHonorific(stripParenthetical(naturalOrder(n)));
    for (const v of [n, stripParenthetical(n), stripHonorific(naturalOrder(n)), plain, generationalForm(plain)]) {
      const k = v === null ? '' : nameKey(v);
      if (k) forms.add(k);
    }
  }
  return [...forms];
}

/**
 * Keys of a record's names without titles (`untitledName`), generational suffix spelt one way;
 * two words at least (a one-word name is trusted only by rule 4, with an identical death year).
 */
export function untitledForms(r: Pick<SourceArtist, 'name' | 'names'>): string[] {
  const forms = new Set<string>();
  for (const n of [r.name, ...r.names]) {
    const bare = untitledName(n);
    const k = nameKey(generationalForm(bare) ?? bare);
    if (k.includes(' ')) forms.add(k);
  }
  return [...forms];
}

interface Comp {
  qids: Set<string>;
  ulans: Set<string>;
  deaths: number[];
}

class UnionFind {
  private parent = new Map<string, string>();
  private comp = new Map<string, Comp>();

  constructor(records: Map<string, SourceArtist>) {
    for (const r of records.values()) {
      this.parent.set(r.key, r.key);
      this.comp.set(r.key, {
        qids: new Set(r.ids.wikidata ? [r.ids.wikidata] : []),
        ulans: new Set(r.ids.ulan ? [r.ids.ulan] : []),
        deaths: r.death_year != null ? [r.death_year] : [],
      });
    }
  }

  find(k: string): string {
    let root = k;
    while (this.parent.get(root) !== root) root = this.parent.get(root) as string;
    let cur = k;
    while (cur !== root) {
      const next = this.parent.get(cur) as string;
      this.parent.set(cur, root);
      cur = next;
    }
    return root;
  }

  /**
   * Joins two components unless their ids conflict or, with `deathTolerance`, their known
   * death years would spread wider than it.
   */
  union(a: string, b: string, deathTolerance?: number): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return true;
    const ca = this.comp.get(ra) as Comp;
    const cb = this.comp.get(rb) as Comp;
    const disjoint = (x: Set<string>, y: Set<string>) => x.size > 0 && y.size > 0 && ![...x].some((v) => y.has(v));
    if (disjoint(ca.qids, cb.qids) || disjoint(ca.ulans, cb.ulans)) return false;
    const deaths = [...ca.deaths, ...cb.deaths];
    if (deathTolerance !== undefined && deaths.length > 0 && Math.max(...deaths) - Math.min(...deaths) > deathTolerance) return false;
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra];
    this.parent.set(child, root);
    this.comp.set(root, {
      qids: new Set([...ca.qids, ...cb.qids]),
      ulans: new Set([...ca.ulans, ...cb.ulans]),
      deaths,
    });
    this.comp.delete(child);
    return true;
  }
}

function artistIdFor(mergeKey: string): string {
  return `art_${createHash('sha256').update(mergeKey).digest('hex').slice(0, 10)}`;
}

function within(a: number | null, b: number | null, tol: number): boolean {
  return a == null || b == null || Math.abs(a - b) <= tol;
}

export function mergeArtists(input: SourceArtist[], options: ArtistMergeOptions): ArtistMergeResult {
  const deathTol = options.deathTolerance ?? 2;
  const birthTol = options.birthTolerance ?? 20;
  const idDeathTol = options.idDeathTolerance ?? 10;
  const records = foldByKey(input.filter((r) => r.name && !isNonPersonName(r.name)));
  const sortedKeys = [...records.keys()].sort();
  const uf = new UnionFind(records);

  // 2. explicit links
  for (const k of sortedKeys) {
    for (const link of records.get(k)?.links ?? []) if (records.has(link)) uf.union(k, link);
  }
  // 3. shared authority ids
  for (const idName of ['wikidata', 'ulan'] as const) {
    const first = new Map<string, string>();
    for (const k of sortedKeys) {
      const id = records.get(k)?.ids[idName];
      if (!id) continue;
      const f = first.get(id);
      if (f) uf.union(f, k, idDeathTol);
      else first.set(id, k);
    }
  }
  // 4. same name form and agreeing dates
  const byForm = new Map<string, string[]>();
  for (const k of sortedKeys) {
    const r = records.get(k) as SourceArtist;
    if (r.death_year == null) continue;
    for (const f of matchForms(r)) {
      const list = byForm.get(f);
      if (list) list.push(k);
      else byForm.set(f, [k]);
    }
  }
  for (const [form, keys] of [...byForm.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (keys.length < 2) continue;
    // A one-word form ("Rembrandt") is only trusted with an identical death year.
    const tol = form.includes(' ') ? deathTol : 0;
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        const a = records.get(keys[i]) as SourceArtist;
        const b = records.get(keys[j]) as SourceArtist;
        if (within(a.death_year, b.death_year, tol) && within(a.birth_year, b.birth_year, birthTol)) uf.union(a.key, b.key, deathTol);
      }
    }
  }
  // 5. compatible names (initials), identical dates
  const bySurname = new Map<string, string[]>();
  for (const k of sortedKeys) {
    const r = records.get(k) as SourceArtist;
    if (r.death_year == null) continue;
    const surnames = new Set<string>();
    for (const n of [r.name, ...r.names]) {
      const p = nameParts(n);
      if (p) surnames.add(`${p.surname}|${r.death_year}`);
    }
    for (const s of surnames) {
      const list = bySurname.get(s);
      if (list) list.push(k);
      else bySurname.set(s, [k]);
    }
  }
  for (const [, keys] of [...bySurname.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        const a = records.get(keys[i]) as SourceArtist;
        const b = records.get(keys[j]) as SourceArtist;
        if (uf.find(a.key) === uf.find(b.key)) continue;
        if (a.birth_year != null && b.birth_year != null && a.birth_year !== b.birth_year) continue;
        const compatible = [a.name, ...a.names].some((x) => [b.name, ...b.names].some((y) => namesCompatible(x, y)));
        // Forenames spelt another way: only with both life dates known and identical.
        const variant =
          !compatible &&
          a.birth_year != null &&
          a.birth_year === b.birth_year &&
          [a.name, ...a.names].some((x) => [b.name, ...b.names].some((y) => forenameSpellingVariants(x, y)));
        if (compatible || variant) uf.union(a.key, b.key, deathTol);
      }
    }
  }

  // 6. same name without titles, identical birth and death years
  const byUntitled = new Map<string, string[]>();
  for (const k of sortedKeys) {
    const r = records.get(k) as SourceArtist;
    if (r.death_year == null || r.birth_year == null) continue;
    for (const f of untitledForms(r)) {
      const key = `${f}|${r.birth_year}|${r.death_year}`;
      const list = byUntitled.get(key);
      if (list) list.push(k);
      else byUntitled.set(key, [k]);
    }
  }
  for (const [, keys] of [...byUntitled.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (let i = 0; i < keys.length; i++) for (let j = i + 1; j < keys.length; j++) uf.union(keys[i] as string, keys[j] as string, deathTol);
  }

  // Components
  const members = new Map<string, SourceArtist[]>();
  for (const k of sortedKeys) {
    const root = uf.find(k);
    const list = members.get(root);
    const r = records.get(k) as SourceArtist;
    if (list) list.push(r);
    else members.set(root, [r]);
  }

  const artists: MergedArtist[] = [];
  const byKey = new Map<string, string>();
  let uncovered = 0;
  const seenIds = new Map<string, string>();
  for (const group of members.values()) {
    const ordered = [...group].sort((x, y) => rank(x.source) - rank(y.source) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    const known = ordered.filter((r) => r.death_year != null && r.source !== 'wikidata');
    const realDeath = known.find((r) => (r.death_basis ?? 'death') === 'death')?.death_year;
    const floruit = known.find((r) => r.death_basis === 'floruit')?.death_year;
    const death =
      realDeath ?? (floruit != null && floruit <= options.maxDeathYear - FLORUIT_MARGIN_YEARS ? floruit : null);
    if (death == null || death > options.maxDeathYear) {
      uncovered += group.length;
      continue;
    }
    const birth = ordered.find((r) => r.birth_year != null)?.birth_year ?? null;
    const ids: ArtistIds = {};
    for (const idName of ['wikidata', 'ulan', 'tate', 'nga', 'cmoa'] as const) {
      const values = ordered.map((r) => r.ids[idName]).filter((v): v is string => !!v);
      if (values.length > 0) ids[idName] = [...values].sort()[0];
    }
    const mergeKey = ids.wikidata
      ? `wikidata:${ids.wikidata}`
      : ids.ulan
        ? `ulan:${ids.ulan}`
        : (ordered.find((r) => r.source === 'tate') ?? ordered.find((r) => r.source === 'nga') ?? ordered[0]).key;
    const artist_id = artistIdFor(mergeKey);
    const clash = seenIds.get(artist_id);
    if (clash) throw new Error(`artist id collision: ${artist_id} for ${mergeKey} and ${clash}`);
    seenIds.set(artist_id, mergeKey);
    // Every reader gives `name` in natural order already (NGA's forward name, Tate's display
    // name, CMOA's name): an inner comma is part of the name ("Frederic, Lord Leighton").
    const name = stripParenthetical(ordered[0].name);
    const source_names: string[] = [];
    for (const r of ordered) for (const n of [r.name, ...r.names]) if (!source_names.includes(n)) source_names.push(n);
    artists.push({ artist_id, name, source_names, birth_year: birth, death_year: death, ids, keys: group.map((r) => r.key) });
    for (const r of group) byKey.set(r.key, artist_id);
  }
  artists.sort((a, b) => (a.artist_id < b.artist_id ? -1 : 1));

  // Name resolution over the source-given forms only (never generated ones).
  const formIndex = new Map<string, Set<string>>();
  for (const a of artists) {
    for (const f of matchForms({ name: a.name, names: a.source_names })) {
      const set = formIndex.get(f);
      if (set) set.add(a.artist_id);
      else formIndex.set(f, new Set([a.artist_id]));
    }
  }
  const bySurnameIndex = new Map<string, MergedArtist[]>();
  for (const a of artists) {
    const surnames = new Set<string>();
    for (const n of [a.name, ...a.source_names]) {
      const p = nameParts(n);
      if (p) surnames.add(p.surname);
    }
    for (const sn of surnames) {
      const list = bySurnameIndex.get(sn);
      if (list) list.push(a);
      else bySurnameIndex.set(sn, [a]);
    }
  }
  const resolveName = (n: string): string | undefined => {
    const forms = matchForms({ name: n, names: [] });
    const hits = new Set<string>();
    for (const f of forms) for (const id of formIndex.get(f) ?? []) hits.add(id);
    if (hits.size > 0) return hits.size === 1 ? [...hits][0] : undefined;
    // No exact form: one artist whose name is compatible ("J. M. W. Turner").
    const p = nameParts(n);
    if (!p) return undefined;
    const compatible = new Set<string>();
    for (const a of bySurnameIndex.get(p.surname) ?? []) {
      if ([a.name, ...a.source_names].some((x) => namesCompatible(n, x))) compatible.add(a.artist_id);
    }
    return compatible.size === 1 ? [...compatible][0] : undefined;
  };

  const byId = new Map(artists.map((a) => [a.artist_id, a]));
  return { artists, byKey, byId, resolveName, uncovered };
}

const NAME_SUFFIX_TAIL = new Set(['jr', 'sr', 'junior', 'senior', 'bt', 'bart', 'ra', 'pra', 'r a', 'r h a', 'the elder', 'the younger', 'i', 'ii', 'iii', 'iv']);

/**
 * Forms generated from the display name: without parenthesis or honorific ("Joshua Reynolds"),
 * without a comma tail ("Heneage Finch, Fourth Earl of Aylesford" -> "Heneage Finch"), and the
 * initials forms ("J. M. W. Turner", "J.M.W. Turner"). Source names are aliases as given and
 * are not rewritten: a comma in them may be an inversion or a title.
 */
function generatedForms(a: MergedArtist): string[] {
  const bases = [a.name];
  let initialsBases = [a.name];
  const comma = a.name.indexOf(',');
  if (comma > 0) {
    const head = a.name.slice(0, comma).trim();
    const tail = foldText(a.name.slice(comma + 1));
    const headOk = nameWordCount(head) >= 2;
    if (headOk) bases.push(head);
    initialsBases = NAME_SUFFIX_TAIL.has(tail) ? [a.name] : headOk ? [head] : [];
  }
  // Initials of the other source forms that end with the same surname ("Rembrandt Harmensz. van
  // Rijn" -> "R. H. van Rijn"): the same person, written as another source writes him.
  const surname = nameWordCount(a.name) >= 2 ? lastWord(a.name) : '';
  for (const n of a.source_names) {
    const natural = naturalOrder(n);
    if (surname !== '' && natural !== a.name && !natural.includes(',') && lastWord(natural) === surname) initialsBases.push(natural);
  }
  const out: string[] = [];
  for (const n of bases) out.push(stripParenthetical(n), stripHonorific(stripParenthetical(n)));
  for (const n of initialsBases) out.push(...initialsForms(n), ...initialsForms(stripHonorific(n)));
  return out;
}

/**
 * The shipped artists with their aliases: source forms (inverted names, alternative names,
 * labels, cited names), then generated forms (honorific or parenthesis dropped, initials).
 * Aliases are deduplicated by `normaliseName`; the alias sharing the name's key is kept once
 * (the inverted form, e.g. "Turner, Joseph Mallord William"). A one-word alias is dropped when it
 * is the artist's bare surname or is shared (as a surname or one-word name) with another artist;
 * a generated alias is dropped when another artist has the same name form.
 */
export function finaliseArtists(merged: MergedArtist[]): CorpusArtist[] {
  const ownForms = new Map<string, Set<string>>();
  const oneWordOwners = new Map<string, Set<string>>();
  const addOwner = (m: Map<string, Set<string>>, k: string, id: string) => {
    const s = m.get(k);
    if (s) s.add(id);
    else m.set(k, new Set([id]));
  };
  for (const a of merged) {
    for (const n of [a.name, ...a.source_names]) {
      const k = nameKey(n);
      if (!k) continue;
      addOwner(ownForms, k, a.artist_id);
      if (!k.includes(' ')) addOwner(oneWordOwners, k, a.artist_id);
    }
    if (nameWordCount(a.name) >= 2) addOwner(oneWordOwners, lastWord(a.name), a.artist_id);
  }
  const sharedWithOther = (m: Map<string, Set<string>>, k: string, id: string) => [...(m.get(k) ?? [])].some((o) => o !== id);

  // Generated forms claimed by more than one artist ("R. Peale": Raphaelle and Rembrandt) are ambiguous.
  const generatedOwners = new Map<string, Set<string>>();
  for (const a of merged) for (const g of generatedForms(a)) addOwner(generatedOwners, nameKey(g), a.artist_id);

  return merged.map((a) => {
    const aliases: string[] = [];
    const seen = new Set<string>();
    const nameWords = nameWordCount(a.name);
    const surname = nameWords >= 2 ? lastWord(a.name) : '';
    const consider = (alias: string, generated: boolean) => {
      const text = alias.replace(/\s+/g, ' ').trim();
      if (!text || text === a.name) return;
      const k = nameKey(text);
      if (!k || seen.has(k)) return;
      if (!k.includes(' ')) {
        if (k === surname) return;
        if (sharedWithOther(oneWordOwners, k, a.artist_id)) return;
      }
      if (generated && (sharedWithOther(ownForms, k, a.artist_id) || sharedWithOther(generatedOwners, k, a.artist_id))) return;
      seen.add(k);
      aliases.push(text);
    };
    // Inverted source forms first, so that the one alias allowed to share the name's key is one.
    const sourceNames = [...a.source_names].sort((x, y) => Number(!x.includes(',')) - Number(!y.includes(',')));
    for (const n of sourceNames) consider(n, false);
    for (const g of generatedForms(a)) consider(g, true);
    const artist: CorpusArtist = {
      artist_id: a.artist_id,
      name: a.name,
      aliases,
      birth_year: a.birth_year,
      death_year: a.death_year,
      ids: a.ids as Record<string, string>,
    };
    return artist;
  });
}
