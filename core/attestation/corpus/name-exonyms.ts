/**
 * Exonyms and period spellings of the masters auction houses sell most, in French, English,
 * German, Dutch, Italian and Spanish (ADR 0030): each entry is a name the corpus gives the
 * artist (a name or an alias of the records, `target`) and the forms catalogues print for them.
 * A form only ever leads to its target's artists; a form that is itself a covered artist's name
 * or alias is read as that name first (the exact name wins), and a target several covered
 * artists bear stays ambiguous (settled by an exact title, else `ambiguous_artist`).
 *
 * Where the forms come from: written by the team from the names European sale catalogues and
 * reference works print in each language (the forms in common use, e.g. French "Le Titien",
 * Italian "Tiziano"), starting from the records' own aliases; then each form checked against
 * public pages (2026-11-26): every form here has a page that prints it as its artist's name,
 * recorded with the page's words in `name-exonym-sources.ts`, and the 30 forms for which none
 * was found were taken out (ADR 0030). Not done: a check entry by entry against the Getty ULAN's
 * variant names or Wikidata's labels (the records' `ids.ulan` / `ids.wikidata` make it possible).
 * Checked by `test/corpus/name-forms.test.ts`: every target is a name or alias the shipped
 * records carry, resolving to exactly one covered artist; no form is a covered artist's name;
 * every form has its source. Written as data: add a form with its artist and its source.
 */
export interface ExonymEntry {
  /** A name or alias of the artist in the corpus records. */
  target: string;
  /** Forms catalogues print, in any of the six languages (compared as normaliseName keys). */
  forms: readonly string[];
}

export const EXONYMS: readonly ExonymEntry[] = [
  { target: 'Titian', forms: ['Le Titien', 'Titien', 'Tiziano', 'Tiziano Vecelli', 'Tizian', 'Ticiano', 'Tiziano Vecellio', 'Titiaan'] },
  { target: 'Jacopo Tintoretto', forms: ['Le Tintoret', 'Tintoret', 'Il Tintoretto', 'Jacopo Robusti detto il Tintoretto'] },
  { target: 'Veronese', forms: ['Paul Véronèse', 'Véronèse', 'Le Véronèse', 'Paolo Caliari', 'Paolo Veronese', 'Pablo Veronés', 'Veronés'] },
  { target: 'Caravaggio', forms: ['Le Caravage', 'Caravage', 'Michelangelo Merisi', 'Michelangelo Merisi da Caravaggio'] },
  { target: 'El Greco', forms: ['Le Greco', 'Greco', 'Il Greco', 'Dominikos Theotokopoulos', 'Doménikos Theotokópoulos'] },
  { target: 'Albrecht Dürer', forms: ['Albert Dürer', 'Albert Durer', 'Albrecht Duerer', 'Alberto Durero', 'Durero', 'Alberto Duro'] },
  { target: 'Raphael', forms: ['Raphaël', 'Raffaello', 'Raffaello Sanzio', 'Raffaello Santi', 'Rafael', 'Rafael Sanzio', 'Raffael', 'Raphael Sanzio', 'Rafaël'] },
  { target: 'Leonardo da Vinci', forms: ['Léonard de Vinci', 'Leonard de Vinci', 'Leonardo di ser Piero da Vinci'] },
  { target: 'Michelangelo', forms: ['Michel-Ange', 'Michelange', 'Michelangelo Buonarroti', 'Michel-Ange Buonarroti', 'Miguel Ángel', 'Michelangelo Buonarotti'] },
  { target: 'Sir Peter Paul Rubens', forms: ['Pierre Paul Rubens', 'Pierre-Paul Rubens', 'Pieter Paul Rubens', 'Pieter Pauwel Rubens', 'Pedro Pablo Rubens', 'Pietro Paolo Rubens', 'Petrus Paulus Rubens'] },
  { target: 'Sir Anthony van Dyck', forms: ['Antoine van Dyck', 'Antoon van Dyck', 'Anthonis van Dyck', 'Antoon van Dijck', 'Anthonie van Dijck', 'Anton van Dyck', 'Van Dijck', 'Vandyck', 'Van Dyke'] },
  { target: 'Rembrandt van Rijn', forms: ['Rembrandt van Ryn', 'Rembrandt Harmensz van Rijn', 'Rembrandt Harmensz. van Rijn'] },
  { target: 'Johannes Vermeer', forms: ['Jan Vermeer van Delft', 'Vermeer de Delft', 'Johannes Vermeer van Delft', 'Jan van der Meer', 'Jan van der Meer van Delft'] },
  { target: 'Pieter Bruegel the Elder', forms: ["Pieter Bruegel l'Ancien", "Bruegel l'Ancien", "Brueghel l'Ancien", 'Pieter Bruegel der Ältere', 'Pieter Bruegel de Oude', 'Pieter Brueghel de Oude', 'Pieter Bruegel il Vecchio', 'Pieter Bruegel el Viejo'] },
  { target: 'Hieronymus Bosch', forms: ['Jérôme Bosch', 'Jheronimus Bosch', 'Jeroen Bosch', 'El Bosco', 'Hieronymus van Aken', 'Jheronimus van Aken'] },
  { target: 'Jan van Eyck', forms: ['Jean van Eyck'] },
  { target: 'Hans Holbein the Younger', forms: ['Hans Holbein le Jeune', 'Holbein le Jeune', 'Hans Holbein der Jüngere', 'Hans Holbein de Jonge', 'Hans Holbein il Giovane', 'Hans Holbein el Joven'] },
  { target: 'Lucas Cranach the Elder', forms: ["Lucas Cranach l'Ancien", "Cranach l'Ancien", 'Lucas Cranach der Ältere', 'Lucas Cranach de Oude', 'Lucas Cranach il Vecchio', 'Lucas Cranach el Viejo'] },
  { target: 'Claude Lorrain', forms: ['Le Lorrain', 'Claude le Lorrain', 'Claude Gellée', 'Claude Gellée dit le Lorrain', 'Claudio de Lorena', 'Claude Gelée'] },
  { target: 'Canaletto', forms: ['Giovanni Antonio Canal', 'Antonio Canal', 'Antonio Canale', 'Il Canaletto'] },
  { target: 'Giovanni Battista Tiepolo', forms: ['Giambattista Tiepolo', 'Gianbattista Tiepolo', 'Jean-Baptiste Tiepolo', 'Giovan Battista Tiepolo', 'Juan Bautista Tiepolo'] },
  { target: 'Diego Velázquez', forms: ['Vélasquez', 'Velasquez', 'Diego Vélasquez', 'Diego Velasquez', 'Diego Rodríguez de Silva y Velázquez', 'Velazquez'] },
  { target: 'Jusepe de Ribera', forms: ["L'Espagnolet", 'Espagnolet', 'José de Ribera', 'Lo Spagnoletto', 'Giuseppe Ribera'] },
  { target: 'Francisco Goya', forms: ['Francisco de Goya y Lucientes', 'Goya y Lucientes'] },
  { target: 'Parmigianino', forms: ['Le Parmesan', 'Parmesan', 'Il Parmigianino', 'Francesco Mazzola', 'Francesco Parmigianino'] },
  { target: 'Guercino', forms: ['Le Guerchin', 'Guerchin', 'Il Guercino', 'Giovanni Francesco Barbieri', 'Giovan Francesco Barbieri'] },
  { target: 'Guido Reni', forms: ['Le Guide', 'Guido', 'Il Guido'] },
  { target: 'Domenichino', forms: ['Le Dominiquin', 'Dominiquin', 'Il Domenichino', 'Domenico Zampieri'] },
  { target: 'Annibale Carracci', forms: ['Annibal Carrache', 'Annibale Carrache', 'Hannibal Carracci'] },
  { target: 'Giorgione', forms: ['Le Giorgione', 'Giorgio da Castelfranco', 'Giorgio Barbarelli', 'Zorzi da Castelfranco'] },
  { target: 'Pietro Perugino', forms: ['Le Pérugin', 'Pérugin', 'Il Perugino', 'Pietro Vannucci'] },
  { target: 'Francesco Primaticcio', forms: ['Le Primatice', 'Primatice', 'Francesco Primaticcio detto il Bologna'] },
  { target: 'Pontormo', forms: ['Le Pontormo', 'Jacopo Carucci', 'Jacopo da Pontormo', 'Jacopo Pontormo'] },
  { target: 'Jacob van Ruisdael', forms: ['Jacob Isaacksz. van Ruisdael', 'Jacob Isaacksz van Ruisdael'] },
  { target: 'Hans Memling', forms: ['Hans Memlinc', 'Memlinc'] },
  { target: 'Rogier van der Weyden', forms: ['Roger van der Weyden', 'Rogier de le Pasture', 'Roger de la Pasture', 'Roger de le Pasture'] },
  { target: 'David Teniers the Younger', forms: ['David Teniers le Jeune', 'Teniers le Jeune', 'David Teniers der Jüngere', 'David Teniers il Giovane'] },
  { target: 'Bartolomé Esteban Murillo', forms: ['Bartolomé Murillo', 'Bartolome Esteban Perez Murillo'] },
  { target: 'Sandro Botticelli', forms: ['Alessandro Filipepi', 'Sandro Filipepi', 'Alessandro di Mariano Filipepi'] },
  { target: 'Aelbert Cuyp', forms: ['Albert Cuyp'] },
  { target: 'Nicolas Poussin', forms: ['Nicola Pussino', 'Nicolás Poussin'] },
];
