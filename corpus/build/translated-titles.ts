/**
 * Famous works named as European catalogues and museums name them in French, Dutch, German,
 * Italian, Spanish and Swedish: the multilingual evaluation list (ADR 0033). Each row gives the
 * artist, the title in that language, the English title a record of the corpus holds, and where
 * the translated title is used (the work's article in that language's Wikipedia, or the holding
 * museum's own label). The sampler (eval-titles-sample.ts) keeps the rows whose English title the
 * corpus holds for that artist and labels them from those records, never from the engine.
 */
export interface TranslatedTitle {
  artist: string;
  title: string;
  language: 'fr' | 'nl' | 'de' | 'it' | 'es' | 'sv';
  english: string;
  source: string;
}

const wp = (lang: string, page: string) => `https://${lang}.wikipedia.org/wiki/${page}`;

export const TRANSLATED_TITLES: readonly TranslatedTitle[] = [
  { artist: 'Gustave Courbet', title: 'Un enterrement à Ornans', language: 'fr', english: 'A Burial at Ornans', source: wp('fr', 'Un_enterrement_à_Ornans') },
  { artist: 'Gustave Courbet', title: 'Begräbnis in Ornans', language: 'de', english: 'A Burial at Ornans', source: wp('de', 'Ein_Begräbnis_in_Ornans') },
  { artist: 'Gustave Courbet', title: 'Les Casseurs de pierres', language: 'fr', english: 'The Stone Breakers', source: wp('fr', 'Les_Casseurs_de_pierres') },
  { artist: 'Gustave Courbet', title: "L'Atelier du peintre", language: 'fr', english: "The Painter's Studio", source: wp('fr', "L'Atelier_du_peintre") },
  { artist: 'Gustave Courbet', title: 'Les Baigneuses', language: 'fr', english: 'The Bathers', source: wp('fr', 'Les_Baigneuses_(Courbet)') },
  { artist: 'Gustave Courbet', title: 'Les Lutteurs', language: 'fr', english: 'The Wrestlers', source: wp('fr', 'Les_Lutteurs_(Courbet)') },
  { artist: 'Caravaggio', title: 'La Vocation de saint Matthieu', language: 'fr', english: 'The Calling of Saint Matthew', source: wp('fr', 'La_Vocation_de_saint_Matthieu') },
  { artist: 'Caravaggio', title: 'Vocazione di san Matteo', language: 'it', english: 'The Calling of Saint Matthew', source: wp('it', 'Vocazione_di_san_Matteo') },
  { artist: 'Caravaggio', title: 'Berufung des Matthäus', language: 'de', english: 'The Calling of Saint Matthew', source: wp('de', 'Berufung_des_Matthäus_(Caravaggio)') },
  { artist: 'Caravaggio', title: 'Martirio di san Matteo', language: 'it', english: 'The Martyrdom of Saint Matthew', source: wp('it', 'Martirio_di_san_Matteo') },
  { artist: 'Caravaggio', title: 'Conversione di san Paolo', language: 'it', english: 'The Conversion of Saint Paul', source: wp('it', 'Conversione_di_san_Paolo_(Caravaggio_Santa_Maria_del_Popolo)') },
  { artist: 'Caravaggio', title: 'Incredulità di san Tommaso', language: 'it', english: 'The Incredulity of Saint Thomas', source: wp('it', 'Incredulità_di_san_Tommaso_(Caravaggio)') },
  { artist: 'Caravaggio', title: 'Decollazione di san Giovanni Battista', language: 'it', english: 'The Beheading of Saint John the Baptist', source: wp('it', 'Decollazione_di_san_Giovanni_Battista_(Caravaggio)') },
  { artist: 'Caravaggio', title: 'Sette opere di Misericordia', language: 'it', english: 'The Seven Works of Mercy', source: wp('it', 'Sette_opere_di_Misericordia_(Caravaggio)') },
  { artist: 'Caravaggio', title: 'Resurrezione di Lazzaro', language: 'it', english: 'The Raising of Lazarus', source: wp('it', 'Resurrezione_di_Lazzaro_(Caravaggio)') },
  { artist: 'Caravaggio', title: 'Cena in Emmaus', language: 'it', english: 'Supper at Emmaus', source: wp('it', 'Cena_in_Emmaus_(Caravaggio_Londra)') },
  { artist: 'Caravaggio', title: 'La Flagellation du Christ', language: 'fr', english: 'The Flagellation of Christ', source: wp('fr', 'La_Flagellation_du_Christ_(Le_Caravage,_Naples)') },
  { artist: 'Caravaggio', title: 'El sacrificio de Isaac', language: 'es', english: 'Sacrifice of Isaac', source: wp('es', 'Sacrificio_de_Isaac_(Caravaggio)') },
  { artist: 'Caravaggio', title: 'Die Grablegung Christi', language: 'de', english: 'The Entombment of Christ', source: wp('de', 'Grablegung_Christi_(Caravaggio)') },
  { artist: 'Caravaggio', title: 'Medusa', language: 'it', english: 'Medusa', source: wp('it', 'Medusa_(Caravaggio)') },
  { artist: 'El Greco', title: 'El Expolio', language: 'es', english: 'The Disrobing of Christ', source: wp('es', 'El_Expolio') },
  { artist: 'El Greco', title: 'La Adoración de los pastores', language: 'es', english: 'Adoration of the Shepherds', source: wp('es', 'La_adoración_de_los_pastores_(El_Greco,_Madrid)') },
  { artist: 'El Greco', title: 'La Asunción de la Virgen', language: 'es', english: 'The Assumption of the Virgin', source: wp('es', 'Asunción_de_la_Virgen_(El_Greco,_Toledo)') },
  { artist: 'El Greco', title: 'La Resurrección', language: 'es', english: 'The Resurrection', source: wp('es', 'La_Resurrección_(El_Greco)') },
  { artist: 'El Greco', title: 'La Visitación', language: 'es', english: 'The Visitation', source: wp('es', 'La_Visitación_(El_Greco)') },
  { artist: 'Johannes Vermeer', title: 'Het melkmeisje', language: 'nl', english: 'The Milkmaid', source: wp('nl', 'Het_melkmeisje') },
  { artist: 'Johannes Vermeer', title: 'La Dentellière', language: 'fr', english: 'The Lacemaker', source: wp('fr', 'La_Dentellière_(Vermeer)') },
  { artist: 'Johannes Vermeer', title: 'De kantwerkster', language: 'nl', english: 'The Lacemaker', source: wp('nl', 'De_kantwerkster_(Vermeer)') },
  { artist: 'Johannes Vermeer', title: 'Het Concert', language: 'nl', english: 'The Concert', source: wp('nl', 'Het_concert_(Vermeer)') },
  { artist: 'Vincent van Gogh', title: 'Zonnebloemen', language: 'nl', english: 'Sunflowers', source: wp('nl', 'Zonnebloemen_(Van_Gogh)') },
  { artist: 'Vincent van Gogh', title: 'Les Tournesols', language: 'fr', english: 'Sunflowers', source: wp('fr', 'Les_Tournesols') },
  { artist: 'Vincent van Gogh', title: 'Sonnenblumen', language: 'de', english: 'Sunflowers', source: wp('de', 'Sonnenblumen_(Van_Gogh)') },
  { artist: 'Vincent van Gogh', title: 'Iris', language: 'fr', english: 'Irises', source: wp('fr', 'Les_Iris') },
  { artist: 'Albrecht Dürer', title: 'Adam und Eva', language: 'de', english: 'Adam and Eve', source: wp('de', 'Adam_und_Eva_(Dürer)') },
  { artist: 'Albrecht Dürer', title: 'Adamo ed Eva', language: 'it', english: 'Adam and Eve', source: wp('it', 'Adamo_ed_Eva_(Dürer_Madrid)') },
  { artist: 'Sandro Botticelli', title: 'La nascita di Venere', language: 'it', english: 'The Birth of Venus', source: wp('it', 'Nascita_di_Venere') },
  { artist: 'Sandro Botticelli', title: 'La Naissance de Vénus', language: 'fr', english: 'The Birth of Venus', source: wp('fr', 'La_Naissance_de_Vénus_(Botticelli)') },
  { artist: 'Sandro Botticelli', title: 'Die Geburt der Venus', language: 'de', english: 'The Birth of Venus', source: wp('de', 'Die_Geburt_der_Venus_(Botticelli)') },
  { artist: 'Sandro Botticelli', title: 'El nacimiento de Venus', language: 'es', english: 'The Birth of Venus', source: wp('es', 'El_nacimiento_de_Venus_(Botticelli)') },
  { artist: 'Sandro Botticelli', title: 'Venus födelse', language: 'sv', english: 'The Birth of Venus', source: wp('sv', 'Venus_födelse') },
  { artist: 'Sandro Botticelli', title: 'Venere e Marte', language: 'it', english: 'Venus and Mars', source: wp('it', 'Venere_e_Marte_(Botticelli)') },
  { artist: 'Leonardo da Vinci', title: 'Ultima Cena', language: 'it', english: 'The Last Supper', source: wp('it', 'Ultima_Cena_(Leonardo)') },
  { artist: 'Leonardo da Vinci', title: 'Het Laatste Avondmaal', language: 'nl', english: 'The Last Supper', source: wp('nl', 'Het_Laatste_Avondmaal_(Leonardo_da_Vinci)') },
  { artist: 'Leonardo da Vinci', title: 'Das Abendmahl', language: 'de', english: 'The Last Supper', source: wp('de', 'Das_Abendmahl_(Leonardo_da_Vinci)') },
  { artist: 'Leonardo da Vinci', title: 'La Última Cena', language: 'es', english: 'The Last Supper', source: wp('es', 'La_última_cena_(Leonardo)') },
  { artist: 'Leonardo da Vinci', title: 'Nattvarden', language: 'sv', english: 'The Last Supper', source: wp('sv', 'Nattvarden_(Leonardo_da_Vinci)') },
  { artist: 'Leonardo da Vinci', title: "L'Annonciation", language: 'fr', english: 'Annunciation', source: wp('fr', "L'Annonciation_(Léonard_de_Vinci)") },
  { artist: 'Pieter Bruegel the Elder', title: 'De Toren van Babel', language: 'nl', english: 'The Tower of Babel', source: wp('nl', 'De_Toren_van_Babel_(Bruegel)') },
  { artist: 'Pieter Bruegel the Elder', title: 'Der Turmbau zu Babel', language: 'de', english: 'The Tower of Babel', source: wp('de', 'Turmbau_zu_Babel_(Bruegel)') },
  { artist: 'Pieter Bruegel the Elder', title: 'La Tour de Babel', language: 'fr', english: 'The Tower of Babel', source: wp('fr', 'La_Tour_de_Babel_(Brueghel)') },
  { artist: 'Pieter Bruegel the Elder', title: 'Babels torn', language: 'sv', english: 'The Tower of Babel', source: wp('sv', 'Babels_torn_(Bruegel)') },
  { artist: 'Jean-François Millet', title: 'Des glaneuses', language: 'fr', english: 'The Gleaners', source: wp('fr', 'Des_glaneuses') },
  { artist: 'Jean-François Millet', title: 'Die Ährenleserinnen', language: 'de', english: 'The Gleaners', source: wp('de', 'Die_Ährenleserinnen') },
  { artist: 'Jean-François Millet', title: 'Las espigadoras', language: 'es', english: 'The Gleaners', source: wp('es', 'Las_espigadoras') },
  { artist: 'Peter Paul Rubens', title: 'Het oordeel van Paris', language: 'nl', english: 'The Judgement of Paris', source: wp('nl', 'Het_oordeel_van_Paris_(Rubens)') },
  { artist: 'Titian', title: 'Venere e Adone', language: 'it', english: 'Venus and Adonis', source: wp('it', 'Venere_e_Adone_(Tiziano)') },
  { artist: 'Titian', title: 'Danaë', language: 'fr', english: 'Danaë', source: wp('fr', 'Danaé_(Titien)') },
  { artist: 'Rembrandt van Rijn', title: 'Le Reniement de saint Pierre', language: 'fr', english: 'The Denial of Saint Peter', source: wp('fr', 'Le_Reniement_de_saint_Pierre_(Rembrandt)') },
  { artist: 'Rembrandt van Rijn', title: 'De Verloren Zoon', language: 'nl', english: 'The Return of the Prodigal Son', source: wp('nl', 'De_terugkeer_van_de_verloren_zoon_(Rembrandt)') },
  { artist: 'Rembrandt van Rijn', title: 'De terugkeer van de verloren zoon', language: 'nl', english: 'The Return of the Prodigal Son', source: wp('nl', 'De_terugkeer_van_de_verloren_zoon_(Rembrandt)') },
  { artist: 'Rembrandt van Rijn', title: 'Susanna en de ouderlingen', language: 'nl', english: 'Susanna and the Elders', source: wp('nl', 'Susanna_en_de_ouderlingen_(Rembrandt,_Berlijn)') },
  { artist: 'Rembrandt van Rijn', title: 'Bathseba in bad', language: 'nl', english: 'Bathsheba at Her Bath', source: wp('nl', 'Bathseba_in_bad') },
  { artist: 'Diego Velázquez', title: 'La Venus del espejo', language: 'es', english: 'Rokeby Venus', source: wp('es', 'La_Venus_del_espejo') },
  { artist: 'Diego Velázquez', title: 'Cristo crucificado', language: 'es', english: 'Christ Crucified', source: wp('es', 'Cristo_crucificado_(Velázquez)') },
  { artist: 'Francisco Goya', title: 'La maja desnuda', language: 'es', english: 'The Nude Maja', source: wp('es', 'La_maja_desnuda') },
  { artist: 'Raphael', title: 'La Transfiguration', language: 'fr', english: 'Transfiguration', source: wp('fr', 'La_Transfiguration_(Raphaël)') },
  { artist: 'Raphael', title: 'Lo Sposalizio della Vergine', language: 'it', english: 'The Marriage of the Virgin', source: wp('it', 'Sposalizio_della_Vergine_(Raffaello)') },
  { artist: 'Nicolas Poussin', title: "L'Enlèvement des Sabines", language: 'fr', english: 'The Abduction of the Sabine Women', source: wp('fr', "L'Enlèvement_des_Sabines_(Poussin)") },
  { artist: 'Jacques-Louis David', title: 'La Mort de Marat', language: 'fr', english: 'The Death of Marat', source: wp('fr', 'La_Mort_de_Marat') },
  { artist: 'Jacques-Louis David', title: 'La Mort de Socrate', language: 'fr', english: 'The Death of Socrates', source: wp('fr', 'La_Mort_de_Socrate') },
  { artist: 'Claude Monet', title: 'Les Nymphéas', language: 'fr', english: 'Water Lilies', source: wp('fr', 'Les_Nymphéas') },
  { artist: 'Claude Monet', title: 'Impression, soleil levant', language: 'fr', english: 'Impression, Sunrise', source: wp('fr', 'Impression,_soleil_levant') },
  { artist: 'Paul Cézanne', title: 'Les Joueurs de cartes', language: 'fr', english: 'The Card Players', source: wp('fr', 'Les_Joueurs_de_cartes') },
  { artist: 'Paul Cézanne', title: 'Les Grandes Baigneuses', language: 'fr', english: 'The Large Bathers', source: wp('fr', 'Les_Grandes_Baigneuses_(Cézanne,_Philadelphie)') },
  { artist: 'Édouard Manet', title: 'Le Déjeuner sur l’herbe', language: 'fr', english: 'Luncheon on the Grass', source: wp('fr', "Le_Déjeuner_sur_l'herbe") },
  { artist: 'Hans Holbein the Younger', title: 'Die Gesandten', language: 'de', english: 'The Ambassadors', source: wp('de', 'Die_Gesandten') },
  { artist: 'Giorgione', title: 'La Tempesta', language: 'it', english: 'The Tempest', source: wp('it', 'La_Tempesta_(Giorgione)') },
  { artist: 'Carl Larsson', title: 'Frukost under stora björken', language: 'sv', english: 'Breakfast under the Big Birch', source: wp('sv', 'Frukost_under_stora_björken') },
];
