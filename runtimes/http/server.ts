import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { createApp } from './app.js';
import { startCallRetentionJob } from './call-retention-job.js';
import { answerClientErrors } from './client-errors.js';
import type { HttpDeps } from './http-deps.js';
import { RELEASE_VERSION } from '../shared/settings/release.js';
import { createHttpMetrics } from './middleware/metrics.js';
import { defaultWebRoot, staticPages } from './middleware/static-pages.js';
import { startOperatorResearchPoll } from './operator-research-poll.js';
import { routeLimiter } from './rate-limit/route-limits.js';
import type { Lifecycle } from './readiness.js';
import { buildRouteGroups } from './route-groups.js';
import { atMost, drainConnections } from './shutdown.js';

export interface RunningServer {
  app: Koa;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Starts the HTTP runtime on its resolved dependencies; `close` drains and releases everything. */
export async function startHttpServer(deps: HttpDeps): Promise<RunningServer> {
  const { config, logger, database, syncs, deliveries } = deps;
  const metrics = createHttpMetrics({
    registry: deps.metrics.registry,
    pool: () => database.poolUse(),
    syncOutcomes: () => syncs.outcomes,
    readings: deps.readings,
    now: () => deps.clock.now(),
    rateLimitFallback: () => deps.rateLimitStore.degraded(),
    build: () => ({ version: RELEASE_VERSION, corpus_revision: deps.corpus.current().revision }),
  });
  const operatorResearch = await startOperatorResearchPoll({ sync: deps.operatorResearch, logger });
  // Shared limits from the first request when Redis answers quickly; a start never waits long
  // for it nor fails on it (the groups' outage policies apply until it is reachable).
  if (!(await deps.rateLimitStore.ready(2000))) {
    logger.warn({ redis_url_set: true }, 'rate-limit store: redis not reachable at start; outage policies apply until it is');
  }
  const lifecycle: Lifecycle = { draining: false };
  const app = createApp({
    logger,
    metrics,
    groups: buildRouteGroups(deps, metrics, lifecycle),
    limiter: routeLimiter(deps.rateLimitStore, config.limits),
    trustProxy: config.trustProxy,
    maxIpsCount: config.trustProxyHops,
    unavailability: database.capabilities.unavailability,
    pages: staticPages({ root: defaultWebRoot() }),
  });
  // Timeouts set deliberately (docs/decisions/0013-edge-hardening.md): a slow or stalled client
  // gets a 408 within about a second of its limit (connections are checked every second).
  const server = createServer(
    {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      keepAliveTimeout: config.http.keepAliveTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    app.callback(),
  );
  answerClientErrors(server, logger);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // Sync runs: queued ones, and those cut off by a crash or restart (here or on another instance)
  // once their lease expired, are claimed and finished by whichever instance polls first.
  syncs.start();
  // Webhooks: every instance delivers the outbox; leases keep each delivery to one of them.
  deliveries.start();
  const retention = startCallRetentionJob({ retention: deps.callRetention, logger }, config.retentionIntervalMs);
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    app,
    server,
    url,
    close: () =>
      (closing ??= (async () => {
        operatorResearch.stop();
        syncs.stop();
        deliveries.stop();
        retention.stop();
        // /readyz answers 503 from here on, while connections drain.
        lifecycle.draining = true;
        await drainConnections(server, config.shutdownGraceMs);
        await deps.rateLimitStore.close();
        await retention.idle();
        await atMost(Promise.all([syncs.idle(), deliveries.idle()]), config.shutdownGraceMs);
        await database.close();
      })()),
  };
}
