/** Tables of the operator research store (migration 0003), as Kysely sees them. */
export interface OperatorResearchTables {
  corpus_imports: CorpusImportsTable;
  operator_artists: OperatorArtistsTable;
  operator_works: OperatorWorksTable;
  operator_claims: OperatorClaimsTable;
}

export interface CorpusImportsTable {
  import_id: string;
  revision: number;
  applied_at: string;
  file: string;
  base_build: string;
  lines: number;
  claims: number;
  works_added: number;
  artists_added: number;
  researchers_json: string;
}

export interface OperatorArtistsTable {
  artist_id: string;
  import_id: string;
  name: string;
  birth_year: number | null;
  death_year: number;
}

export interface OperatorWorksTable {
  work_id: string;
  import_id: string;
  artist_id: string;
  title: string;
  inventory_number: string | null;
}

export interface OperatorClaimsTable {
  import_id: string;
  line: number;
  work_id: string;
  pillar: string;
  kind: string;
  claim: string;
  source_ref: string;
  researcher: string;
  attribution_artist_id: string | null;
  attribution_qualifier: string | null;
}
