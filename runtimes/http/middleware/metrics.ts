import type { Context, Next } from 'koa';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface HttpMetrics {
  registry: Registry;
  middleware: (ctx: Context, next: Next) => Promise<void>;
  verdicts: Counter<'verdict' | 'tier'>;
}

/** One registry per app, so that several apps in one process (tests, benchmarks) stay apart. */
export function createHttpMetrics(options: { defaultMetrics?: boolean } = {}): HttpMetrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const verdicts = new Counter({
    name: 'attestation_verdicts_total',
    help: 'Served verifications by verdict and tier.',
    labelNames: ['verdict', 'tier'] as const,
    registers: [registry],
  });
  return {
    registry,
    verdicts,
    async middleware(ctx, next) {
      const start = process.hrtime.bigint();
      try {
        await next();
      } finally {
        const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        duration.observe({ method: ctx.method, route: String(route), status: String(ctx.status) }, seconds);
      }
    },
  };
}
