import type { Context, Next } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Connections of the database pool, as a dialect reports them (SqlDatabase.poolUse). */
export interface PoolUse {
  max: number;
  busy: number;
  idle: number;
  waiting: number;
}

export interface HttpMetricsSources {
  /** The database pool, read at each scrape. */
  pool?: () => PoolUse;
  /** Knowledge sync runs executed by this process, by outcome (a running count). */
  syncOutcomes?: () => ReadonlyMap<string, number>;
}

export interface HttpMetrics {
  registry: Registry;
  middleware: (ctx: Context, next: Next) => Promise<void>;
  verdicts: Counter<'verdict' | 'tier'>;
  /** Refused credentials and 403s by reason code (ADR 0014). */
  refusals: Counter<'reason'>;
  /** 429 answers by rate-limit group (policy name). */
  rateLimited: Counter<'group'>;
}

/** One registry per app, so that several apps in one process (tests, benchmarks) stay apart. */
export function createHttpMetrics(options: { defaultMetrics?: boolean } & HttpMetricsSources = {}): HttpMetrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'HTTP requests being served now.', registers: [registry] });
  const verdicts = new Counter({
    name: 'attestation_verdicts_total',
    help: 'Served verifications by verdict and tier.',
    labelNames: ['verdict', 'tier'] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'security_refusals_total',
    help: 'Refused credentials (failed logins, refused tokens and keys) and 403s, by reason code.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests answered 429, by rate-limit group.',
    labelNames: ['group'] as const,
    registers: [registry],
  });
  const { pool, syncOutcomes } = options;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (max: the pool size; waiting: requests queued for a connection).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = pool();
        for (const state of ['max', 'busy', 'idle', 'waiting'] as const) this.set({ state }, use[state]);
      },
    });
  }
  if (syncOutcomes) {
    const seen = new Map<string, number>();
    new Counter({
      name: 'knowledge_sync_runs_total',
      help: 'Knowledge sync runs executed by this process, by outcome (succeeded, failed, lost to another instance, skipped, error).',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        for (const [outcome, count] of syncOutcomes()) {
          const delta = count - (seen.get(outcome) ?? 0);
          if (delta > 0) this.inc({ outcome }, delta);
          seen.set(outcome, count);
        }
      },
    });
  }
  return {
    registry,
    verdicts,
    refusals,
    rateLimited,
    async middleware(ctx, next) {
      const start = process.hrtime.bigint();
      inFlight.inc();
      try {
        await next();
      } finally {
        inFlight.dec();
        const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        duration.observe({ method: ctx.method, route: String(route), status: String(ctx.status) }, seconds);
        if (ctx.status === 429 && typeof ctx.state.rateLimitedGroup === 'string') rateLimited.inc({ group: ctx.state.rateLimitedGroup });
      }
    },
  };
}
