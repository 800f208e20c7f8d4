/**
 * National Gallery of Art (Washington) open data (CC0), partial: the artist authority
 * (`nga_constituents.csv`), the attribution history (`nga_attribution_history.ndjson`)
 * and the Van Gogh Worldwide export (`vgww/`).
 *
 * NGA's `objects.csv` (titles) is missing, so only objects with a title somewhere become
 * works: those with `previous_titles` (the titles NGA recorded for them; the first by display
 * order is the work's title, the others aliases) and the 12 VGWW records. The 2021
 * object→artist links give the current attribution; `previous_attributions` give former ones.
 */
import { join } from 'node:path';
import type { Claim, Qualifier } from '../../core/attestation/corpus/corpus.model.js';
import { attributionSentence, claim, mentionsCondition, quote, truncateText } from './claims.js';
import { readCsvRecords } from './csv.js';
import { isNonPersonName } from './names.js';
import { readNdjson } from './ndjson.js';
import { chainText, marketKind, pricedNotes, splitProvenance } from './provenance.js';
import { ngaQualifier, qualifierPhrase } from './qualifiers.js';
import { foldText } from '../../core/attestation/matching/normalise.js';
import type { SourceArtist, SourceAttribution, SourceReadResult, SourceWork } from './source.model.js';

interface NgaArtistLink {
  constituentid: string;
  name: string;
  prefix?: string | null;
  role?: string | null;
  suffix?: string | null;
  life?: string | null;
  end_year?: number | null;
  ulan?: string | null;
  wikidata?: string | null;
}

interface NgaRecord {
  source_ref: string;
  objectid: number;
  current_artists_2021?: NgaArtistLink[];
  donors_sources_2021?: { name: string; role: string; year: number | null }[];
  previous_attributions?: { text: string; remarks?: string | null; effective_date?: string | null; display_order?: number }[];
  previous_titles?: { text: string; remarks?: string | null; effective_date?: string | null; display_order?: number }[];
  old_accession_numbers?: string[];
}

const SOURCE = 'import:nga' as const;
const HOLDER = 'The National Gallery of Art';
/** Vincent van Gogh's ULAN id: the artist of De la Faille's catalogue, whose rejected works VGWW lists. */
const VAN_GOGH_ULAN = '500337743';
const VAN_GOGH_KEY = `nga:vgww:ulan:${VAN_GOGH_ULAN}`;
const VGWW_REF =
  'https://github.com/NationalGalleryOfArt/opendata/blob/dbbd80a11a540584555fd0fedba5aca50e889144/projects/vgww/data/object-details.csv';

/**
 * The death year NGA's display date supports, with its basis:
 * - "Dutch, 1606 - 1669", "German, died 1573", "Ferrarese, 1432 - after 1506": a death (approximate
 *   forms included);
 * - "Netherlandish, active c. 1465 - 1494", "Venetian, active 1420/1462": a floruit whose end is documented;
 * - "French, born 1736", "American, active 1827", "British, 18th century": nothing (NGA's
 *   `endyear` is then an estimate, e.g. birth + 80).
 */
export function ngaDeath(
  displayDate: string | null | undefined,
  endYear: number | null,
): { year: number; basis: 'death' | 'floruit' } | null {
  const d = (displayDate ?? '').trim();
  const died = /\bdied\b[^0-9]*(\d{3,4})/i.exec(d);
  if (died) return { year: endYear ?? Number.parseInt(died[1], 10), basis: 'death' };
  const segments = d.split(',').map((s) => s.trim());
  const last = segments[segments.length - 1] ?? '';
  // "active 1420/1462": documented activity between two years.
  const slash = /^active\s+(?:c\.\s*)?\d{3,4}\s*\/\s*(\d{3,4})$/i.exec(last);
  if (slash) return { year: Number.parseInt(slash[1], 10), basis: 'floruit' };
  const m = /^(.*?)\s*-\s*(.*)$/.exec(last);
  if (!m) return null;
  const [, left, right] = m;
  const years = [...right.matchAll(/\d{3,4}/g)].map((x) => Number.parseInt(x[0], 10));
  if (years.length === 0) return null;
  // NGA's endyear when the text shows it, else the latest year the text gives.
  const year = endYear != null && years.includes(endYear) ? endYear : Math.max(...years);
  const floruit = /^active\b/i.test(left) || /^active\b/i.test(right);
  return { year, basis: floruit ? 'floruit' : 'death' };
}

function deathFields(d: { year: number; basis: 'death' | 'floruit' } | null): Pick<SourceArtist, 'death_year' | 'death_basis'> {
  return d ? { death_year: d.year, death_basis: d.basis } : { death_year: null };
}

function year(v: string | number | null | undefined): number | null {
  if (v == null || v === '') return null;
  const n = typeof v === 'number' ? v : Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : null;
}

const PREV_PREFIX =
  /^(formerly attributed to|attributed to|workshop of|studio of|circle of|follower of|followers of|style of|manner of|in the manner of|imitator of|school of|copy after|after|possibly|probably|and|or)\s+/i;

/**
 * Artist names in a previous-attribution text: "Carel Fabritius and Workshop of Rembrandt van Rijn"
 * -> ["Carel Fabritius", "Rembrandt van Rijn"]. Anonymous or school forms give nothing.
 */
export function previousAttributionNames(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/\s+(?:and|or|with)\s+|\s*;\s*/i)) {
    let p = part.trim();
    for (let k = 0; k < 3; k++) p = p.replace(PREV_PREFIX, '').trim();
    p = p.replace(/\s*\(\?\)\s*$/, '').replace(/\?$/, '').trim();
    if (p.length < 3 || isNonPersonName(p) || !/^\p{Lu}/u.test(p)) continue;
    out.push(p);
  }
  return out;
}

/** "9/29/82" or "1/23/1992" -> "1982-09-29" / "1992-01-23"; null when it is not such a date. */
export function usDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (!m) return null;
  const [month, day] = [Number(m[1]), Number(m[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const year = m[3].length === 2 ? 1900 + Number(m[3]) : Number(m[3]);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The when and why of an NGA attribution change, readable: "Bd. Tr. approval 1/23/1992" ->
 * "approved by the Board of Trustees on 1992-01-23"; "Reported to Bd. Tr. 5/4/83" -> "reported to
 * the Board of Trustees on 1983-05-04"; "Change memo 11/14/83" -> "change memo of 1983-11-14";
 * other remarks as written. The effective date is added when the remark does not give it.
 */
export function historyDetail(remarks: string | null | undefined, effectiveDate: string | null | undefined): string {
  let text = (remarks ?? '').replace(/\s+/g, ' ').trim();
  const dated = (re: RegExp, phrase: string) => {
    text = text.replace(re, (all: string, date: string) => {
      const iso = usDate(date);
      return iso ? `${phrase} ${iso}` : all;
    });
  };
  dated(/\bBd\.? ?Tr\.? approval (\d{1,2}\/\d{1,2}\/\d{2,4})/gi, 'approved by the Board of Trustees on');
  dated(/\bReported to Bd\.? ?Tr\.? (\d{1,2}\/\d{1,2}\/\d{2,4})/gi, 'reported to the Board of Trustees on');
  dated(/\bChange memo (\d{1,2}\/\d{1,2}\/\d{2,4})/gi, 'change memo of');
  const parts = text ? [text] : [];
  if (effectiveDate && !text.includes(effectiveDate)) parts.push(`effective ${effectiveDate}`);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

function linkDisplay(prefix: string, name: string, suffix: string): string {
  const p = prefix.replace(/^(and|or|,)\s*/i, '').replace(/^,\s*/, '').trim();
  return [p, name, suffix].filter((s) => s.length > 0).join(' ');
}

function ngaArtistFromCsv(row: Record<string, string>): SourceArtist | null {
  if (row.constituenttype && row.constituenttype !== 'individual') return null;
  const name = row.forwarddisplayname || row.preferreddisplayname;
  if (!name) return null;
  const alt = (row.alt_names ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    key: `nga:constituent:${row.constituentid}`,
    source: 'nga',
    name,
    names: [row.preferreddisplayname, ...alt].filter((n) => n && n !== name),
    birth_year: year(row.beginyear),
    ...deathFields(ngaDeath(row.displaydate, year(row.endyear))),
    ids: {
      nga: row.constituentid,
      ...(row.ulanid ? { ulan: row.ulanid } : {}),
      ...(row.wikidataid ? { wikidata: row.wikidataid } : {}),
    },
  };
}

export async function readNga(dir: string): Promise<SourceReadResult> {
  const artists: SourceArtist[] = [];
  let recordsRead = 0;
  for (const row of await readCsvRecords(join(dir, 'nga_constituents.csv'))) {
    recordsRead++;
    const a = ngaArtistFromCsv(row);
    if (a) artists.push(a);
  }

  const works: SourceWork[] = [];
  for await (const r of readNdjson<NgaRecord>(join(dir, 'nga_attribution_history.ndjson'))) {
    recordsRead++;
    const links = r.current_artists_2021 ?? [];
    // Artists of the links: their own life text decides the death year, as for the CSV.
    for (const l of links) {
      if (!l.constituentid || !l.name || isNonPersonName(l.name)) continue;
      artists.push({
        key: `nga:constituent:${l.constituentid}`,
        source: 'nga',
        name: l.name,
        names: [],
        birth_year: null,
        ...deathFields(ngaDeath(l.life, year(l.end_year))),
        ids: { nga: l.constituentid, ...(l.ulan ? { ulan: l.ulan } : {}), ...(l.wikidata ? { wikidata: l.wikidata } : {}) },
      });
    }
    const titles = [...(r.previous_titles ?? [])]
      .sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0))
      .map((t) => t.text.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    if (titles.length === 0) continue;

    const ref = `NGA object ${r.objectid}`;
    const attributions: SourceAttribution[] = [];
    const claims: Claim[] = [];
    const mapped = links.map((l) => ngaQualifier(l.prefix, l.role));
    // "A or B": the link before an alternative is no firmer than the alternative.
    links.forEach((l, i) => {
      const next = links[i + 1];
      const m = mapped[i];
      if (next && /^or\b/i.test((next.prefix ?? '').trim()) && m && m.qualifier === 'firm') {
        mapped[i] = { qualifier: 'possibly', current: m.current };
      }
    });
    links.forEach((l, i) => {
      const m = mapped[i];
      if (!m || !l.name || isNonPersonName(l.name)) return;
      let qualifier: Qualifier = m.qualifier;
      const suffix = (l.suffix ?? '').trim();
      if (qualifier === 'firm' && /attributed/i.test(suffix)) qualifier = 'attributed_to';
      else if (qualifier === 'firm' && /\(\?\)/.test(suffix)) qualifier = 'possibly';
      let display = linkDisplay(l.prefix ?? '', l.name, /^\(/.test(suffix) ? suffix : '');
      // A qualifier carried by the role alone ("artist after"): the display says it too.
      if (qualifier !== 'firm' && foldText(display) === foldText(l.name)) display = `${qualifierPhrase(qualifier)} ${l.name}`;
      attributions.push({
        artist_key: `nga:constituent:${l.constituentid}`,
        artist_name: l.name,
        qualifier,
        current: m.current,
        display,
      });
      claims.push(
        claim(
          'authentication',
          'attribution',
          attributionSentence(HOLDER, display, qualifier, `${ref}, 2021 data`),
          SOURCE,
          r.source_ref,
        ),
      );
    });
    const history = [...(r.previous_attributions ?? [])].sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0));
    history.forEach((p, i) => {
      claims.push(
        claim(
          'authentication',
          'attribution',
          `${HOLDER} attribution history (${ref}), ${i + 1} of ${history.length}: formerly '${p.text.replace(/\s+/g, ' ').trim()}'${historyDetail(p.remarks, p.effective_date)}.`,
          SOURCE,
          r.source_ref,
        ),
      );
      for (const name of previousAttributionNames(p.text)) {
        attributions.push({
          artist_name: name,
          qualifier: 'formerly_attributed_to',
          current: false,
          display: `formerly: ${p.text}`,
          ...(p.effective_date ? { effective_date: p.effective_date } : {}),
        });
      }
    });
    const donors = new Map<string, { roles: Set<string>; years: Set<number> }>();
    for (const d of r.donors_sources_2021 ?? []) {
      if (!d.name) continue;
      const e = donors.get(d.name) ?? { roles: new Set(), years: new Set() };
      e.roles.add(d.role);
      if (d.year) e.years.add(d.year);
      donors.set(d.name, e);
    }
    for (const [name, e] of donors) {
      const years = [...e.years].sort();
      claims.push(
        claim(
          'provenance',
          'ownership_event',
          `${HOLDER} records ${name} as ${[...e.roles].sort().join(' and ')} of this work${years.length ? ` (${years.join(', ')})` : ''} (${ref}).`,
          SOURCE,
          r.source_ref,
        ),
      );
    }
    works.push({
      work_id: `wrk_nga_${r.objectid}`,
      source: SOURCE,
      source_ref: r.source_ref,
      title: titles[0],
      title_aliases: titles.slice(1),
      inventory_numbers: [],
      attributions,
      claims,
    });
  }

  const vg = await readVgww(join(dir, 'vgww'));
  recordsRead += vg.recordsRead;
  artists.push(...vg.artists);
  works.push(...vg.works);

  return {
    info: { tag: SOURCE, name: 'National Gallery of Art, Washington (open data, partial)', licence: 'CC0 1.0 Universal' },
    records_read: recordsRead,
    artists,
    works,
  };
}

/** The Van Gogh Worldwide export: 12 full records with De la Faille numbers and provenance. */
async function readVgww(dir: string): Promise<{ recordsRead: number; artists: SourceArtist[]; works: SourceWork[] }> {
  const rows = await readCsvRecords(join(dir, 'object-details.csv'));
  const events = await readCsvRecords(join(dir, 'provenance-details.csv'));
  const artists: SourceArtist[] = [];
  const works: SourceWork[] = [];
  for (const row of rows) {
    const acc = row.Accession_no?.trim();
    if (!acc || !row.Title) continue;
    const ref = `NGA ${acc}`;
    const artistName = row.Artist.trim();
    const ulan = /ulan\/(\d+)/.exec(row.Artist_URI ?? '')?.[1];
    const key = ulan ? `nga:vgww:ulan:${ulan}` : undefined;
    if (key) {
      artists.push({ key, source: 'nga', name: artistName, names: [], birth_year: null, death_year: null, ids: { ulan } });
    }
    // De la Faille's catalogue raisonné, as the record cites it: "Faille 1970, no. 431", or
    // "Faille 1970, no. 523 (rejected work)". NGA gives its two rejected works to "Anonymous
    // Artist": the record then rejects Van Gogh as their author, a former attribution
    // (`formerly_attributed_to`, never current). A rejected work still given to a named artist
    // is at best doubtfully theirs.
    const faille = row['De-la-Faille_cat-no']?.trim() ?? '';
    const failleNo = /no\.\s*([^\s(]+)\s*(\(rejected work\))?/i.exec(faille);
    const rejected = failleNo?.[2] !== undefined;
    const anonymous = isNonPersonName(artistName);
    const vgwwAttributions: SourceAttribution[] = [];
    const claims: Claim[] = [];
    if (!anonymous) {
      const qualifier: Qualifier = rejected ? 'doubtfully_attributed_to' : 'firm';
      const display = rejected ? `${artistName} (rejected by De la Faille 1970, no. ${failleNo?.[1]})` : artistName;
      vgwwAttributions.push({ artist_key: key, artist_name: artistName, qualifier, current: true, display });
      claims.push(claim('authentication', 'attribution', attributionSentence(HOLDER, display, qualifier, ref), SOURCE, VGWW_REF));
    } else {
      claims.push(claim('authentication', 'attribution', `${HOLDER} records this work as by an anonymous artist (${ref}).`, SOURCE, VGWW_REF));
      if (rejected) {
        artists.push({ key: VAN_GOGH_KEY, source: 'nga', name: 'Vincent van Gogh', names: [], birth_year: null, death_year: null, ids: { ulan: VAN_GOGH_ULAN } });
        vgwwAttributions.push({
          artist_key: VAN_GOGH_KEY,
          artist_name: 'Vincent van Gogh',
          qualifier: 'formerly_attributed_to',
          current: false,
          display: `rejected as Vincent van Gogh by De la Faille 1970, no. ${failleNo?.[1]}`,
        });
      }
    }
    if (faille) {
      const sentence = failleNo
        ? rejected
          ? `De la Faille's 1970 catalogue raisonné of Van Gogh lists this work as no. ${failleNo[1]} among the rejected works (${ref}).`
          : `De la Faille's 1970 catalogue raisonné of Van Gogh, no. ${failleNo[1]} (${ref}).`
        : `${faille} (${ref}).`;
      claims.push(claim('authentication', 'catalogue_number', sentence, SOURCE, VGWW_REF));
    }
    if (row.Credit_line) claims.push(claim('provenance', 'credit_line', `${HOLDER} credit line: ${row.Credit_line} (${ref}).`, SOURCE, VGWW_REF));
    const prov = row.Provenance_descr?.trim();
    if (prov) {
      claims.push(claim('provenance', 'provenance_text', `${HOLDER} provenance (${ref}): ${truncateText(chainText(prov), 700)}`, SOURCE, VGWW_REF));
      const { entries, notes } = splitProvenance(prov);
      entries.forEach((entry, i) => {
        const market = marketKind(entry);
        if (market === null) return;
        const what = market === 'sale' ? 'a sale' : 'a dealer';
        claims.push(claim('market', market, `${HOLDER} provenance names ${what} (${ref}, entry ${i + 1} of ${entries.length}): ${quote(entry)}.`, SOURCE, VGWW_REF));
      });
      for (const note of pricedNotes(notes).slice(0, 3)) {
        claims.push(claim('market', 'sale', `${HOLDER} provenance notes give a price (${ref}): ${quote(note)}.`, SOURCE, VGWW_REF));
      }
      for (const text of [...entries, ...notes].filter(mentionsCondition).slice(0, 2)) {
        claims.push(claim('condition', 'condition_note', `${HOLDER} provenance notes (${ref}): ${quote(text)}.`, SOURCE, VGWW_REF));
      }
    }
    // The structured chain (provenance-details.csv), in the file's order: one event per owner.
    const chain = events.filter((ev) => ev.Object_ID === acc);
    chain.forEach((e, i) => {
      const from = e['activity-start-date']?.trim() ?? '';
      const to = e['activity-end-date']?.trim() ?? '';
      const when = from && to ? (from === to ? `, ${from}` : `, ${from}–${to}`) : from ? `, from ${from}` : to ? `, until ${to}` : '';
      const ulan = /ulan\/(\d+)/.exec(e['transferred-to_URI'] ?? '')?.[1];
      const activity = e['type-of-activity']?.trim();
      const note = e['activity-note']?.trim();
      claims.push(
        claim(
          'provenance',
          'ownership_event',
          `Van Gogh Worldwide provenance (${HOLDER}, ${ref}), owner ${i + 1} of ${chain.length}: ${e['transferred-to']}${when}` +
            `${activity ? `; ${activity}` : ''}${note ? `; ${note}` : ''}${ulan ? ` (ULAN ${ulan})` : ''}.`,
          SOURCE,
          VGWW_REF,
        ),
      );
    });
    const aliases = [
      row.Title_FR,
      row.Title_DE,
      row['Other_(former)_title'],
      row['Other_(former)_title_FR'],
      row['Other_(former)_title_DE'],
    ]
      .map((t) => (t ?? '').trim())
      .filter(Boolean);
    works.push({
      work_id: `wrk_nga_${acc.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`,
      source: SOURCE,
      source_ref: VGWW_REF,
      title: row.Title.trim(),
      title_aliases: aliases,
      inventory_numbers: [ref, acc],
      attributions: vgwwAttributions,
      claims,
    });
  }
  return { recordsRead: rows.length + events.length, artists, works };
}
