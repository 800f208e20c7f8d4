import type { Logger } from 'pino';
import type { OperatorResearchSync } from '../../core/attestation/use-cases/operator-research.js';

/** How often a running server asks the store for a new operator research revision. */
export const OPERATOR_RESEARCH_POLL_MS = 1000;

export interface OperatorResearchPoll {
  stop(): void;
}

/**
 * Brings the corpus to the store's latest operator research revision now (before the server
 * listens), then checks again every second: a one-row read while nothing changes; on a new
 * revision the research is read whole and laid over the shipped corpus (milliseconds), and the
 * new view is swapped in at once. A failing check is logged and retried at the next tick.
 */
export async function startOperatorResearchPoll(
  { sync, logger }: { sync: OperatorResearchSync; logger: Logger },
  intervalMs = OPERATOR_RESEARCH_POLL_MS,
): Promise<OperatorResearchPoll> {
  await sync.refresh();
  let stopped = false;
  const timer = setInterval(() => {
    sync.refresh().then(
      (changed) => {
        if (changed && !stopped) logger.info('operator research: new corpus revision applied');
      },
      (err: unknown) => logger.warn({ err }, 'operator research: revision check failed'),
    );
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
