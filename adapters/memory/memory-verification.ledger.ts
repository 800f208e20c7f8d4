import type { ArchivePosition, BilledRequest, RecordedVerification, VerificationLedger, VerificationTrace } from '../../core/attestation/ports.js';
import type { UsageMeter } from '../../core/billing/ports.js';
import { conflict } from '../../core/shared/errors.js';

/** In-memory fake; passes the same contract suites as the SQL ledger and usage meter. */
export class MemoryVerificationLedger implements VerificationLedger, UsageMeter {
  private readonly traces = new Map<string, string>();
  private readonly usage = new Map<string, number>();

  async record(trace: VerificationTrace): Promise<void> {
    await this.recordAll([{ trace }]);
  }

  async recordAll(entries: readonly RecordedVerification[]): Promise<void> {
    const ids = new Set<string>();
    for (const { trace } of entries) {
      if (this.traces.has(trace.request_id) || ids.has(trace.request_id)) throw conflict(`A verification with request_id ${trace.request_id} is archived already.`);
      ids.add(trace.request_id);
    }
    for (const { trace } of entries) {
      // Stored serialised, as a database would: a caller mutating its object later changes nothing.
      this.traces.set(trace.request_id, JSON.stringify(trace));
      const meter = `${trace.key_id ?? 'sandbox'}|${trace.served_at.slice(0, 7)}`;
      this.usage.set(meter, (this.usage.get(meter) ?? 0) + 1);
    }
  }

  async find(requestId: string): Promise<VerificationTrace | null> {
    const json = this.traces.get(requestId);
    return json === undefined ? null : JSON.parse(json);
  }

  async findAll(requestIds: readonly string[]): Promise<Map<string, VerificationTrace>> {
    const found = new Map<string, VerificationTrace>();
    for (const id of requestIds) {
      const json = this.traces.get(id);
      if (json !== undefined) found.set(id, JSON.parse(json));
    }
    return found;
  }

  async billed(keyId: string, range: { from: string; to: string }, after: ArchivePosition | null, limit: number): Promise<BilledRequest[]> {
    const key = (t: { served_at: string; request_id: string }) => `${t.served_at}\u0000${t.request_id}`;
    return [...this.traces.values()]
      .map((json) => JSON.parse(json) as VerificationTrace)
      .filter((t) => t.key_id === keyId && t.served_at >= range.from && t.served_at < range.to && (after === null || key(t) > key(after)))
      .sort((a, b) => (key(a) < key(b) ? -1 : 1))
      .slice(0, limit)
      .map((t) => ({ request_id: t.request_id, served_at: t.served_at, verdict: t.response.verdict, subject: t.response.subject }));
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
