/** Tables of data stewardship (migration 0011), as Kysely sees them. */
export interface StewardshipTables {
  call_erasures: CallErasuresTable;
}

export interface CallErasuresTable {
  erasure_id: string;
  tenant_id: string;
  /** A user id, or `svc-admin`. */
  requested_by: string;
  requested_at: string;
  /** `caller_number` or `call_ids`: how the calls were named, never what named them. */
  selector: string;
  calls_erased: number;
}
