import type { VerificationLedger, VerificationTrace } from '../../core/attestation/ports.js';
import type { UsageMeter } from '../../core/billing/ports.js';

/** In-memory fake; passes the same contract suites as the SQL ledger and usage meter. */
export class MemoryVerificationLedger implements VerificationLedger, UsageMeter {
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

  async servedCallsBetween(keyId: string, from: string, to: string): Promise<number> {
    let n = 0;
    for (const json of this.traces.values()) {
      const t = JSON.parse(json) as VerificationTrace;
      if (t.key_id === keyId && t.served_at >= from && t.served_at < to) n++;
    }
    return n;
  }
}
