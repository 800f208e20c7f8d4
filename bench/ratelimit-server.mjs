// Child process of bench/ratelimit.mjs: one Koa app (the service's createApp) serving the same
// route three ways: unlimited, limited with the memory store, limited with the Redis store
// (when REDIS_URL is set). Prints one JSON line with the URL.
import { createServer } from 'node:http';
import { pino } from 'pino';
import { createApp } from '../dist/runtimes/http/app.js';
import { createHttpMetrics } from '../dist/runtimes/http/middleware/metrics.js';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from '../dist/runtimes/http/rate-limit/rate-limit-stores.js';
import { routeLimiter } from '../dist/runtimes/http/rate-limit/route-limits.js';
import { contract, implement } from '../dist/runtimes/http/route-contract.js';
import { loadConfig } from '../dist/runtimes/shared/settings/config.js';

const logger = pino({ level: 'warn' });
const memory = createMemoryRateLimitStore();
const redis = process.env.REDIS_URL ? createRedisRateLimitStore({ logger, redisUrl: process.env.REDIS_URL }) : undefined;
if (redis) await redis.ready(5000);

// The per-IP policy of /ai-agents, far over what a run can spend: the cost of a request that passes.
const limits = { ...loadConfig({}).limits, agentsPerMinute: 1_000_000_000 };
const route = (path, declared) =>
  implement(
    contract({ method: 'get', path, operationId: path.slice(1), summary: path, tag: 'bench', security: 'none', limits: declared, responses: { 200: { description: 'ok' } } }),
    (ctx) => {
      ctx.body = { ok: true };
    },
  );
const serve = async (routes, store) => {
  const app = createApp({
    logger,
    metrics: createHttpMetrics({ defaultMetrics: false }),
    groups: [{ routes }],
    limiter: store ? routeLimiter(store, limits) : undefined,
    trustProxy: false,
  });
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return server;
};
// One app per store (a route's limits come from the app's one limiter), all in this process.
const servers = {
  unlimited: await serve([route('/unlimited', [])]),
  memory: await serve([route('/memory', ['agents-ip'])], memory),
  ...(redis ? { redis: await serve([route('/redis', ['agents-ip'])], redis) } : {}),
};
const urls = Object.fromEntries(Object.entries(servers).map(([name, s]) => [name, `http://127.0.0.1:${s.address().port}`]));
process.stdout.write(`${JSON.stringify({ urls, redis: Boolean(redis) })}\n`);
process.on('SIGTERM', async () => {
  for (const s of Object.values(servers)) s.close();
  await memory.close();
  await redis?.close();
  process.exit(0);
});
