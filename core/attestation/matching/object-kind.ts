/**
 * The kind of object a medium names, as catalogues print it in English, French, German, Dutch,
 * Italian, Spanish and Swedish: `huile sur toile`, `oil on panel`, `bronze à patine brune`,
 * `eau-forte`, `Radierung`, `Olja på duk` (ADR 0032). The same reading serves a lot's
 * `subject_medium` and, where a source's classification is broad, the records' own media.
 *
 * The text is folded (`foldText`: lower case, accents and punctuation off) and read word by
 * word against the vocabulary below; a phrase of several words counts when its words follow
 * one another. The kinds are tried in a fixed order, the most specific first: a photograph
 * ("gelatin silver print", "tirage argentique") before a print ("etching", "Radierung"), a
 * print before a sculpture ("bronze"), a sculpture before decorative art ("silver", "porcelain"),
 * decorative art before a painting ("oil", "toile"), a painting before a drawing ("watercolour",
 * "pastel", "pen and ink"): "oil and pencil on paper" is a painting, "etching and aquatint" a
 * print. A text naming none of them reads as no kind (null): nothing is then compared.
 * Reading is linear in the text's length: one fold, one split, one pass over the words.
 */
import type { ObjectType } from './vocabulary.js';
import { foldText } from './normalise.js';

/** Each kind's words and phrases, folded. Words of German compounds are listed as stems in `STEMS`. */
const VOCABULARY: readonly [ObjectType, readonly string[]][] = [
  [
    'photograph',
    [
      'photograph', 'photography', 'photo', 'photographie', 'photographique', 'fotografie', 'foto', 'fotografia', 'fotografi',
      'albumen', 'albumine', 'albumin', 'gelatin silver', 'gelatine silver', 'silver gelatin', 'tirage argentique',
      'epreuve argentique', 'silbergelatine', 'zilvergelatine', 'gelatina ai sali d argento', 'gelatinobromuro',
      'daguerreotype', 'daguerreotypie', 'ambrotype', 'tintype', 'ferrotype', 'cyanotype', 'calotype', 'salted paper',
      'papier sale', 'platinum print', 'palladium print', 'carbon print', 'heliogravure', 'photogravure', 'photogravur',
      'chromogenic', 'gelatin dry plate', 'glass negative',
    ],
  ],
  [
    'print',
    [
      'print', 'prints', 'estampe', 'druck', 'druckgraphik', 'druckgrafik', 'prent', 'stampa', 'estampa', 'grafik', 'grafiek', 'tryck',
      'etching', 'eau forte', 'radierung', 'ets', 'acquaforte', 'aguafuerte', 'etsning',
      'engraving', 'engraved', 'gravure', 'grave', 'kupferstich', 'stich', 'gravyr', 'kopparstick', 'incisione', 'bulino', 'grabado',
      'burin', 'gravure au burin', 'gravure sur bois', 'gravure sur cuivre', 'kopergravure',
      'lithograph', 'lithography', 'lithographie', 'litho', 'lithografie', 'litografia', 'litografi', 'steindruck', 'chromolithograph',
      'woodcut', 'wood engraving', 'woodblock', 'bois grave', 'holzschnitt', 'holzstich', 'houtsnede', 'houtgravure', 'xilografia',
      'xylographie', 'xylografie', 'trasnitt', 'linocut', 'linogravure', 'linolschnitt', 'linosnede', 'linoleografia',
      'aquatint', 'aquatinte', 'aquatinta', 'akvatint', 'mezzotint', 'mezzotinto', 'maniere noire', 'schabkunst', 'schabkunstblatt',
      'zwartekunst', 'drypoint', 'pointe seche', 'kaltnadel', 'kaltnadelradierung', 'droge naald', 'puntasecca', 'punta seca',
      'kallnal', 'torrnal', 'screenprint', 'serigraph', 'serigraphie', 'serigrafia', 'serigrafi', 'siebdruck', 'zeefdruk',
      'monotype', 'monotypie', 'monotipo', 'stipple', 'soft ground', 'vernis mou', 'intaglio', 'taille douce', 'chiaroscuro woodcut',
    ],
  ],
  [
    'sculpture',
    [
      'sculpture', 'sculpted', 'skulptur', 'beeldhouwwerk', 'scultura', 'escultura', 'statue', 'statuette',
      'statuetta', 'estatua', 'bust', 'buste', 'busto', 'byst', 'relief', 'rilievo', 'bas relief', 'haut relief',
      'bronze', 'brons', 'bronzo', 'bronce', 'patina', 'patine', 'patinated',
      'marble', 'marbre', 'marmor', 'marmer', 'marmo', 'marmol',
      'terracotta', 'terre cuite', 'terrakotta', 'terracota', 'plaster', 'platre', 'gips', 'yeso', 'gesso patinato',
      'carved', 'sculpte', 'taille directe', 'alabaster', 'albatre', 'alabastro', 'cire perdue', 'lost wax', 'fonte', 'cast',
    ],
  ],
  [
    'decorative_art',
    [
      'porcelain', 'porcelaine', 'porzellan', 'porselein', 'porcellana', 'porcelana', 'porslin', 'faience', 'fayence', 'majolica',
      'maiolica', 'ceramic', 'ceramics', 'ceramique', 'keramik', 'keramiek', 'ceramica', 'earthenware', 'stoneware', 'gres',
      'steinzeug', 'silver', 'argent', 'silber', 'zilver', 'argento', 'plata', 'silverware', 'orfevrerie', 'glass', 'verre',
      'glas', 'vetro', 'vidrio', 'tapestry', 'tapisserie', 'wandteppich', 'wandtapijt', 'arazzo', 'tapiz', 'textile', 'furniture',
      'mobilier', 'mobel', 'meubel', 'mueble', 'mobler', 'enamel', 'email', 'emaille', 'smalto', 'esmalte', 'emalj',
    ],
  ],
  [
    'painting',
    [
      'painting', 'oil', 'oils', 'oil paint', 'huile', 'peinture', 'ol', 'olfarbe', 'olgemalde', 'gemalde', 'olieverf', 'schilderij',
      'olio', 'dipinto', 'oleo', 'pintura', 'olja', 'oljefarg', 'malning', 'tempera', 'detrempe', 'eitempera', 'acrylic', 'acrylique',
      'acryl', 'acrilico', 'akryl', 'encaustic', 'encaustique', 'fresco', 'fresque', 'affresco', 'fresko', 'canvas', 'toile',
      'leinwand', 'doek', 'tela', 'lienzo', 'duk', 'panel', 'panneau', 'paneel', 'tavola', 'tabla', 'panna', 'oak panel',
      'poplar panel', 'sur bois', 'auf holz', 'op paneel', 'su tavola', 'sobre tabla', 'pa tra', 'on copper', 'sur cuivre',
      'auf kupfer', 'op koper', 'su rame', 'sobre cobre', 'pa koppar',
    ],
  ],
  [
    'drawing',
    [
      'drawing', 'dessin', 'zeichnung', 'tekening', 'disegno', 'dibujo', 'teckning',
      'watercolour', 'watercolor', 'aquarelle', 'aquarell', 'aquarel', 'acquerello', 'acuarela', 'akvarell',
      'gouache', 'guazzo', 'pastel', 'pastell', 'pastello', 'graphite', 'pencil', 'crayon', 'mine de plomb', 'bleistift', 'potlood',
      'matita', 'lapiz', 'blyerts', 'chalk', 'craie', 'kreide', 'krijt', 'gessetto', 'tiza', 'krita', 'sanguine', 'rotel', 'rotstift',
      'charcoal', 'fusain', 'kohle', 'houtskool', 'carboncino', 'carboncillo', 'kol', 'pen and ink', 'plume et encre', 'feder',
      'pen', 'plume', 'penna', 'pluma', 'ink', 'encre', 'tusche', 'inkt', 'inchiostro', 'tinta', 'tusch', 'bister', 'bistre',
      'sepia', 'wash', 'lavis', 'laviert', 'silverpoint', 'pointe d argent', 'silberstift', 'metalpoint', 'stumping',
    ],
  ],
];

/** Stems of German and Swedish compounds ("Kupferstichradierung", "Bronzeguss", "Ölskiss"): a word starting so counts. */
const STEMS: readonly [ObjectType, readonly string[]][] = [
  ['photograph', ['fotograf', 'photograph']],
  ['print', ['radier', 'kupferstich', 'holzschnitt', 'lithograph', 'lithografi', 'farblithograph', 'farbholzschnitt', 'schabkunst']],
  ['sculpture', ['bronze', 'marmor', 'skulptur']],
  ['painting', ['olgemald', 'oljemaln', 'olskiss']],
  ['drawing', ['aquarell', 'federzeichnung', 'bleistiftzeichnung', 'kreidezeichnung', 'tuschzeichnung']],
];

interface Entry {
  kind: ObjectType;
  /** The phrase's words after the first. */
  rest: readonly string[];
}

/** First word of each phrase -> the phrases starting with it, longest first. */
const BY_FIRST_WORD: ReadonlyMap<string, readonly Entry[]> = (() => {
  const map = new Map<string, Entry[]>();
  for (const [kind, phrases] of VOCABULARY) {
    for (const phrase of phrases) {
      const [first, ...rest] = phrase.split(' ') as [string, ...string[]];
      const list = map.get(first) ?? [];
      list.push({ kind, rest });
      map.set(first, list);
    }
  }
  for (const list of map.values()) list.sort((a, b) => b.rest.length - a.rest.length);
  return map;
})();

const KIND_ORDER: readonly ObjectType[] = VOCABULARY.map(([kind]) => kind);

/** Longest text read: a medium line is short; a longer text is read up to here (keeps the cost bounded). */
export const MAX_MEDIUM_LENGTH = 500;

/**
 * The kind of object a medium names, or null when it names none (see the file comment).
 * Kinds found in the text are ranked by `KIND_ORDER`; the first wins.
 */
export function objectKindOfMedium(medium: string | null | undefined): ObjectType | null {
  if (typeof medium !== 'string' || medium.trim() === '') return null;
  const words = foldText(medium.slice(0, MAX_MEDIUM_LENGTH)).split(' ');
  let best = KIND_ORDER.length;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    for (const entry of BY_FIRST_WORD.get(word) ?? []) {
      if (entry.rest.every((w, j) => words[i + 1 + j] === w)) {
        best = Math.min(best, KIND_ORDER.indexOf(entry.kind));
        break;
      }
    }
    if (word.length >= 6) {
      for (const [kind, stems] of STEMS) {
        if (stems.some((s) => word.startsWith(s))) best = Math.min(best, KIND_ORDER.indexOf(kind));
      }
    }
  }
  return KIND_ORDER[best] ?? null;
}
