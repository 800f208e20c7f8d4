// Child process of the HTTP benchmark: the real service and a bare Koa route, in one process.
// The database is the environment's: DATABASE_URL (and JWT_SECRET) as http.mjs passes them.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import Router from '@koa/router';
import { pino } from 'pino';
import { loadConfig } from '../dist/runtimes/shared/settings/config.js';
import { buildHttpContainer } from '../dist/runtimes/http/container.js';
import { resolveHttpDeps } from '../dist/runtimes/http/http-deps.js';
import { startHttpServer } from '../dist/runtimes/http/server.js';
import { jsonBody } from '../dist/runtimes/http/middleware/json-body.js';
import { ATTESTATION } from '../dist/runtimes/shared/composition/attestation.tokens.js';

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'svc-bench-'));
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const container = await buildHttpContainer(config, pino({ level: 'warn' }));
const running = await startHttpServer(resolveHttpDeps(container));
const { key } = await container.get(ATTESTATION.ApiKeys).create('bench', 1_000_000);

const bare = new Koa();
const router = new Router();
router.post('/bare', (ctx) => {
  ctx.body = { ok: true };
});
// The floors of a verification, served by the bare app (none of the service's middleware):
// the JSON body read (the service's own reader), then the engine's answer on it. No keyed verify can cost less than the
// engine floor; their ratio to the bare route is the ceiling of the keyed route's ratio.
const engine = container.get(ATTESTATION.AttestationEngine);
const parseJson = jsonBody;
router.post('/floor/json', parseJson, (ctx) => {
  ctx.body = { ok: true, fields: Object.keys(ctx.request.body).length };
});
router.post('/floor/engine', parseJson, (ctx) => {
  ctx.body = engine.answer(ctx.request.body);
});
bare.use(router.routes());
const bareServer = createServer(bare.callback());
await new Promise((r) => bareServer.listen(0, '127.0.0.1', r));

process.stdout.write(`${JSON.stringify({ verifyUrl: running.url, bareUrl: `http://127.0.0.1:${bareServer.address().port}`, key, dataDir })}\n`);
process.on('SIGTERM', async () => {
  bareServer.close();
  try {
    await running.close();
  } finally {
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
