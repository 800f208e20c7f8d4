import { CorpusIndex } from './corpus-index.js';
import type { CorpusSnapshot } from './corpus.model.js';
import type { CorpusProvider, CorpusView } from './ports.js';

/**
 * Holds the index the oracle answers from. `replace` swaps it in one assignment, so a
 * verification in flight always sees one whole corpus, never a half-applied import.
 */
export class CorpusHolder implements CorpusProvider {
  private view: CorpusView;

  constructor(snapshot: CorpusSnapshot, operatorRevision = 0) {
    this.view = { index: CorpusIndex.build(snapshot), revision: corpusRevision(snapshot.build_id, operatorRevision) };
  }

  current(): CorpusView {
    return this.view;
  }

  replace(snapshot: CorpusSnapshot, operatorRevision: number): void {
    this.view = { index: CorpusIndex.build(snapshot), revision: corpusRevision(snapshot.build_id, operatorRevision) };
  }
}

/** `<build id>.<operator imports applied>`: changes with a new shipped build and with every import. */
export function corpusRevision(buildId: string, operatorRevision: number): string {
  return `${buildId}.${operatorRevision}`;
}
