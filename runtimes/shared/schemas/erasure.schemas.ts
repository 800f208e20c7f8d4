import { z } from 'zod';
import type { ErasureRecord } from '../../../core/calls/erasure.model.js';
import { schemaOf } from './exact-schema.js';
import { CALL_ID_PATTERN } from '../../../core/calls/call.model.js';
import { type CallSelector, MAX_ERASED_CALL_IDS } from '../../../core/calls/erasure.model.js';
import { onType } from './field-errors.js';

/**
 * An erasure request (issue 30): exactly one of `caller_number` (every call of that caller in
 * the tenant) or `call_ids`. Checked again in core (`checkSelector`).
 */
export const ErasureRequestSchema = z
  .strictObject(
    {
      caller_number: z
        .string(onType('caller_number must be a string'))
        .trim()
        .min(1, 'caller_number must not be empty')
        .max(200, 'caller_number must be at most 200 characters')
        .optional().meta({ description: 'Every call of this caller (as recorded in `caller`, compared after trimming) is erased.' }),
      call_ids: z
        .array(z.string(onType('call_id must be a string')).regex(CALL_ID_PATTERN, 'call_id must be 1 to 128 letters, digits or ._:-'), onType('call_ids must be an array of call ids'))
        .min(1, 'call_ids must name at least one call')
        .max(MAX_ERASED_CALL_IDS, `call_ids must name at most ${MAX_ERASED_CALL_IDS} calls`)
        .optional()
        .meta({ description: `The calls to erase, by id (at most ${MAX_ERASED_CALL_IDS}); ids the tenant does not have are ignored.` }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : 'the body must be a JSON object') },
  )
  .refine((b) => (b.caller_number === undefined) !== (b.call_ids === undefined), { message: 'give exactly one of caller_number or call_ids', path: [] })
  .transform((b): CallSelector => (b.caller_number !== undefined ? { caller_number: b.caller_number } : { call_ids: b.call_ids! }))
  .meta({ id: 'ErasureRequest' });

export const ErasureRecordSchema = schemaOf<ErasureRecord>()(z
  .object({
    erasure_id: z.string(),
    tenant_id: z.string(),
    requested_by: z.string().meta({ description: 'The user id of the admin who asked, or `svc-admin`.' }),
    requested_at: z.iso.datetime(),
    selector: z.enum(['caller_number', 'call_ids']).meta({ description: 'How the calls were named; never what named them.' }),
    calls_erased: z.int().min(0),
  })
  .meta({ id: 'ErasureRecord', description: 'What an erasure leaves behind: no caller number, no call id, no text.' }));

export const ErasureListSchema = schemaOf<{ data: ErasureRecord[] }>()(z.object({ data: z.array(ErasureRecordSchema) }).meta({ id: 'ErasureList' }));
