import { DomainError } from '../shared/errors.js';
import type { Caller, VerificationTrace } from './ports.js';

/** The caller of an endpoint that needs a production key (usage, invoices, research orders, webhooks). */
export function requireProduction(caller: Caller): Extract<Caller, { tier: 'production' }> {
  if (caller.tier !== 'production') {
    throw new DomainError('UNAUTHENTICATED', 'This endpoint needs a production API key (X-API-Key).');
  }
  return caller;
}

/** A sandbox trace is anyone's who holds its id; a production trace only its key's. */
export function visibleTo(trace: VerificationTrace, caller: Caller): boolean {
  if (trace.tier === 'sandbox') return true;
  return caller.tier === 'production' && caller.key_id === trace.key_id;
}
