import { CorpusIndex } from '../corpus/corpus-index.js';
import type { CorpusSnapshot } from '../corpus/corpus.model.js';
import { operatorLayer } from './operator-layer.js';
import type { OperatorResearch } from './operator-research.model.js';
import type { CorpusProvider, CorpusView } from '../ports.js';

/**
 * Holds the index the oracle answers from: the shipped corpus, built once, with the operator
 * research laid over it. A new revision is laid over the shipped index (never over the previous
 * layer) and swapped in with one assignment, so a verification in flight always sees one whole
 * corpus, never a half-applied import.
 */
export class CorpusHolder implements CorpusProvider {
  private base: CorpusIndex;
  private view: CorpusView;
  private applied = 0;

  constructor(snapshot: CorpusSnapshot, operatorRevision = 0) {
    this.base = CorpusIndex.build(snapshot);
    this.applied = operatorRevision;
    this.view = { index: this.base, revision: corpusRevision(snapshot.build_id, operatorRevision) };
  }

  current(): CorpusView {
    return this.view;
  }

  /** The shipped corpus alone, without operator research. */
  get shipped(): CorpusIndex {
    return this.base;
  }

  /** Revision of the operator research in the current view (0: none). */
  get operatorRevision(): number {
    return this.applied;
  }

  /** Lays this operator research (everything applied up to its revision) over the shipped corpus. */
  applyOperatorResearch(research: OperatorResearch): void {
    const index = research.claims.length === 0 && research.works.length === 0 ? this.base : this.base.extend(operatorLayer(this.base, research));
    this.applied = research.revision;
    this.view = { index, revision: corpusRevision(this.base.buildId, research.revision) };
  }

  /** A new shipped corpus; operator research must be applied again over it. */
  replace(snapshot: CorpusSnapshot, operatorRevision: number): void {
    this.base = CorpusIndex.build(snapshot);
    this.applied = operatorRevision;
    this.view = { index: this.base, revision: corpusRevision(snapshot.build_id, operatorRevision) };
  }
}

/** `<build id>.<operator imports applied>`: changes with a new shipped build and with every import. */
export function corpusRevision(buildId: string, operatorRevision: number): string {
  return `${buildId}.${operatorRevision}`;
}
