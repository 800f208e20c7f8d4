/**
 * Tate collection extract (CC0): `tate_artworks.ndjson` (streamed) and
 * `tate_artists.csv`.
 */
import { join } from 'node:path';
import type { Claim } from '../../core/attestation/corpus/corpus.model.js';
import { attributionSentence, claim } from './claims.js';
import { readCsvRecords } from './csv.js';
import { isNonPersonName, naturalOrder } from './names.js';
import { readNdjson } from './ndjson.js';
import { fieldText, tateObjectType, workObject } from './objects.js';
import { tateDisplay, tateRoleQualifier } from './qualifiers.js';
import type { SourceArtist, SourceAttribution, SourceReadResult, SourceWork } from './source.model.js';

interface TateContributor {
  tate_artist_id?: number;
  name: string;
  role?: string;
  death_year?: number;
}

interface TateRecord {
  source_ref: string;
  accession_number: string;
  title: string;
  foreign_title?: string;
  all_artists?: string;
  contributors?: TateContributor[];
  credit_line?: string;
  acquisition_year?: number;
  finberg_number?: string;
  date_text?: string;
  classification?: string;
  medium?: string;
  dimensions?: string;
}

const SOURCE = 'import:tate' as const;

/**
 * Tate's `dates`: "1775–1851", "c.1790–c.1830", "1742–after 1828" give a death; "active 1787–1808"
 * and "exhibited 1800–1820" a documented floruit; "active 1800" or "19th century" nothing.
 */
export function tateDeathBasis(dates: string): 'death' | 'floruit' | null {
  const d = dates.trim().toLowerCase();
  if (d === '' || !/[–-]/.test(d)) return null;
  if (/century/.test(d) && !/\d{4}/.test(d)) return null;
  if (/^(active|exhibited|fl\.?|floruit)\b/.test(d)) return 'floruit';
  return 'death';
}

function toYear(s: string | undefined | null): number | null {
  if (!s) return null;
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) ? n : null;
}

/** Title aliases Tate gives or implies: the foreign title; the recto part of "Recto. Verso: …". */
export function tateTitleAliases(title: string, foreignTitle?: string): string[] {
  const out: string[] = [];
  if (foreignTitle && foreignTitle.trim()) out.push(foreignTitle.trim());
  const m = /^(.+?)\s*\.?\s*Verso\s*:/.exec(title);
  if (m) {
    const recto = m[1].replace(/[.\s]+$/, '').trim();
    if (recto.length > 0 && !recto.startsWith('[')) out.push(recto);
  }
  return out;
}

/** The object a Tate record describes: classification, medium, date, dimensions. */
export function tateObject(r: Pick<TateRecord, 'classification' | 'medium' | 'date_text' | 'dimensions'>) {
  const medium = fieldText(r.medium);
  return workObject({ object_type: tateObjectType(r.classification, medium), medium, date: fieldText(r.date_text), dimensions: fieldText(r.dimensions), collection: 'Tate' });
}

export async function readTate(dir: string): Promise<SourceReadResult> {
  const artists = new Map<string, SourceArtist>();

  for (const row of await readCsvRecords(join(dir, 'tate_artists.csv'))) {
    const key = `tate:artist:${row.tate_artist_id}`;
    artists.set(key, {
      key,
      source: 'tate',
      name: naturalOrder(row.name),
      names: [row.name],
      birth_year: toYear(row.year_of_birth),
      ...(() => {
        const basis = tateDeathBasis(row.dates);
        const y = toYear(row.year_of_death);
        return basis && y != null ? { death_year: y, death_basis: basis } : { death_year: null };
      })(),
      ids: { tate: String(row.tate_artist_id) },
    });
  }

  const works: SourceWork[] = [];
  let recordsRead = 0;
  for await (const r of readNdjson<TateRecord>(join(dir, 'tate_artworks.ndjson'))) {
    recordsRead++;
    const acno = r.accession_number;
    const ref = `Tate ${acno}`;
    const attributions: SourceAttribution[] = [];
    const claims: Claim[] = [];
    const contributors = r.contributors ?? [];
    for (const c of contributors) {
      if (!c.name || isNonPersonName(c.name)) continue;
      const mapped = tateRoleQualifier(c.role);
      if (!mapped) continue;
      const key = c.tate_artist_id != null ? `tate:artist:${c.tate_artist_id}` : undefined;
      if (key) {
        const known = artists.get(key);
        if (!known) {
          // In the works but not in the artist table (Charles Hullmandel): the contributor is the record.
          artists.set(key, {
            key,
            source: 'tate',
            name: c.name,
            names: [],
            birth_year: null,
            death_year: c.death_year ?? null,
            ids: { tate: String(c.tate_artist_id) },
          });
        } else if (!known.names.includes(c.name) && known.name !== c.name) {
          // Tate's display form ("Sir Joshua Reynolds") becomes the record's name.
          known.names.push(known.name);
          known.name = c.name;
        }
      }
      const display = contributors.length === 1 && r.all_artists ? r.all_artists : tateDisplay(c.role, c.name);
      attributions.push({
        artist_key: key,
        artist_name: c.name,
        qualifier: mapped.qualifier,
        current: mapped.current,
        display,
      });
      claims.push(claim('authentication', 'attribution', attributionSentence('Tate', display, mapped.qualifier, ref), SOURCE, r.source_ref));
    }
    if (r.finberg_number) {
      claims.push(
        claim(
          'authentication',
          'catalogue_number',
          `Finberg's 1909 Inventory of the Turner Bequest, no. ${r.finberg_number} (${ref}).`,
          SOURCE,
          r.source_ref,
        ),
      );
    }
    if (r.credit_line) {
      claims.push(claim('provenance', 'credit_line', `Tate credit line: ${r.credit_line} (${ref}).`, SOURCE, r.source_ref));
    }
    if (r.acquisition_year) {
      claims.push(
        claim('provenance', 'acquisition', `Tate acquired this work in ${r.acquisition_year} (${ref}).`, SOURCE, r.source_ref),
      );
    }
    works.push({
      work_id: `wrk_tate_${acno}`,
      source: SOURCE,
      source_ref: r.source_ref,
      title: r.title,
      title_aliases: tateTitleAliases(r.title, r.foreign_title),
      inventory_numbers: [ref, acno],
      attributions,
      claims,
      object: tateObject(r),
    });
  }

  return {
    info: { tag: SOURCE, name: 'Tate collection (2014 snapshot)', licence: 'CC0 1.0 Universal' },
    records_read: recordsRead,
    artists: [...artists.values()],
    works,
  };
}
