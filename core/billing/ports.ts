/** What invoicing reads besides keys and orders: the meter of served verifications. */
export interface UsageMeter {
  /** Served calls of a key in a month (`YYYY-MM`, UTC). */
  servedCalls(keyId: string, month: string): Promise<number>;
  /** Served calls of a key within [from, to) (ISO instants): a pilot ending mid-month. */
  servedCallsBetween(keyId: string, from: string, to: string): Promise<number>;
}
