import type { VerificationLedger, VerificationTrace } from '../../core/attestation/ports.js';

/** In-memory fake; passes the same contract suite as the SQL ledger. */
export class MemoryVerificationLedger implements VerificationLedger {
  private readonly traces = new Map<string, string>();
  private readonly usage = new Map<string, number>();

  async record(trace: VerificationTrace): Promise<void> {
    if (this.traces.has(trace.request_id)) throw new Error(`duplicate request_id ${trace.request_id}`);
    // Stored serialised, as a database would: a caller mutating its object later changes nothing.
    this.traces.set(trace.request_id, JSON.stringify(trace));
    const meter = `${trace.key_id ?? 'sandbox'}|${trace.served_at.slice(0, 7)}`;
    this.usage.set(meter, (this.usage.get(meter) ?? 0) + 1);
  }

  async find(requestId: string): Promise<VerificationTrace | null> {
    const json = this.traces.get(requestId);
    return json === undefined ? null : JSON.parse(json);
  }

  async servedCalls(keyId: string, month: string): Promise<number> {
    return this.usage.get(`${keyId}|${month}`) ?? 0;
  }
}
