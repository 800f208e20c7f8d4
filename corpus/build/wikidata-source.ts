/**
 * Wikidata-derived sample of famous paintings (CC0 via Wikidata). The creator is a label
 * only; `artist_death_year_xref` ("nga:constituent:1822", "tate:artist:558",
 * "cmoa:cmoa:parties/<guid>") links the label to a museum's artist record.
 */
import { join } from 'node:path';
import { foldText } from '../../core/attestation/matching/normalise.js';
import { attributionSentence, claim } from './claims.js';
import { readNdjson } from './ndjson.js';
import { fieldText, objectTypeOf, workObject } from './objects.js';
import type { SourceArtist, SourceAttribution, SourceReadResult, SourceWork } from './source.model.js';

interface WikidataRecord {
  source_ref: string;
  qid: string;
  title: string;
  inception?: number;
  artist_label: string;
  collection_label?: string;
  artist_death_year_xref?: string;
  materials?: string;
}

const SOURCE = 'import:kb' as const;

/**
 * Creator labels: a label can join several creators ("Raphael, Gianfrancesco Penni") and
 * carry dates ("Francisco de Zurbarán， 1598-1664"). Returns the distinct names.
 */
export function splitCreatorLabel(label: string): string[] {
  const parts = label
    .split(/\s*[,，]\s*/)
    .map((p) => p.replace(/\s*\d{3,4}\s*[-–]\s*\d{3,4}\s*$/, '').trim())
    .filter((p) => p.length > 0 && /\p{L}/u.test(p));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    const k = foldText(p);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(p);
    }
  }
  return out;
}

/**
 * The collections of `collection_label`, joined by the extract with ", " (labels that contain a
 * full-width comma, "prints， drawings， & paintings collection", stay whole). Distinct, in order.
 */
export function splitCollections(label: string): string[] {
  return [...new Set(label.split(/, /).map((s) => s.trim()).filter((s) => s.length > 0))];
}

/** The xref as a SourceArtist key ("nga:constituent:1822" is already one). */
export function xrefKey(xref: string | undefined): string | undefined {
  if (!xref) return undefined;
  return /^(nga:constituent:|tate:artist:|cmoa:)/.test(xref) ? xref : undefined;
}

export async function readWikidata(dir: string): Promise<SourceReadResult> {
  const artists = new Map<string, SourceArtist>();
  const works: SourceWork[] = [];
  let recordsRead = 0;

  for await (const r of readNdjson<WikidataRecord>(join(dir, 'wikidata_paintings_sample.ndjson'))) {
    recordsRead++;
    const names = splitCreatorLabel(r.artist_label);
    const link = xrefKey(r.artist_death_year_xref);
    const attributions: SourceAttribution[] = [];
    const ref = `Wikidata ${r.qid}`;
    for (const name of names) {
      let artistKey: string | undefined;
      if (names.length === 1 && link) {
        // One creator, linked to a museum's record: the label becomes an alias of that artist.
        artistKey = `wikidata:label:${foldText(name)}|${link}`;
        if (!artists.has(artistKey)) {
          artists.set(artistKey, {
            key: artistKey,
            source: 'wikidata',
            name,
            names: [],
            birth_year: null,
            // The xref's death year is the linked record's own; that record decides it.
            death_year: null,
            ids: {},
            links: [link],
          });
        }
      }
      attributions.push({ artist_key: artistKey, artist_name: name, qualifier: 'firm', current: true, display: name });
    }
    const claims = attributions.map((a) =>
      claim('authentication', 'attribution', attributionSentence('Wikidata', a.display, 'firm', ref), SOURCE, r.source_ref),
    );
    const collections = r.collection_label?.trim();
    const holders = collections ? splitCollections(collections) : [];
    if (holders.length === 1) {
      claims.push(
        claim('provenance', 'collection', `Wikidata lists this painting in the collection of ${holders[0]} (${ref}).`, SOURCE, r.source_ref),
      );
    } else {
      // Several collections: current and former holders (Wikidata's start and end qualifiers
      // were not kept by the extract), one claim each, in Wikidata's order.
      holders.forEach((holder, i) => {
        claims.push(
          claim(
            'provenance',
            'collection',
            `Wikidata lists ${holder} among the current or former collections of this painting (${i + 1} of ${holders.length}; ${ref}).`,
            SOURCE,
            r.source_ref,
          ),
        );
      });
    }
    works.push({
      work_id: `wrk_wd_${r.qid}`,
      source: SOURCE,
      source_ref: r.source_ref,
      title: r.title,
      title_aliases: [],
      inventory_numbers: [],
      attributions,
      claims,
      collections: collections ? [collections] : [],
      // The extract holds paintings only (a fresco, a tempera panel); its materials are Wikidata's labels.
      object: workObject({
        object_type: objectTypeOf('painting', fieldText(r.materials)),
        medium: fieldText(r.materials),
        date: r.inception ? String(r.inception) : null,
        dimensions: null,
        collection: holders.length === 1 ? (holders[0] as string) : null,
      }),
      ...(r.inception ? { year: r.inception } : {}),
    });
  }

  return {
    info: { tag: SOURCE, name: 'Wikidata (via uclab-potsdam/artonwikidata)', licence: 'CC0 1.0 Universal' },
    records_read: recordsRead,
    artists: [...artists.values()],
    works,
  };
}
