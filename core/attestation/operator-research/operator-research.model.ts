/**
 * Operator research: claims that the operator's researchers add to the corpus through
 * `svc-admin corpus import` (docs/operator-research.md). Stored apart from the shipped corpus,
 * overlaid on it at run time; each import is one revision, applied whole or not at all.
 */
import type { ClaimKind, Pillar, Qualifier } from '../corpus/corpus.model.js';
import type { OrderDelivery } from '../research-orders/research-order.model.js';

/** An artist an import added (not in the shipped corpus); public domain by the coverage rule. */
export interface OperatorArtist {
  artist_id: string;
  import_id: string;
  name: string;
  birth_year: number | null;
  death_year: number;
}

/** A work an import added: identified by artist, title and optional inventory number. */
export interface OperatorWork {
  work_id: string;
  import_id: string;
  /** The artist the line named the work by (its attributions come from the claims). */
  artist_id: string;
  title: string;
  inventory_number: string | null;
}

/** One accepted line of an import. */
export interface OperatorClaim {
  import_id: string;
  /** Line number in the imported file (1-based). */
  line: number;
  work_id: string;
  pillar: Pillar;
  kind: ClaimKind;
  claim: string;
  source_ref: string;
  researcher: string;
  /** An `operator` attribution of the work (authentication pillar only). */
  attribution: { artist_id: string; qualifier: Qualifier } | null;
}

/** One applied import: what `corpus stats` lists. */
export interface OperatorImport {
  import_id: string;
  /** 1 for the first import, then +1 each: the operator part of `corpus_revision`. */
  revision: number;
  applied_at: string;
  /** The file name as given to the command (for the record only). */
  file: string;
  /** Build id of the shipped corpus the import was validated against. */
  base_build: string;
  lines: number;
  claims: number;
  works_added: number;
  artists_added: number;
  researchers: string[];
}

/** Everything applied so far, as of one revision (read in one consistent snapshot). */
export interface OperatorResearch {
  revision: number;
  artists: OperatorArtist[];
  works: OperatorWork[];
  claims: OperatorClaim[];
  /** When each import was applied, by import id (dates the claims). */
  applied_at: Record<string, string>;
}

/** One import ready to apply: valid as a whole against revision `expected_revision`. */
export interface OperatorImportBatch {
  expected_revision: number;
  import: Omit<OperatorImport, 'revision'>;
  artists: OperatorArtist[];
  works: OperatorWork[];
  claims: OperatorClaim[];
  /**
   * The research order this import delivers: applied in the same transaction, which moves the
   * order from `accepted` to `delivered` or, when it is no longer accepted, applies nothing.
   */
  delivers?: OrderDelivery;
}

export const EMPTY_OPERATOR_RESEARCH: OperatorResearch = Object.freeze({
  revision: 0,
  artists: [],
  works: [],
  claims: [],
  applied_at: {},
}) as OperatorResearch;

/** Claim kinds an operator line may use, per pillar. */
export const OPERATOR_KINDS: Readonly<Record<Pillar, readonly ClaimKind[]>> = {
  authentication: ['attribution', 'catalogue_number', 'inventory_number', 'research_note'],
  provenance: ['ownership_event', 'acquisition', 'credit_line', 'collection', 'provenance_text', 'inventory_number', 'research_note'],
  market: ['sale', 'dealer', 'research_note'],
  condition: ['condition_note', 'research_note'],
};
