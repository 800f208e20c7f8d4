/**
 * Nationalmuseum Sweden extract (CC0): `nationalmuseum_paintings.ndjson`, LIDO records of 5,334
 * paintings supplied for the Wikidata import (2016). See docs/corpus-mapping.md and ADR 0032.
 *
 * - Titles: the English title is the work's title when there is one, the Swedish title an
 *   alternate title (and the title when there is no English one); `title_other` another alternate.
 * - Creators: Swedish roles and qualifiers (`nmQualifier`), the English note on the name
 *   ("Placido Costanzi (Earlier attributed to)") read too; "Tidigare attribution" is a former
 *   attribution. "d.ä." and "d.y." are "the Elder" and "the Younger".
 * - Artists: LIDO gives no life dates, so no Nationalmuseum artist record is made. Every
 *   attribution is by name only and the work merger resolves it to the one covered artist of
 *   the other sources with that name form (and a life the work's year fits), or leaves it out.
 * - The object: a painting (or, by its technique, a pastel or gouache: a drawing), its technique
 *   and date as written, in the collection of Nationalmuseum, Stockholm. The extract gives no
 *   dimensions.
 */
import { join } from 'node:path';
import type { Claim } from '../../core/attestation/corpus/corpus.model.js';
import { foldText } from '../../core/attestation/matching/normalise.js';
import { attributionSentence, claim } from './claims.js';
import { isNonPersonName } from './names.js';
import { readNdjson } from './ndjson.js';
import { fieldText, objectTypeOf, workObject } from './objects.js';
import { nmQualifier, qualifierPhrase } from './qualifiers.js';
import type { SourceAttribution, SourceReadResult, SourceWork } from './source.model.js';

interface NmCreator {
  name: string;
  nm_actor_id?: string;
  role_sv?: string | null;
  attribution_qualifier_sv?: string | null;
}

interface NmRecord {
  source_ref: string;
  record_id: string;
  title_sv?: string | null;
  title_en?: string | null;
  title_other?: Record<string, string> | null;
  object_work_type_sv?: string | null;
  creators?: NmCreator[];
  date_display_en?: string | null;
  technique_sv?: string | null;
}

const SOURCE = 'import:nationalmuseum' as const;
export const NM_HOLDER = 'Nationalmuseum';
const COLLECTION = 'Nationalmuseum, Stockholm';

/** Names that are no artist: "Okänd" (unknown), "Bassanernas ateljé" (the Bassanos' studio). */
const NM_NON_PERSON = /^(okänd|okand|anonym|oidentifierad)(?!\p{L})|(?<!\p{L})(ateljé|atelje|verkstad|skola|krets)(?!\p{L})/iu;

/** A Nationalmuseum name: the English note split off, "d.ä."/"d.y." spelt in English. */
export function nmName(raw: string): { name: string; note: string | null; other: string | null } {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(raw.trim());
  let name = (m ? m[1] : raw).trim();
  let note = m ? (m[2] as string).trim() : null;
  let other: string | null = null;
  // "(eg. Johan Axel Gustaf Andersson)": the artist's real name; "(kallad Cabel)": a byname. Not
  // used to resolve the artist: a second name could resolve to another artist than the first.
  if (note !== null && /^(eg\.|egentligen|kallad)\s/i.test(note)) {
    other = note.replace(/^(eg\.|egentligen|kallad)\s+/i, '').trim();
    note = null;
  }
  name = name
    .replace(/\s+d\.\s?ä\.?$/iu, ' the Elder')
    .replace(/\s+d\.\s?y\.?$/iu, ' the Younger')
    .replace(/\s+/g, ' ')
    .trim();
  return { name, note, other };
}

/** The year a record dates its painting to, when it gives exactly one ("Sign. 1885", "Executed 1690"). */
export function nmYear(dateText: string | null): number | undefined {
  if (dateText === null || /talet/i.test(dateText)) return undefined;
  const years = [...new Set(dateText.match(/\b1[0-9]{3}\b/g) ?? [])];
  return years.length === 1 ? Number.parseInt(years[0] as string, 10) : undefined;
}

/** `wrk_nm_` + the inventory number folded: "NM 1106" -> "wrk_nm_nm_1106". */
export function nmWorkId(inventoryNumber: string): string {
  return `wrk_nm_${foldText(inventoryNumber).replace(/ /g, '_')}`;
}

function titleOther(value: NmRecord['title_other']): string[] {
  if (value === null || value === undefined || typeof value !== 'object') return [];
  return Object.values(value).filter((t): t is string => typeof t === 'string' && t.trim() !== '');
}

export async function readNationalmuseum(dir: string): Promise<SourceReadResult> {
  const works: SourceWork[] = [];
  const usedIds = new Set<string>();
  let recordsRead = 0;
  for await (const r of readNdjson<NmRecord>(join(dir, 'nationalmuseum_paintings.ndjson'))) {
    recordsRead++;
    const en = fieldText(r.title_en);
    const sv = fieldText(r.title_sv);
    const title = en ?? sv;
    if (!r.record_id || title === null) continue;
    const ref = `${NM_HOLDER} ${r.record_id}`;
    const attributions: SourceAttribution[] = [];
    const claims: Claim[] = [];
    for (const c of r.creators ?? []) {
      if (!c.name) continue;
      const { name, note } = nmName(c.name);
      if (name === '' || NM_NON_PERSON.test(name) || isNonPersonName(name)) continue;
      const mapped = nmQualifier(c.role_sv, c.attribution_qualifier_sv, note);
      if (mapped === null) continue;
      const display = mapped.qualifier === 'firm' ? name : `${qualifierPhrase(mapped.qualifier)} ${name}`;
      attributions.push({ artist_name: name, qualifier: mapped.qualifier, current: mapped.current, display });
      claims.push(claim('authentication', 'attribution', attributionSentence(NM_HOLDER, display, mapped.qualifier, ref), SOURCE, r.source_ref));
    }
    claims.push(claim('provenance', 'inventory_number', `${COLLECTION} holds this painting as inventory number ${r.record_id} (${ref}).`, SOURCE, r.source_ref));
    let workId = nmWorkId(r.record_id);
    for (let n = 2; usedIds.has(workId); n++) workId = `${nmWorkId(r.record_id)}_${n}`;
    usedIds.add(workId);
    const medium = fieldText(r.technique_sv);
    const date = fieldText(r.date_display_en);
    const year = nmYear(date);
    works.push({
      work_id: workId,
      source: SOURCE,
      source_ref: r.source_ref,
      title,
      title_aliases: [...(en !== null && sv !== null ? [sv] : []), ...titleOther(r.title_other)],
      inventory_numbers: [ref, r.record_id],
      attributions,
      claims,
      ...(year !== undefined ? { year } : {}),
      object: workObject({ object_type: objectTypeOf('painting', medium), medium, date, dimensions: null, collection: COLLECTION }),
    });
  }
  return {
    info: { tag: SOURCE, name: 'Nationalmuseum Sweden, LIDO records for the Wikidata import (2016)', licence: 'CC0 1.0 Universal' },
    records_read: recordsRead,
    artists: [],
    works,
  };
}
