import { resolve } from 'node:path';
import { z } from 'zod';
import type { Pricing } from '../../../core/billing/billing.model.js';
import { loadPricing } from '../schemas/pricing.schemas.js';

const intFrom = (name: string, def: number, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(def);

/** `https://app.example.com` or `http://localhost:8080`: what a browser sends as `Origin`, nothing more. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  PORT: intFrom('PORT', 3000, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'DATABASE_URL must be postgres://…, postgresql://… or sqlite:PATH (or unset for SQLite in DATA_DIR)')
      .optional(),
  ),
  DB_POOL_MAX: intFrom('DB_POOL_MAX', 10, 1, 1000),
  DB_STATEMENT_TIMEOUT_MS: intFrom('DB_STATEMENT_TIMEOUT_MS', 10_000, 100, 3_600_000),
  DB_CONNECT_TIMEOUT_MS: intFrom('DB_CONNECT_TIMEOUT_MS', 5_000, 100, 600_000),
  SQLITE_MAX_SIZE_MB: intFrom('SQLITE_MAX_SIZE_MB', 0, 0, 1_000_000_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORPUS_DIR: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: intFrom('RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE', 30, 1, 1_000_000),
  RATE_LIMIT_VERIFY_KEY_PER_MINUTE: intFrom('RATE_LIMIT_VERIFY_KEY_PER_MINUTE', 600, 1, 1_000_000),
  SHUTDOWN_GRACE_MS: intFrom('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
  JWT_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'JWT_SECRET must be at least 32 characters (or unset it to generate one in DATA_DIR)').optional(),
  ),
  JWT_ALGORITHM: z.enum(['HS256', 'HS384', 'HS512']).default('HS256'),
  JWT_TTL_SECONDS: intFrom('JWT_TTL_SECONDS', 3600, 60, 86_400),
  DEMO_SEED: z.enum(['true', 'false', '1', '0']).default('true'),
  RATE_LIMIT_LOGIN_IP_PER_MINUTE: intFrom('RATE_LIMIT_LOGIN_IP_PER_MINUTE', 10, 1, 1_000_000),
  RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE: intFrom('RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE', 10, 1, 1_000_000),
  RATE_LIMIT_TENANT_PER_MINUTE: intFrom('RATE_LIMIT_TENANT_PER_MINUTE', 200, 1, 1_000_000),
  RATE_LIMIT_UPLOAD_PER_MINUTE: intFrom('RATE_LIMIT_UPLOAD_PER_MINUTE', 10, 1, 1_000_000),
  RATE_LIMIT_AGENTS_PER_MINUTE: intFrom('RATE_LIMIT_AGENTS_PER_MINUTE', 100, 1, 1_000_000),
  RATE_LIMIT_WINDOW_MS: intFrom('RATE_LIMIT_WINDOW_MS', 60_000, 1000, 3_600_000),
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional()),
  TRUST_PROXY_HOPS: intFrom('TRUST_PROXY_HOPS', 1, 0, 32),
  HTTP_HEADERS_TIMEOUT_MS: intFrom('HTTP_HEADERS_TIMEOUT_MS', 10_000, 1000, 600_000),
  HTTP_REQUEST_TIMEOUT_MS: intFrom('HTTP_REQUEST_TIMEOUT_MS', 60_000, 1000, 3_600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: intFrom('HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000, 1000, 600_000),
  PRICING_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(['true', 'false', '1', '0']).default('false'),
  WEBHOOKS_POLL_MS: intFrom('WEBHOOKS_POLL_MS', 1000, 10, 600_000),
  WEBHOOKS_TIMEOUT_MS: intFrom('WEBHOOKS_TIMEOUT_MS', 10_000, 100, 120_000),
  WEBHOOKS_LEASE_MS: intFrom('WEBHOOKS_LEASE_MS', 60_000, 1000, 3_600_000),
  WEBHOOKS_BATCH: intFrom('WEBHOOKS_BATCH', 32, 1, 1000),
  WEBHOOKS_PER_SUBSCRIPTION: intFrom('WEBHOOKS_PER_SUBSCRIPTION', 2, 1, 16),
  WEBHOOKS_PER_OWNER: intFrom('WEBHOOKS_PER_OWNER', 8, 1, 10_000),
  WEBHOOKS_RETRY_BASE_MS: intFrom('WEBHOOKS_RETRY_BASE_MS', 5_000, 1, 3_600_000),
  WEBHOOKS_RETRY_WINDOW_MS: intFrom('WEBHOOKS_RETRY_WINDOW_MS', 86_400_000, 1, 30 * 86_400_000),
  WEBHOOKS_DISABLE_AFTER_MS: intFrom('WEBHOOKS_DISABLE_AFTER_MS', 3 * 86_400_000, 1, 365 * 86_400_000),
  RETENTION_INTERVAL_MS: intFrom('RETENTION_INTERVAL_MS', 3_600_000, 1000, 86_400_000),
  EXTRACT_TIMEOUT_MS: intFrom('EXTRACT_TIMEOUT_MS', 30_000, 100, 3_600_000),
  EXTRACT_MAX_HEAP_MB: intFrom('EXTRACT_MAX_HEAP_MB', 256, 16, 16_384),
  EXTRACT_MAX_TEXT_BYTES: intFrom('EXTRACT_MAX_TEXT_BYTES', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  EXTRACT_MAX_INFLATED_BYTES: intFrom('EXTRACT_MAX_INFLATED_BYTES', 64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  WEBHOOKS_RETENTION_DAYS: intFrom('WEBHOOKS_RETENTION_DAYS', 30, 1, 3650),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins = v.split(',').map((o) => o.trim()).filter((o) => o !== '');
      for (const o of origins) {
        if (!isOrigin(o)) ctx.addIssue({ code: 'custom', message: `MCP_ALLOWED_ORIGINS: "${o.slice(0, 100)}" is not an origin (scheme://host[:port], no path)` });
      }
      return origins;
    }),
}).refine((e) => e.HTTP_HEADERS_TIMEOUT_MS <= e.HTTP_REQUEST_TIMEOUT_MS, {
  path: ['HTTP_HEADERS_TIMEOUT_MS'],
  message: 'HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file when no DATABASE_URL is given. */
  sqliteFile: string;
  databaseUrl: string | undefined;
  database: {
    /** Which adapter DATABASE_URL selects (unset or `sqlite:` → SQLite). */
    dialect: 'sqlite' | 'postgres';
    /** PostgreSQL: connections per instance (SQLite: one connection, this is ignored). */
    poolMax: number;
    /** PostgreSQL: `statement_timeout`; SQLite: how long a writer waits for a lock (busy_timeout). */
    statementTimeoutMs: number;
    /** PostgreSQL: how long to wait for a new connection (and for a free one in the pool). */
    connectTimeoutMs: number;
    /** PostgreSQL: `application_name`, seen in pg_stat_activity. */
    applicationName: string;
    /** SQLite: the most bytes the database file may grow to (0: as much as the disk holds); a write past it is a 503, like a full disk. */
    sqliteMaxSizeBytes: number;
  };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  corpusDir: string | undefined;
  trustProxy: boolean;
  /** With trustProxy: how many X-Forwarded-For entries (from the right) are trusted; 0 = all. */
  trustProxyHops: number;
  /** Rate-limit counters in Redis (shared by instances) when set; in memory otherwise. */
  redisUrl: string | undefined;
  limits: {
    verifySandboxPerMinute: number;
    verifyKeyPerMinute: number;
    loginIpPerMinute: number;
    loginEmailPerMinute: number;
    /** Calls and knowledge endpoints: one budget per tenant. */
    tenantPerMinute: number;
    /** `POST /tenants/{id}/knowledge`, per tenant, on top of the tenant budget. */
    uploadPerMinute: number;
    /** `/ai-agents...` and `/workspace`, one budget per client IP. */
    agentsPerMinute: number;
    /** The window of every limit (60 000 ms; shorter only for tests and drills). */
    windowMs: number;
  };
  shutdownGraceMs: number;
  /** Node's HTTP server timeouts (docs/decisions/0013-edge-hardening.md). */
  http: {
    /** A client must send the whole request head within this (else 408). */
    headersTimeoutMs: number;
    /** A client must send the whole request, body included, within this (else 408). */
    requestTimeoutMs: number;
    /** An idle keep-alive connection is closed after this (above common balancers' 60 s). */
    keepAliveTimeoutMs: number;
  };
  auth: {
    /** JWT_SECRET when set; else the secret is generated once into `jwtSecretFile`. */
    jwtSecret: string | undefined;
    jwtSecretFile: string;
    jwtAlgorithm: 'HS256' | 'HS384' | 'HS512';
    tokenTtlSeconds: number;
  };
  /** Create the demo tenant on an empty database at start (`npm start`). */
  demoSeed: boolean;
  /** Production prices: verify bands and research tiers (PRICING_FILE, else config/pricing.json). */
  pricing: Pricing;
  /** Webhook delivery (docs/decisions/0017-webhooks.md). */
  webhooks: {
    /** `http://` to loopback hosts, and loopback addresses, are allowed targets (development, tests). */
    allowLoopback: boolean;
    /** An idle dispatcher looks for new events and due retries this often. */
    pollMs: number;
    /** One attempt gives up after this. */
    timeoutMs: number;
    /** A dispatcher's claim on a delivery; another instance takes it over after that. */
    leaseMs: number;
    /** Events fanned out per step, and deliveries in flight at most. */
    batch: number;
    /** Deliveries in flight at once (all instances) per subscription and per owner (tenant or key). */
    caps: { perSubscription: number; perOwner: number };
    /** Nominal delay after the first failed attempt (then times 4, capped at 6 hours). */
    retryBaseMs: number;
    /** A delivery is retried for this long, then failed. */
    retryWindowMs: number;
    /** A subscription whose deliveries all failed for this long is disabled. */
    disableAfterMs: number;
    /** Finished deliveries with their attempts, and delivered events, are kept this many days. */
    retentionDays: number;
  };
  /** How often a server purges calls past their workspace's retention_days (ADR 0014). */
  retentionIntervalMs: number;
  /** The remote MCP server at `/mcp` (ADR 0045). */
  mcp: {
    /**
     * Browser origins allowed to call `/mcp` besides loopback ones (MCP_ALLOWED_ORIGINS, comma
     * separated); any other `Origin` is a 403 (DNS rebinding). A request without `Origin` is not a browser's.
     */
    allowedOrigins: string[];
  };
  /** Bounds of one knowledge document's text extraction (ADR 0014). */
  extraction: {
    timeoutMs: number;
    maxHeapMb: number;
    maxTextBytes: number;
    maxInflatedBytes: number;
  };
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
    database: {
      dialect: e.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite',
      poolMax: e.DB_POOL_MAX,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      applicationName: 'svc-platform',
      sqliteMaxSizeBytes: e.SQLITE_MAX_SIZE_MB * 1024 * 1024,
    },
    logLevel: e.LOG_LEVEL,
    corpusDir: e.CORPUS_DIR,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    trustProxyHops: e.TRUST_PROXY_HOPS,
    redisUrl: e.REDIS_URL,
    limits: {
      verifySandboxPerMinute: e.RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE,
      verifyKeyPerMinute: e.RATE_LIMIT_VERIFY_KEY_PER_MINUTE,
      loginIpPerMinute: e.RATE_LIMIT_LOGIN_IP_PER_MINUTE,
      loginEmailPerMinute: e.RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE,
      tenantPerMinute: e.RATE_LIMIT_TENANT_PER_MINUTE,
      uploadPerMinute: e.RATE_LIMIT_UPLOAD_PER_MINUTE,
      agentsPerMinute: e.RATE_LIMIT_AGENTS_PER_MINUTE,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    auth: {
      jwtSecret: e.JWT_SECRET,
      jwtSecretFile: resolve(dataDir, 'jwt-secret'),
      jwtAlgorithm: e.JWT_ALGORITHM,
      tokenTtlSeconds: e.JWT_TTL_SECONDS,
    },
    demoSeed: e.DEMO_SEED === 'true' || e.DEMO_SEED === '1',
    pricing: loadPricing(e.PRICING_FILE === undefined ? undefined : resolve(e.PRICING_FILE)),
    webhooks: {
      allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK === 'true' || e.WEBHOOKS_ALLOW_LOOPBACK === '1',
      pollMs: e.WEBHOOKS_POLL_MS,
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      leaseMs: e.WEBHOOKS_LEASE_MS,
      batch: e.WEBHOOKS_BATCH,
      caps: { perSubscription: e.WEBHOOKS_PER_SUBSCRIPTION, perOwner: e.WEBHOOKS_PER_OWNER },
      retryBaseMs: e.WEBHOOKS_RETRY_BASE_MS,
      retryWindowMs: e.WEBHOOKS_RETRY_WINDOW_MS,
      disableAfterMs: e.WEBHOOKS_DISABLE_AFTER_MS,
      retentionDays: e.WEBHOOKS_RETENTION_DAYS,
    },
    retentionIntervalMs: e.RETENTION_INTERVAL_MS,
    mcp: { allowedOrigins: e.MCP_ALLOWED_ORIGINS },
    extraction: { timeoutMs: e.EXTRACT_TIMEOUT_MS, maxHeapMb: e.EXTRACT_MAX_HEAP_MB, maxTextBytes: e.EXTRACT_MAX_TEXT_BYTES, maxInflatedBytes: e.EXTRACT_MAX_INFLATED_BYTES },
  };
}
