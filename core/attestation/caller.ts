import { DomainError } from '../shared/errors.js';
import type { Caller } from './ports.js';

/** The caller of an endpoint that needs a production key (usage, invoices, research orders, webhooks). */
export function requireProduction(caller: Caller): Extract<Caller, { tier: 'production' }> {
  if (caller.tier !== 'production') {
    throw new DomainError('UNAUTHENTICATED', 'This endpoint needs a production API key (X-API-Key).');
  }
  return caller;
}
