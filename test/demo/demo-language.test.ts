import { describe, expect, it } from 'vitest';
import { generateDemoCalls } from '../../runtimes/shared/demo/demo-calls.js';
import { DEMO_LANGUAGES, type DemoLanguage, PACKS } from '../../runtimes/shared/demo/demo-scripts.js';

/**
 * The demo tenant reads as its operators would write: every article, possessive and
 * participle agrees with the product's gender and number, and the customer's. Checked over
 * every generated call (enough of them that every language, script, product and customer
 * gender occurs), against each product's declared phrases rather than a list of known faults.
 */
const calls = generateDemoCalls({ count: 5_000, anchor: new Date('2026-11-03T12:00:00.000Z'), spanDays: 365 });

/** Determiners that may stand before a product's noun, per language (capitalised at a sentence start too). */
const DETERMINERS: Record<DemoLanguage, string[]> = {
  en: [],
  fr: ['le', 'la', 'les', 'l’', 'du', 'de la', 'de l’', 'des', 'au', 'à la', 'mon', 'ma', 'mes', 'votre', 'un', 'une'],
  de: ['der', 'die', 'das', 'den', 'dem', 'des', 'Ihre', 'Ihr', 'Ihren', 'meine', 'mein', 'meiner', 'meines', 'meinen', 'zurückgeschickte', 'zurückgeschickten'],
  es: ['el', 'la', 'los', 'las', 'del', 'de la', 'mi', 'mis', 'su', 'sus', 'devuelta', 'devuelto'],
  it: ['il', 'lo', 'la', 'le', 'l’', 'i', 'gli', 'mio', 'mia', 'mie', 'suo', 'sua', 'sue', 'del', 'della'],
};
const capitalised = (w: string) => w[0].toUpperCase() + w.slice(1);

const textsOf = (c: (typeof calls)[number]) => [c.summary ?? '', ...(c.transcript ?? []).map((t) => t.text)];
const languageOf = (c: (typeof calls)[number]) => c.metadata?.language as DemoLanguage;
const firstNameOf = (c: (typeof calls)[number]) => String(c.metadata?.customer).split(' ')[0];

/** Determiner + noun phrases in `text` that are not one of the product's own phrases. */
function disagreements(language: DemoLanguage, text: string): string[] {
  const found: string[] = [];
  for (const product of PACKS[language].products) {
    const declared = Object.values(product);
    for (const d of DETERMINERS[language].flatMap((w) => [w, capitalised(w)])) {
      const phrase = d.endsWith('’') ? `${d}${product.product}` : `${d} ${product.product}`;
      const at = text.indexOf(phrase);
      if (at === -1 || (at > 0 && /\p{L}/u.test(text[at - 1]))) continue;
      if (!declared.some((p) => p.includes(phrase))) found.push(phrase);
    }
  }
  return found;
}

describe('demo calls read as a native operator writes them', () => {
  it('covers every language, script, product and customer gender (so the checks below see them all)', () => {
    for (const language of DEMO_LANGUAGES) {
      const own = calls.filter((c) => languageOf(c) === language && c.summary !== null && c.status !== 'failed');
      const texts = own.flatMap(textsOf).join('\n');
      for (const product of PACKS[language].products) expect(texts, `${language} ${product.product}`).toContain(product.product);
      expect(new Set(own.map((c) => c.metadata?.intent)).size).toBe(PACKS[language].scripts.length);
      expect(new Set(own.map((c) => PACKS[language].womenFirstNames.includes(firstNameOf(c))))).toEqual(new Set([true, false]));
    }
  });

  it('fills every slot and writes a call\'s system turns and failure summary in its own language', () => {
    for (const c of calls) {
      for (const text of textsOf(c)) expect(text).not.toMatch(/[{}]/);
      const pack = PACKS[languageOf(c)];
      const system = (c.transcript ?? []).filter((t) => t.speaker === 'system').map((t) => t.text);
      for (const line of system) expect([pack.missedLine, pack.droppedLine, pack.queuedLine]).toContain(line);
      if (c.status === 'failed') expect(c.summary).toBe(pack.failedSummary);
    }
  });

  it('agrees every determiner with its product (no « du machine à café », « le aspirateur », « la auriculares »)', () => {
    const wrong = new Set<string>();
    for (const c of calls) for (const text of textsOf(c)) for (const phrase of disagreements(languageOf(c), text)) wrong.add(`${languageOf(c)}: ${phrase}`);
    expect([...wrong]).toEqual([]);
  });

  it('elides and contracts French articles before a vowel (« l’aspirateur », « de l’enceinte », « mon enceinte »), in the declared phrases too', () => {
    const french = calls.filter((c) => languageOf(c) === 'fr').flatMap(textsOf);
    const phrases = PACKS.fr.products.flatMap((p) => Object.values(p));
    const unelided = /(?<!\p{L})(?:du|le|la|ma|au|de le|à le|de les|à les)\s+[aeiouyàâäéèêëîïôöûüh]/iu;
    expect([...french, ...phrases].filter((t) => unelided.test(t))).toEqual([]);
  });

  it('agrees the French returned product\'s participle and the customer\'s gender', () => {
    const french = calls.filter((c) => languageOf(c) === 'fr' && c.summary !== null);
    let checked = 0;
    for (const c of french) {
      const woman = PACKS.fr.womenFirstNames.includes(firstNameOf(c));
      const summary = c.summary ?? '';
      const customerSays = (c.transcript ?? []).filter((t) => t.speaker === 'customer').map((t) => t.text).join('\n');
      for (const product of PACKS.fr.products) {
        if (!summary.includes(`${product.product} retourné`)) continue;
        checked++;
        expect(summary).toContain(`${product.product} retourné${product.pe} `);
      }
      if (woman) {
        expect(summary).not.toMatch(/\bclient mécontent\b|\ble client\b|transféré au/);
        expect(customerSays).not.toMatch(/remboursé\./);
      } else {
        expect(summary).not.toMatch(/cliente|mécontente|transférée/);
        expect(customerSays).not.toMatch(/remboursée/);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
