import { z } from 'zod';
import type { Page } from '../../../core/shared/keyset-cursor.js';
import { schemaOf } from './exact-schema.js';
import { ORDER_STATUSES, type ResearchOrderView } from '../../../core/attestation/research-orders/research-order.model.js';
import { IDEMPOTENCY_KEY_PATTERN, type OrderListOptions } from '../../../core/attestation/research-orders/research-orders.js';
import { CURRENCY, type Statement } from '../../../core/billing/billing.model.js';
import { PageQuerySchema } from './page.schemas.js';
import { VerifyRequestSchema } from './attestation.schemas.js';

/** Wire shapes of research orders and invoices (Area B); the OpenAPI document is generated from these. */

const optionalText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .min(1, `${name} must not be blank`)
    .max(max, `${name} must be at most ${max} characters`)
    .optional();

export const OrderRequestSchema = z
  .object({
    subject_artist: VerifyRequestSchema.shape.subject_artist.optional(),
    subject_title: VerifyRequestSchema.shape.subject_title.optional(),
    subject_ref: VerifyRequestSchema.shape.subject_ref,
    request_id: z.uuid('request_id must be a UUID').optional().meta({ description: 'The verification that prompted the order; its subject is used when none is given.' }),
    tier: z
      .string({ error: (i) => (i.input === undefined ? 'tier is required' : 'tier must be a string') })
      .min(1, 'tier must not be blank')
      .max(40, 'tier must be at most 40 characters')
      .meta({ description: 'A research tier of the price list: `standard` (EUR 590) or `extended` (EUR 1,490) by default.', example: 'standard' }),
    client_reference: optionalText('client_reference', 200).meta({ description: 'Your reference, e.g. the lot number.' }),
    note: optionalText('note', 2000).meta({ description: 'Anything the researchers should know.' }),
  })
  .strict()
  .meta({ id: 'ResearchOrderRequest' });
export type OrderRequest = z.infer<typeof OrderRequestSchema>;

export const OrderSchema = schemaOf<ResearchOrderView>()(z
  .object({
    order_id: z.string(),
    status: z.enum(ORDER_STATUSES),
    tier: z.string(),
    price_excl_vat_cents: z.int().min(0).meta({ description: 'Price excluding VAT in euro cents, fixed when the order was placed.' }),
    currency: z.literal(CURRENCY),
    subject: z.strictObject({ artist: z.string(), title: z.string(), ref: z.string().nullable() }),
    request_id: z.string().nullable(),
    client_reference: z.string().nullable(),
    note: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    accepted_at: z.iso.datetime().nullable(),
    declined_at: z.iso.datetime().nullable(),
    decline_reason: z.string().nullable(),
    cancelled_at: z.iso.datetime().nullable(),
    delivered_at: z.iso.datetime().nullable(),
    delivery: z
      .strictObject({ import_id: z.string(), corpus_revision: z.string().meta({ description: 'The corpus revision that carries the delivered claims.' }) })
      .nullable(),
  })
  // Strict: the same document as a response and inside the research_order.updated event (one component).
  .strict()
  .meta({ id: 'ResearchOrder' }));

export const OrderListSchema = schemaOf<Page<ResearchOrderView>>()(z.object({ data: z.array(OrderSchema), next_cursor: z.string().nullable() }).meta({ id: 'ResearchOrderList' }));

/** The order list's query: GET /verify/research-orders and `svc-admin research list` parse with it. */
export const OrderListQuerySchema = PageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
}) satisfies z.ZodType<OrderListOptions>;

export const OrderHeadersSchema = z.object({
  'Idempotency-Key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .meta({ description: 'Makes a retry safe: the same key and body answer the same order; the same key with another body is a 409.' }),
});

export const OrderParamsSchema = z.object({ order_id: z.string().max(100).meta({ description: 'The order id (`ro_…`).' }) });

const cents = (description: string) => z.int().min(0).meta({ description });

export const StatementSchema = schemaOf<Statement>()(z
  .object({
    key_id: z.string(),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    currency: z.literal(CURRENCY),
    plan: z.object({ name: z.enum(['pilot', 'production', 'custom']), until: z.string().nullable().meta({ description: 'Last day of a pilot (UTC).' }) }),
    closed: z.boolean().meta({ description: 'True once the month is over (UTC): the figures no longer change.' }),
    verify: z.object({
      served_calls: z.int().min(0),
      free_calls: z.int().min(0).meta({ description: 'Calls served within a pilot: listed, never charged.' }),
      billable_calls: z.int().min(0),
      bands: z.array(
        z.object({
          from_call: z.int().min(1),
          to_call: z.int().nullable(),
          unit_price_cents: cents('Price of one call in this band.'),
          calls: z.int().min(0),
          amount_cents: cents('calls × unit_price_cents.'),
        }),
      ),
      amount_cents: cents('Sum of the bands.'),
    }),
    research_orders: z.array(
      z.object({
        order_id: z.string(),
        tier: z.string(),
        subject: z.object({ artist: z.string(), title: z.string() }),
        client_reference: z.string().nullable(),
        delivered_at: z.iso.datetime(),
        price_cents: cents('Price excluding VAT.'),
      }),
    ),
    research_amount_cents: cents('Sum of the delivered orders.'),
    total_excl_vat_cents: cents('verify.amount_cents + research_amount_cents, excluding VAT.'),
  })
  .meta({ id: 'MonthlyStatement' }));

export const MonthParamsSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must have the form YYYY-MM').meta({ description: 'Invoice month, YYYY-MM (UTC).' }),
});
