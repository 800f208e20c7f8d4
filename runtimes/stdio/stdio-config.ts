import { z } from 'zod';
import { apiRoot } from './backends.js';

/**
 * Environment of `svc-verify`. An empty variable counts as unset (client configuration files
 * often carry `"SVC_VERIFY_KEY": ""`).
 */
export interface StdioConfig {
  /** Remote mode when set: the API's base address. Embedded mode otherwise. */
  apiUrl: string | undefined;
  apiKey: string | undefined;
  apiTimeoutMs: number;
  corpusDir: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const EnvSchema = z.object({
  SVC_API_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .refine((v) => {
        try {
          apiRoot(v);
          return true;
        } catch {
          return false;
        }
      }, 'SVC_API_URL must be an http or https URL, e.g. https://api.example.com')
      .optional(),
  ),
  SVC_VERIFY_KEY: z.preprocess(blankAsUnset, z.string().trim().optional()),
  SVC_API_TIMEOUT_MS: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: 'SVC_API_TIMEOUT_MS must be a number' })
      .int('SVC_API_TIMEOUT_MS must be an integer')
      .min(100, 'SVC_API_TIMEOUT_MS must be at least 100')
      .max(600_000, 'SVC_API_TIMEOUT_MS must be at most 600000')
      .default(10_000),
  ),
  CORPUS_DIR: z.preprocess(blankAsUnset, z.string().optional()),
  LOG_LEVEL: z.preprocess(blankAsUnset, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

/** Reads the environment; a bad value throws a message naming the variable (never its value). */
export function loadStdioConfig(env: NodeJS.ProcessEnv = process.env): StdioConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    apiUrl: e.SVC_API_URL,
    apiKey: e.SVC_VERIFY_KEY,
    apiTimeoutMs: e.SVC_API_TIMEOUT_MS,
    corpusDir: e.CORPUS_DIR,
    logLevel: e.LOG_LEVEL,
  };
}
