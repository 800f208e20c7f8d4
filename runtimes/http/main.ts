#!/usr/bin/env node
import { loadConfig } from '../shared/settings/config.js';
import { demoBanner, seedDemoIfEmpty } from '../shared/demo/seed-demo.js';
import { createLogger } from '../shared/settings/logger.js';
import { buildHttpContainer } from './container.js';
import { resolveHttpDeps } from './http-deps.js';
import { startHttpServer } from './server.js';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const container = await buildHttpContainer(config, logger);
  const deps = resolveHttpDeps(container);
  const demo = config.demoSeed ? await seedDemoIfEmpty(deps.demo) : null;
  const running = await startHttpServer(deps);
  logger.info({ url: running.url, data_dir: config.dataDir, ms: Math.round(performance.now() - started) }, 'ready');
  if (demo) {
    // The password goes to the terminal (stderr), never into the JSON log stream on stdout.
    logger.info({ tenant_id: demo.tenant_id, email: demo.email, calls: demo.calls }, 'demo tenant created (password printed once on stderr)');
    process.stderr.write(demoBanner(demo, running.url));
  }

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    running.close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`svc: could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
