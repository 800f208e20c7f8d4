import { resolve } from 'node:path';
import { z } from 'zod';

const intFrom = (name: string, def: number, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(def);

const EnvSchema = z.object({
  PORT: intFrom('PORT', 3000, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORPUS_DIR: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: intFrom('RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE', 30, 1, 1_000_000),
  RATE_LIMIT_VERIFY_KEY_PER_MINUTE: intFrom('RATE_LIMIT_VERIFY_KEY_PER_MINUTE', 600, 1, 1_000_000),
  SHUTDOWN_GRACE_MS: intFrom('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file when no DATABASE_URL is given. */
  sqliteFile: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  corpusDir: string | undefined;
  trustProxy: boolean;
  limits: { verifySandboxPerMinute: number; verifyKeyPerMinute: number };
  shutdownGraceMs: number;
}

/** Reads the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    sqliteFile: resolve(dataDir, 'svc.sqlite'),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    corpusDir: e.CORPUS_DIR,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    limits: {
      verifySandboxPerMinute: e.RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE,
      verifyKeyPerMinute: e.RATE_LIMIT_VERIFY_KEY_PER_MINUTE,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  };
}
