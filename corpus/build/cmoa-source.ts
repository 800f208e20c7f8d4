/**
 * Carnegie Museum of Art extract (CC0; modified from the CMOA dataset, see corpus/NOTICE.md).
 * Provenance texts become one `ownership_event` claim per entry of the chain, in the record's
 * order (Lugt marks and dealers in parentheses kept); entries naming a sale or a dealer, and
 * notes giving a price, become `market` claims; mentions of restoration or damage `condition`
 * claims. The full text is not shipped: its entries say the same, and its notes are mined.
 */
import { join } from 'node:path';
import type { Claim } from '../../core/attestation/corpus/corpus.model.js';
import { foldText } from '../../core/attestation/matching/normalise.js';
import { attributionSentence, claim, mentionsCondition, quote, truncateText } from './claims.js';
import { isNonPersonName } from './names.js';
import { readNdjson } from './ndjson.js';
import { cmoaDimensions, cmoaObjectType, fieldText, workObject } from './objects.js';
import { marketKind, pricedNotes, splitProvenance } from './provenance.js';
import { cmoaRoleQualifier, qualifierPhrase } from './qualifiers.js';
import type { SourceArtist, SourceAttribution, SourceReadResult, SourceWork } from './source.model.js';

interface CmoaCreator {
  cmoa_party_id: string;
  name: string;
  cited_name?: string;
  role?: string | null;
  party_type?: string;
  birth_date?: string;
  death_date?: string;
}

interface CmoaRecord {
  source_ref: string;
  accession_number: string;
  title: string;
  creators?: CmoaCreator[];
  credit_line?: string;
  date_acquired?: string;
  provenance_text?: string;
  creation_date?: string;
  classification?: string;
  medium?: string;
  item_width_in?: number | null;
  item_height_in?: number | null;
  item_depth_in?: number | null;
  item_diameter_in?: number | null;
}

const SOURCE = 'import:cmoa' as const;
const HOLDER = 'Carnegie Museum of Art';
/** Entries of one chain shipped at most (the longest CMOA chain has 25). */
const MAX_ENTRIES = 40;
const MAX_PRICED_NOTES = 3;
const MAX_CONDITION_NOTES = 2;

/**
 * Claims of a provenance text: each entry of the chain in order ("entry 2 of 5"), market claims
 * for entries naming a sale or a dealer and for notes giving a price, condition claims.
 */
export function provenanceClaims(text: string, ref: string, url: string): Claim[] {
  const { entries, notes } = splitProvenance(text);
  const out: Claim[] = [];
  const shown = entries.slice(0, MAX_ENTRIES);
  shown.forEach((entry, i) => {
    const where = `${ref}, entry ${i + 1} of ${entries.length}`;
    out.push(claim('provenance', 'ownership_event', `${HOLDER} provenance (${where}): ${truncateText(entry, 400)}.`, SOURCE, url));
    const market = marketKind(entry);
    if (market === 'sale') out.push(claim('market', 'sale', `${HOLDER} provenance names a sale (${where}): ${quote(entry)}.`, SOURCE, url));
    if (market === 'dealer') out.push(claim('market', 'dealer', `${HOLDER} provenance names a dealer (${where}): ${quote(entry)}.`, SOURCE, url));
  });
  for (const note of pricedNotes(notes).slice(0, MAX_PRICED_NOTES)) {
    out.push(claim('market', 'sale', `${HOLDER} provenance notes give a price (${ref}): ${quote(note)}.`, SOURCE, url));
  }
  for (const text of [...entries, ...notes].filter(mentionsCondition).slice(0, MAX_CONDITION_NOTES)) {
    out.push(claim('condition', 'condition_note', `${HOLDER} provenance notes (${ref}): ${quote(text)}.`, SOURCE, url));
  }
  return out;
}

/**
 * CMOA gives years only, with no text to tell a life from a span of activity: a "birth" and
 * "death" under this many years apart are a studio's or a print series' years of activity
 * (the photographic studio "Rembrandt", 1916–1919), so the end year counts as a floruit.
 */
export const CMOA_MIN_LIFE_YEARS = 15;

/** The death fields of a CMOA creator's years (see `CMOA_MIN_LIFE_YEARS`). */
export function cmoaDeath(birth: number | null, death: number | null): Pick<SourceArtist, 'death_year' | 'death_basis'> {
  if (death == null) return { death_year: null };
  const activity = birth != null && death - birth < CMOA_MIN_LIFE_YEARS;
  return { death_year: death, death_basis: activity ? 'floruit' : 'death' };
}

function yearOf(date: string | undefined): number | null {
  const m = /^(-?\d{1,4})/.exec(date ?? '');
  return m ? Number.parseInt(m[1], 10) : null;
}

/** `wrk_cmoa_` + the accession number folded: "56.55.4.43.A-B" -> "wrk_cmoa_56_55_4_43_a_b". */
export function cmoaWorkId(accession: string): string {
  return `wrk_cmoa_${foldText(accession).replace(/ /g, '_')}`;
}

/** The object a CMOA record describes: classification, medium, date, dimensions in inches. */
export function cmoaObject(r: CmoaRecord) {
  const medium = fieldText(r.medium);
  return workObject({ object_type: cmoaObjectType(r.classification, medium), medium, date: fieldText(r.creation_date), dimensions: cmoaDimensions(r), collection: HOLDER });
}

export async function readCmoa(dir: string): Promise<SourceReadResult> {
  const artists = new Map<string, SourceArtist>();
  const works: SourceWork[] = [];
  const usedIds = new Set<string>();
  let recordsRead = 0;

  for await (const r of readNdjson<CmoaRecord>(join(dir, 'cmoa_artworks.ndjson'))) {
    recordsRead++;
    if (!r.accession_number || !r.title) continue;
    const ref = `CMOA ${r.accession_number}`;
    const attributions: SourceAttribution[] = [];
    const claims: Claim[] = [];
    for (const c of r.creators ?? []) {
      if (c.party_type !== 'Person' || !c.name || isNonPersonName(c.name)) continue;
      const mapped = cmoaRoleQualifier(c.role);
      if (!mapped) continue;
      const key = `cmoa:${c.cmoa_party_id}`;
      if (!artists.has(key)) {
        artists.set(key, {
          key,
          source: 'cmoa',
          name: c.name,
          names: c.cited_name && c.cited_name !== c.name ? [c.cited_name] : [],
          birth_year: yearOf(c.birth_date),
          ...cmoaDeath(yearOf(c.birth_date), yearOf(c.death_date)),
          ids: { cmoa: c.cmoa_party_id.replace(/^cmoa:parties\//, '') },
        });
      } else {
        const known = artists.get(key) as SourceArtist;
        for (const n of [c.name, c.cited_name]) if (n && n !== known.name && !known.names.includes(n)) known.names.push(n);
      }
      const display = mapped.qualifier === 'firm' ? c.name : `${qualifierPhrase(mapped.qualifier)} ${c.name}`;
      attributions.push({ artist_key: key, artist_name: c.name, qualifier: mapped.qualifier, current: mapped.current, display });
      claims.push(
        claim('authentication', 'attribution', attributionSentence(HOLDER, display, mapped.qualifier, ref), SOURCE, r.source_ref),
      );
    }
    if (r.credit_line) {
      claims.push(claim('provenance', 'credit_line', `${HOLDER} credit line: ${r.credit_line} (${ref}).`, SOURCE, r.source_ref));
    }
    if (r.date_acquired) {
      claims.push(
        claim('provenance', 'acquisition', `${HOLDER} acquired this work on ${r.date_acquired} (${ref}).`, SOURCE, r.source_ref),
      );
    }
    const prov = r.provenance_text?.trim();
    if (prov) claims.push(...provenanceClaims(prov, ref, r.source_ref));
    let workId = cmoaWorkId(r.accession_number);
    for (let n = 2; usedIds.has(workId); n++) workId = `${cmoaWorkId(r.accession_number)}_${n}`;
    usedIds.add(workId);
    works.push({
      work_id: workId,
      source: SOURCE,
      source_ref: r.source_ref,
      title: r.title,
      title_aliases: [],
      inventory_numbers: [ref, r.accession_number],
      attributions,
      claims,
      object: cmoaObject(r),
    });
  }

  return {
    info: { tag: SOURCE, name: 'Carnegie Museum of Art collection data (2017)', licence: 'CC0 1.0 Universal' },
    records_read: recordsRead,
    artists: [...artists.values()],
    works,
  };
}
