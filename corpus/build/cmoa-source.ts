/**
 * Carnegie Museum of Art extract (CC0; modified from the CMOA dataset, see corpus/NOTICE.md).
 * Full provenance texts: one `provenance_text` claim each (truncated), `sale` claims for the
 * segments that name a sale with a price, `condition_note` claims for restoration or damage.
 */
import { join } from 'node:path';
import type { Claim } from '../../core/attestation/corpus.model.js';
import { foldText } from '../../core/attestation/normalise.js';
import { attributionSentence, claim, conditionSegments, quote, saleSegments, truncateText } from './claims.js';
import { isNonPersonName } from './names.js';
import { readNdjson } from './ndjson.js';
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
}

const SOURCE = 'import:cmoa' as const;
const HOLDER = 'Carnegie Museum of Art';

function yearOf(date: string | undefined): number | null {
  const m = /^(-?\d{1,4})/.exec(date ?? '');
  return m ? Number.parseInt(m[1], 10) : null;
}

/** `wrk_cmoa_` + the accession number folded: "56.55.4.43.A-B" -> "wrk_cmoa_56_55_4_43_a_b". */
export function cmoaWorkId(accession: string): string {
  return `wrk_cmoa_${foldText(accession).replace(/ /g, '_')}`;
}

export async function readCmoa(dir: string): Promise<SourceReadResult> {
  const artists = new Map<string, SourceArtist>();
  const works: SourceWork[] = [];
  const usedIds = new Set<string>();
  let recordsRead = 0;

  for await (const r of readNdjson<CmoaRecord>(join(dir, 'cmoa_pre1900_artworks.ndjson'))) {
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
          death_year: yearOf(c.death_date),
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
    if (prov) {
      const main = prov.split(/\n\s*notes?\s*:/i)[0];
      claims.push(
        claim('provenance', 'provenance_text', `${HOLDER} provenance (${ref}): ${truncateText(main, 700)}`, SOURCE, r.source_ref),
      );
      for (const s of saleSegments(prov).slice(0, 3)) {
        claims.push(claim('market', 'sale', `${HOLDER} provenance records a sale (${ref}): ${quote(s)}`, SOURCE, r.source_ref));
      }
      for (const s of conditionSegments(prov).slice(0, 2)) {
        claims.push(
          claim('condition', 'condition_note', `${HOLDER} provenance notes (${ref}): ${quote(s)}`, SOURCE, r.source_ref),
        );
      }
    }
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
    });
  }

  return {
    info: { tag: SOURCE, name: 'Carnegie Museum of Art collection data (2017)', licence: 'CC0 1.0 Universal' },
    records_read: recordsRead,
    artists: [...artists.values()],
    works,
  };
}
