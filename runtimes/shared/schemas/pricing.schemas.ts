import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { PriceList, Pricing } from '../../../core/billing/billing.model.js';
import { priceListProblems } from '../../../core/billing/pricing.js';

/** A price list as the pricing file and `key create --plan custom --price-list FILE` give it. */
export const PriceListSchema = z
  .object({
    verify_bands: z
      .array(z.object({ up_to: z.int().positive().nullable(), unit_cents: z.int().min(0) }).strict())
      .min(1)
      .meta({ description: 'Degressive scale: calls of the month up to `up_to` (inclusive; null: no bound) at `unit_cents` each.' }),
    research_tiers: z.record(z.string(), z.object({ price_cents: z.int().min(0), description: z.string() }).strict()),
  })
  .strict()
  .superRefine((list, ctx) => {
    for (const e of priceListProblems(list)) ctx.addIssue({ code: 'custom', message: e.message, path: e.path.split('.') });
  }) satisfies z.ZodType<PriceList>;

export const PricingFileSchema = z.object({ currency: z.literal('EUR'), production: PriceListSchema }).strict() satisfies z.ZodType<Pricing>;

/**
 * The package's own `config/pricing.json`: from TS source this file is `runtimes/shared/schemas/`,
 * from the compiled output `dist/runtimes/shared/schemas/`; the first candidate that exists wins.
 */
export function defaultPricingFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../../../config/pricing.json'), resolve(here, '../../../../config/pricing.json')];
  return candidates.find((c) => existsSync(c)) ?? candidates[0];
}

/** Reads and checks a JSON file against a schema; every problem names the file and the field. */
export function readJsonFile<T>(file: string, schema: z.ZodType<T>, what: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${what} ${file}: ${err instanceof SyntaxError ? 'not valid JSON' : ((err as NodeJS.ErrnoException).code ?? String(err))}`);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    throw new Error(`${what} ${file}: ${result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  return result.data;
}

export const loadPricing = (file: string = defaultPricingFile()): Pricing => readJsonFile(file, PricingFileSchema, 'PRICING_FILE');
