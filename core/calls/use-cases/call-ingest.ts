import { authorize, type Principal } from '../../auth/auth.model.js';
import { type DomainError, type FieldError, isDomainError, notFound } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ports.js';
import type { TenantRepository } from '../../tenancy/ports.js';
import type { EventFactory } from '../../events/event.model.js';
import { callCreated } from '../call-events.js';
import { type CallDetail, type CallRecord, toSummary } from '../call.model.js';
import { type NewCallInput, normaliseNewCall } from '../new-call.js';
import type { CallRepository } from '../ports.js';

export interface RejectedCall {
  /** Index in the batch. */
  index: number;
  message: string;
  errors: FieldError[];
}

export interface BatchOutcome {
  imported: number;
  rejected: RejectedCall[];
}

/** Recording finished calls: one by an admin over HTTP, or in batches by the operator. */
export class CallIngest {
  constructor(
    private readonly calls: CallRepository,
    private readonly tenants: TenantRepository,
    private readonly ids: IdGenerator,
    /** When given, a recorded call emits `call.created` (written with the call). */
    private readonly events?: EventFactory,
  ) {}

  /** An existing call_id is a 409; the stored detail view is returned. */
  async record(principal: Principal, tenantId: string, input: NewCallInput): Promise<CallDetail> {
    authorize(principal, tenantId, 'write');
    const call = normaliseNewCall(input, this.newId);
    await this.calls.insert({ tenant_id: tenantId, ...call }, this.events ? [callCreated(this.events, tenantId, toSummary(call))] : []);
    return call;
  }

  /**
   * Operator import (svc-admin calls import): the good calls of a batch are stored in one
   * transaction; each bad one is reported by index, with why.
   */
  async importBatch(tenantId: string, inputs: NewCallInput[]): Promise<BatchOutcome> {
    if (!(await this.tenants.find(tenantId))) throw notFound(`No tenant ${tenantId}.`);
    const rejected: RejectedCall[] = [];
    const good: CallRecord[] = [];
    const goodIndex: number[] = [];
    inputs.forEach((input, index) => {
      try {
        good.push({ tenant_id: tenantId, ...normaliseNewCall(input, this.newId) });
        goodIndex.push(index);
      } catch (err) {
        if (!isDomainError(err)) throw err;
        rejected.push({ index, message: err.message, errors: (err as DomainError).errors ?? [] });
      }
    });
    const skipped = good.length > 0 ? await this.calls.insertMany(good) : [];
    for (const i of skipped) {
      rejected.push({ index: goodIndex[i], message: `call_id ${good[i].call_id} already exists.`, errors: [{ path: 'call_id', message: 'already exists' }] });
    }
    rejected.sort((a, b) => a.index - b.index);
    return { imported: good.length - skipped.length, rejected };
  }

  /** After a bulk import: lets the store reorganise its indexes for fast searches. */
  async finishImport(): Promise<void> {
    await this.calls.compact();
  }

  private readonly newId = () => `call_${this.ids.uuid().replace(/-/g, '')}`;
}
