/** The research orders table (migration 0006), as Kysely sees it. */
export interface ResearchOrderTables {
  research_orders: ResearchOrdersTable;
}

export interface ResearchOrdersTable {
  order_id: string;
  key_id: string;
  status: string;
  tier: string;
  price_cents: number;
  currency: string;
  subject_artist: string;
  subject_title: string;
  subject_ref: string | null;
  request_id: string | null;
  client_reference: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
  accepted_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  cancelled_at: string | null;
  delivered_at: string | null;
  import_id: string | null;
  corpus_revision: string | null;
  idempotency_key: string | null;
  request_fingerprint: string | null;
}
