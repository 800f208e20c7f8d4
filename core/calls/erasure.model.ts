import { type FieldError, validationError } from '../shared/errors.js';
import { CALL_ID_PATTERN } from './call.model.js';

/** Which calls of a tenant an erasure removes: every call of a caller number, or calls by id. */
export type CallSelector = { caller_number: string } | { call_ids: string[] };

/** Call ids one erasure names at most. */
export const MAX_ERASED_CALL_IDS = 1000;
/** A caller as calls store it (1 to 200 characters, trimmed). */
const CALLER_LENGTH = 200;

/**
 * What an erasure leaves behind: who asked, when, how and how many calls. No personal data:
 * neither the caller number nor the call ids it named (a call id may be a caller's handle).
 */
export interface ErasureRecord {
  erasure_id: string;
  tenant_id: string;
  /** The user id of the admin who asked over the API, or `svc-admin` for the operator. */
  requested_by: string;
  requested_at: string;
  selector: 'caller_number' | 'call_ids';
  calls_erased: number;
}

/** The selector checked and normalised (trimmed caller, call ids without repeats), or a 400 naming each bad field. */
export function checkSelector(input: CallSelector): CallSelector {
  const errors: FieldError[] = [];
  if ('caller_number' in input) {
    const caller = input.caller_number.trim();
    if (caller.length === 0 || caller.length > CALLER_LENGTH) errors.push({ path: 'caller_number', message: `caller_number must be 1 to ${CALLER_LENGTH} characters` });
    if (errors.length > 0) throw validationError('Invalid erasure.', errors);
    return { caller_number: caller };
  }
  const ids = input.call_ids;
  if (ids.length === 0 || ids.length > MAX_ERASED_CALL_IDS) errors.push({ path: 'call_ids', message: `call_ids must name 1 to ${MAX_ERASED_CALL_IDS} calls` });
  ids.forEach((id, i) => {
    if (!CALL_ID_PATTERN.test(id)) errors.push({ path: `call_ids.${i}`, message: 'call_id must be 1 to 128 letters, digits or ._:-' });
  });
  if (errors.length > 0) throw validationError('Invalid erasure.', errors.slice(0, 20));
  return { call_ids: [...new Set(ids)] };
}
