import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { AttemptOutcome, DeliveryMetrics } from '../../core/events/ports.js';
import type { KnowledgeContentType } from '../../core/knowledge/knowledge.model.js';
import type { SyncMetrics } from '../../core/knowledge/ports.js';
import type { RetentionKind, RetentionMetrics } from '../../core/shared/ports.js';

/**
 * prom-client's default metrics that break Prometheus's naming rules (`promtool check metrics`:
 * "non-counter metrics should not have _total suffix"): gauges, each the sum over `type` of the
 * gauge prom-client also exports without the suffix (`nodejs_active_handles{type}` …), so
 * nothing is lost by leaving them out.
 */
const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'] as const;

/** prom-client's process and Node.js metrics into `registry`, less the misnamed ones. */
export function collectProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
}

/** Seconds: from a fast local receiver to the transport's timeout. */
const LATENCY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a one-page text to a large PDF in its worker thread. */
const EXTRACTION_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a run of one document to a run of thousands. */
const SYNC_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

/**
 * The operational metrics the use cases report through their ports (`DeliveryMetrics`,
 * `SyncMetrics`, `RetentionMetrics`), kept as Prometheus series in one registry per composition
 * root; the HTTP runtime serves that registry at /metrics with its own series
 * (docs/observability/).
 */
export class PrometheusMetrics implements DeliveryMetrics, SyncMetrics, RetentionMetrics {
  readonly registry = new Registry();

  private readonly attempts = new Counter({
    name: 'webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts recorded by this process, by outcome (succeeded; retrying: failed, retry scheduled; failed: retry window over; skipped: subscription disabled).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly latency = new Histogram({
    name: 'webhook_delivery_latency_seconds',
    help: "Webhook receivers' answer time per attempt sent (a timeout or refused connection counts its time too).",
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly disabled = new Counter({
    name: 'webhook_subscriptions_disabled_total',
    help: 'Subscriptions this process disabled after every delivery failed for longer than allowed.',
    registers: [this.registry],
  });

  private readonly syncs = new Histogram({
    name: 'knowledge_sync_duration_seconds',
    help: 'Knowledge sync runs this process claimed, by how they ended (succeeded, failed: the store failed, lost: taken over by another runner).',
    labelNames: ['outcome'] as const,
    buckets: SYNC_BUCKETS,
    registers: [this.registry],
  });

  private readonly extractions = new Histogram({
    name: 'knowledge_text_extraction_duration_seconds',
    help: 'Text extraction of knowledge documents, by content type and outcome (failed: unreadable, over a bound, or no text).',
    labelNames: ['content_type', 'outcome'] as const,
    buckets: EXTRACTION_BUCKETS,
    registers: [this.registry],
  });

  private readonly deletions = new Counter({
    name: 'retention_deletions_total',
    help: 'Rows deleted by retention passes of this process: calls past their workspace retention, finished webhook deliveries and events.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Every series a dashboard or an alert divides by exists from the start, at zero.
    for (const outcome of ['succeeded', 'retrying', 'failed', 'skipped'] as const) this.attempts.inc({ outcome }, 0);
    for (const kind of ['calls', 'webhook_deliveries', 'webhook_events'] as const) this.deletions.inc({ kind }, 0);
  }

  attempted(outcome: AttemptOutcome, latencyMs: number | null): void {
    this.attempts.inc({ outcome });
    if (latencyMs !== null) this.latency.observe(latencyMs / 1000);
  }

  subscriptionDisabled(): void {
    this.disabled.inc();
  }

  runEnded(outcome: 'succeeded' | 'failed' | 'lost', seconds: number): void {
    this.syncs.observe({ outcome }, seconds);
  }

  extracted(contentType: KnowledgeContentType, outcome: 'succeeded' | 'failed', seconds: number): void {
    this.extractions.observe({ content_type: contentType, outcome }, seconds);
  }

  deleted(kind: RetentionKind, count: number): void {
    if (count > 0) this.deletions.inc({ kind }, count);
  }
}
