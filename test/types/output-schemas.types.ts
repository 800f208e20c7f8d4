/**
 * Type-level test, checked by `npm run typecheck` (not run by vitest): a schema is tied to its
 * core type both ways. Each `@ts-expect-error` fails the typecheck if the line below it compiles.
 */
import { z } from 'zod';
import type { VerificationResponse } from '../../core/attestation/verdict/verification.model.js';
import { VerificationResponseSchema } from '../../runtimes/shared/schemas/attestation.schemas.js';
import { schemaOf } from '../../runtimes/shared/schemas/exact-schema.js';

interface Core {
  id: string;
  note?: string;
  status: 'open' | 'closed';
  nested: { at: string | null };
}

export const exact = schemaOf<Core>()(
  z.object({ id: z.string(), note: z.string().optional(), status: z.enum(['open', 'closed']), nested: z.object({ at: z.string().nullable() }) }),
);

// @ts-expect-error an optional field of the core type missing from the schema (satisfies z.ZodType<Core> would let it pass)
export const missingOptional = schemaOf<Core>()(z.object({ id: z.string(), status: z.enum(['open', 'closed']), nested: z.object({ at: z.string().nullable() }) }));

export const extraField = schemaOf<Core>()(
  // @ts-expect-error a field the core type does not have
  z.object({ id: z.string(), note: z.string().optional(), status: z.enum(['open', 'closed']), nested: z.object({ at: z.string().nullable() }), extra: z.string() }),
);

export const widerEnum = schemaOf<Core>()(
  // @ts-expect-error a value the core type does not have
  z.object({ id: z.string(), note: z.string().optional(), status: z.enum(['open', 'closed', 'gone']), nested: z.object({ at: z.string().nullable() }) }),
);

export const nestedDrift = schemaOf<Core>()(
  // @ts-expect-error a nested field that lost its null
  z.object({ id: z.string(), note: z.string().optional(), status: z.enum(['open', 'closed']), nested: z.object({ at: z.string() }) }),
);

// The real response schema: one field more on the core type is a compile error.
export const responseWithout = schemaOf<VerificationResponse & { added_later: string[] }>()(
  // @ts-expect-error VerificationResponse gained a field the schema does not carry
  VerificationResponseSchema,
);
