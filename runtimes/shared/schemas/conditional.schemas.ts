import { z } from 'zod';

/** The request header of a conditional write (RFC 9110 §13.1.1), required: without it, 428 (ADR 0034). */
export const IfMatchHeadersSchema = z.object({
  'If-Match': z.string().meta({
    description: 'The ETag this write replaces, as read (`"agt_….v3"`), or `*`. Required: a write without it answers 428; a stale one 412.',
    example: '"agt_0123456789abcdef0123456789abcdef.v3"',
  }),
});
