import type { Context, Next } from 'koa';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { collectProcessMetrics } from '../../../adapters/node/prometheus-metrics.js';

/** Connections of the database pool, as a dialect reports them (SqlDatabase.poolUse). */
export interface PoolUse {
  max: number;
  busy: number;
  idle: number;
  waiting: number;
}

/** The stored state a dashboard follows, read at each scrape (SqlDashboardReadings). */
export interface DashboardReadings {
  webhookBacklog(now: Date): Promise<{ unfanned_events: number; pending_deliveries: number; due_deliveries: number; oldest_due_seconds: number }>;
  subscriptions(): Promise<{ enabled: number; disabled: number }>;
  researchOrders(): Promise<Record<string, number>>;
}

export interface HttpMetricsSources {
  /** The database pool, read at each scrape. */
  pool?: () => PoolUse;
  /** Knowledge sync runs executed by this process, by outcome (a running count). */
  syncOutcomes?: () => ReadonlyMap<string, number>;
  /** The webhook backlog, subscriptions and research orders, read at each scrape. */
  readings?: DashboardReadings;
  /** Now, for the backlog's age. */
  now?: () => Date;
  /** True while the shared rate-limit store (Redis) is unreachable and budgets fall back (RateLimitStore.degraded). */
  rateLimitFallback?: () => boolean;
  /** The release and the corpus revision answering now. */
  build?: () => { version: string; corpus_revision: string };
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

/**
 * One registry per app, so that several apps in one process (tests, benchmarks) stay apart:
 * `registry` when given (the composition root's, holding what the use cases report through
 * their metrics ports), else a new one.
 */
export function createHttpMetrics(options: { defaultMetrics?: boolean; registry?: Registry } & HttpMetricsSources = {}): HttpMetrics {
  const registry = options.registry ?? new Registry();
  if (options.defaultMetrics ?? true) collectProcessMetrics(registry);
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
  registerDashboardGauges(registry, options);
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

/** The gauges read at each scrape from what the sources report now. */
function registerDashboardGauges(registry: Registry, { readings, now = () => new Date(), rateLimitFallback, build }: HttpMetricsSources): void {
  if (readings) {
    new Gauge({
      name: 'webhook_backlog',
      help: 'The webhook outbox now, by kind: events not yet fanned out, deliveries pending, pending deliveries due now. The same on every instance (one database).',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        const backlog = await readings.webhookBacklog(now());
        for (const kind of ['unfanned_events', 'pending_deliveries', 'due_deliveries'] as const) this.set({ kind }, backlog[kind]);
        oldestDue.set(backlog.oldest_due_seconds);
      },
    });
    const oldestDue = new Gauge({
      name: 'webhook_oldest_due_delivery_age_seconds',
      help: 'How long the longest-waiting due webhook delivery has been due (0 when none is): a backlog no dispatcher drains grows here.',
      registers: [registry],
    });
    new Gauge({
      name: 'webhook_subscriptions',
      help: 'Webhook subscriptions by state (enabled, disabled: by the dispatcher after failing too long, or by their owner).',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const counts = await readings.subscriptions();
        for (const state of ['enabled', 'disabled'] as const) this.set({ state }, counts[state]);
      },
    });
    new Gauge({
      name: 'research_orders',
      help: 'Research orders by status.',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        for (const [status, n] of Object.entries(await readings.researchOrders())) this.set({ status }, n);
      },
    });
  }
  if (rateLimitFallback) {
    new Gauge({
      name: 'rate_limit_store_fallback',
      help: '1 while the shared rate-limit store (Redis) is unreachable: fail-open budgets count per instance, fail-closed ones answer 503; else 0.',
      registers: [registry],
      collect() {
        this.set(rateLimitFallback() ? 1 : 0);
      },
    });
  }
  if (build) {
    new Gauge({
      name: 'svc_platform_build_info',
      help: 'Always 1: the release serving and the corpus revision it answers from (shipped build and operator imports applied).',
      labelNames: ['version', 'corpus_revision'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.set(build(), 1);
      },
    });
  }
}
