import { describe, expect, it } from 'vitest';
import { provenanceClaims } from '../../corpus/build/cmoa-source.js';
import { historyDetail, usDate } from '../../corpus/build/nga-source.js';
import { chainText, marketKind, pricedNotes, splitProvenance } from '../../corpus/build/provenance.js';
import { splitCollections } from '../../corpus/build/wikidata-source.js';

const FROMENTIN =
  'Eugène Fromentin [1820-1876]. M. Lagarde, Paris, France, by June 1892 until before January 27, 1897[1]; M. Knoedler & Co., New York, NY by May 1897 [2]; ' +
  'sold to Alexander MacBurney Byers [1827-1900], Pittsburgh, PA, May 15, 1897 until September 19, 1900 [3]; her gift to Department of Fine Arts, Carnegie Institute, Pittsburgh, PA, December 1955.\n\n' +
  '[1]. M. Lagarde lent the painting to the exhibition "Cent chefs-d\'oeuvre" in June 1892; it was no. 104.\n[2]. See Knoedler Gallery Archive, sales books (no. 7).\n[3]. Sold to A. M. Byers for $12000. Mr. Byers lived in Allegheny.';

describe('provenance texts', () => {
  it('splits the chain into ordered entries, keeping brackets, parentheses and initials whole', () => {
    const { entries, notes } = splitProvenance(FROMENTIN);
    expect(entries).toEqual([
      'Eugène Fromentin [1820-1876]',
      'M. Lagarde, Paris, France, by June 1892 until before January 27, 1897',
      'M. Knoedler & Co., New York, NY by May 1897',
      'sold to Alexander MacBurney Byers [1827-1900], Pittsburgh, PA, May 15, 1897 until September 19, 1900',
      'her gift to Department of Fine Arts, Carnegie Institute, Pittsburgh, PA, December 1955',
    ]);
    expect(notes).toContain('Sold to A. M. Byers for $12000');
  });

  it('keeps Lugt marks and dealers in parentheses, and drops cataloguers\u2019 remarks', () => {
    const text = 'Cortland F. Bishop (Lugt Suppl. 2770b).\nCharles J. Rosenbloom [1898-1973], Pittsburgh, PA (Lugt Suppl. 633b), until April 1, 1973; his bequest to Museum of Art, 1974.\n\nUnder review by CGK.';
    expect(splitProvenance(text).entries).toEqual([
      'Cortland F. Bishop (Lugt Suppl. 2770b)',
      'Charles J. Rosenbloom [1898-1973], Pittsburgh, PA (Lugt Suppl. 633b), until April 1, 1973',
      'his bequest to Museum of Art, 1974',
    ]);
    const vgww = 'Otto Wacker, Berlin; acquired by (Joseph Stransky, New York);[1] sold May 1928 to Chester Dale [1882-1962], New York; bequest 1963 to NGA.\n\n\n[1] Although the papers give his source as Wildenstein.';
    expect(splitProvenance(vgww).entries).toEqual(['Otto Wacker, Berlin', 'acquired by (Joseph Stransky, New York)', 'sold May 1928 to Chester Dale [1882-1962], New York', 'bequest 1963 to NGA']);
    expect(chainText(vgww)).toBe('Otto Wacker, Berlin; acquired by (Joseph Stransky, New York); sold May 1928 to Chester Dale [1882-1962], New York; bequest 1963 to NGA.');
  });

  it('tells sales and dealers apart, never counts an estimate, and finds prices in the notes', () => {
    expect(marketKind('Mr. Porter by auction, 1787')).toBe('sale');
    expect(marketKind('sold at Christie, Manson & Woods, February 25, 1938, no. 120')).toBe('sale');
    expect(marketKind('Commissioned from the artist, 1811 for 100 guineas')).toBe('sale');
    expect(marketKind('M. Knoedler & Co., New York, NY by May 1897')).toBe('dealer');
    expect(marketKind('Kennedy & Company')).toBe('dealer');
    expect(marketKind('(Max Bollag, Zürich)')).toBe('dealer');
    expect(marketKind('Weyhe Gallery, 794 Lexington Avenue, New York')).toBe('dealer');
    expect(marketKind('Girard Trust Co., Philadelphia')).toBeNull();
    expect(marketKind('(Inscription in pen, Greek, recto, near right edge of print.)')).toBeNull();
    expect(marketKind('sold 1909 to (Bernheim-Jeune & Cie, Paris)')).toBe('sale');
    expect(marketKind('purchased by Museum, 1911')).toBeNull();
    expect(marketKind('auction estimate $2,000-3,000')).toBeNull();
    expect(pricedNotes(['Sold to A. M. Byers for $12000', 'Lent to the 1892 exhibition', 'Estimated at $500 in 1950'])).toEqual(['Sold to A. M. Byers for $12000']);
  });

  it('makes one ownership event per entry, in order, and market claims beside them', () => {
    const claims = provenanceClaims(FROMENTIN, 'CMOA 55.40', 'http://collection.cmoa.org/CollectionDetail.aspx?item=1');
    const events = claims.filter((c) => c.kind === 'ownership_event').map((c) => c.claim);
    expect(events).toHaveLength(5);
    expect(events[2]).toBe('Carnegie Museum of Art provenance (CMOA 55.40, entry 3 of 5): M. Knoedler & Co., New York, NY by May 1897.');
    expect(claims.filter((c) => c.pillar === 'market').map((c) => c.kind)).toEqual(['dealer', 'sale', 'sale']);
    expect(claims.find((c) => c.claim.includes('$12000'))?.claim).toBe('Carnegie Museum of Art provenance notes give a price (CMOA 55.40): “Sold to A. M. Byers for $12000”.');
    expect(claims.every((c) => c.source === 'import:cmoa' && c.source_ref.startsWith('http'))).toBe(true);
  });
});

describe('NGA attribution history and Wikidata collections', () => {
  it('reads board approval dates', () => {
    expect(usDate('9/29/82')).toBe('1982-09-29');
    expect(usDate('1/23/1992')).toBe('1992-01-23');
    expect(usDate('13/1/1992')).toBeNull();
    expect(historyDetail('Bd. Tr. approval 2/1/1941', '1941-02-01')).toBe(' (approved by the Board of Trustees on 1941-02-01)');
    expect(historyDetail('Reported to Bd. Tr. 5/4/83', null)).toBe(' (reported to the Board of Trustees on 1983-05-04)');
    expect(historyDetail('Attribution at time of acquisition', '1937')).toBe(' (Attribution at time of acquisition; effective 1937)');
    expect(historyDetail(null, null)).toBe('');
  });

  it('splits Wikidata collections, keeping labels with full-width commas whole', () => {
    expect(splitCollections('Kunsthistorisches Museum, Munich Central Collecting Point, Führermuseum')).toEqual(['Kunsthistorisches Museum', 'Munich Central Collecting Point', 'Führermuseum']);
    expect(splitCollections('Victoria and Albert Museum, Victoria and Albert museum prints， drawings， & paintings collection')).toHaveLength(2);
  });
});
