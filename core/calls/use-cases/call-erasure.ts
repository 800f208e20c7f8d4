import { authorize, type Principal } from '../../auth/auth.model.js';
import { callsErased } from '../call-events.js';
import type { EventFactory } from '../../events/event.model.js';
import { notFound } from '../../shared/errors.js';
import type { Clock, IdGenerator } from '../../shared/ports.js';
import type { TenantRepository } from '../../tenancy/ports.js';
import { type CallSelector, checkSelector, type ErasureRecord } from '../erasure.model.js';
import type { CallErasureStore } from '../ports.js';

/** Who asks for an erasure: an admin of the tenant over the API, or the operator (svc-admin). */
export type ErasureRequester = { principal: Principal } | { operator: true };

/** The operator's name on the records svc-admin writes. */
export const OPERATOR_REQUESTER = 'svc-admin';

/**
 * A caller's right to erasure: every call of a caller number (or the calls named by id) in a
 * tenant is deleted with its search entries and the outbox events carrying its data, one
 * `calls.erased` event is emitted and an erasure record kept, all in one transaction. The
 * record and the event say who asked, when, how and how many; never whose calls.
 */
export class CallErasure {
  constructor(
    private readonly store: CallErasureStore,
    private readonly tenants: TenantRepository,
    private readonly events: EventFactory,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async erase(requester: ErasureRequester, tenantId: string, selector: CallSelector): Promise<ErasureRecord> {
    if ('principal' in requester) authorize(requester.principal, tenantId, 'write');
    const checked = checkSelector(selector);
    if (!(await this.tenants.find(tenantId))) throw notFound(`No tenant ${tenantId}.`);
    const base = {
      erasure_id: `era_${this.ids.uuid().replace(/-/g, '')}`,
      tenant_id: tenantId,
      requested_by: 'principal' in requester ? requester.principal.user_id : OPERATOR_REQUESTER,
      requested_at: this.clock.now().toISOString(),
      selector: 'caller_number' in checked ? ('caller_number' as const) : ('call_ids' as const),
    };
    return this.store.erase(tenantId, checked, (calls_erased) => {
      const record: ErasureRecord = { ...base, calls_erased };
      return { record, events: [callsErased(this.events, record)] };
    });
  }

  /** The tenant's erasure records, newest first. */
  async records(requester: ErasureRequester, tenantId: string, limit = 100): Promise<ErasureRecord[]> {
    if ('principal' in requester) authorize(requester.principal, tenantId, 'write');
    return this.store.records(tenantId, limit);
  }
}
