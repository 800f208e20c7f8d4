// Child process of bench/ratelimit.mjs: one Koa app (the service's createApp) serving the same
// route three ways: unlimited, limited with the memory store, limited with the Redis store
// (when REDIS_URL is set). Prints one JSON line with the URL.
import { createServer } from 'node:http';
import { pino } from 'pino';
import { createApp } from '../dist/runtimes/http/app.js';
import { createHttpMetrics } from '../dist/runtimes/http/middleware/metrics.js';
import { rateLimit } from '../dist/runtimes/http/middleware/rate-limit.js';
import { createRateLimitStore } from '../dist/runtimes/http/middleware/rate-limit-store.js';

const logger = pino({ level: 'warn' });
const memory = createRateLimitStore({ logger, windowMs: 60_000 });
const redis = process.env.REDIS_URL ? createRateLimitStore({ logger, windowMs: 60_000, redisUrl: process.env.REDIS_URL }) : undefined;
if (redis) await redis.ready(5000);

// 5 000 budget keys in rotation, each far under its limit: the cost of a request that passes.
let n = 0;
const limiter = (store) =>
  rateLimit(() => ({ policy: 'bench', max: 1_000_000, id: `bench:${n++ % 5000}` }), { store, windowMs: 60_000 }, 'open');
const route = (path) => ({
  method: 'get',
  path,
  operationId: path.slice(1),
  summary: path,
  tag: 'bench',
  security: 'none',
  responses: { 200: { description: 'ok' } },
  handler: (ctx) => {
    ctx.body = { ok: true };
  },
});
const groups = [
  { prefix: '/unlimited', middleware: [], routes: [route('/unlimited')] },
  { prefix: '/memory', middleware: [limiter(memory)], routes: [route('/memory')] },
];
if (redis) groups.push({ prefix: '/redis', middleware: [limiter(redis)], routes: [route('/redis')] });
const app = createApp({ logger, metrics: createHttpMetrics({ defaultMetrics: false }), groups, trustProxy: false });
const server = createServer(app.callback());
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}`, redis: Boolean(redis) })}\n`);
});
process.on('SIGTERM', async () => {
  server.close();
  await memory.close();
  await redis?.close();
  process.exit(0);
});
