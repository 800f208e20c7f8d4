/**
 * Data stewardship (issue 30): a tenant's export and deletion. It sits above the areas whose
 * data it exports and erases (tenancy, calls, knowledge, agents, workspace, events), which
 * import nothing of it.
 */

/** Everything a tenant owns, removed at once (offboarding). */
export interface TenantDataEraser {
  /**
   * In ONE transaction, deletes every row the tenant owns in every table and index (users,
   * calls and their search entries, knowledge and its index, sync runs, agents and versions,
   * workspace, webhook subscriptions, events, deliveries and attempts, erasure records, the
   * tenant). Returns the rows deleted per table; an unknown tenant deletes nothing.
   */
  deleteTenant(tenantId: string): Promise<Record<string, number>>;
}
