import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { writeCorpus } from '../../corpus/build/corpus-writer.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { type Harness, startHarness } from './http-harness.js';

export interface CorpusHarness {
  /** A scratch directory for the suite's files, removed after it. */
  root: string;
  /** The corpus build the server (and svc-admin, given CORPUS_DIR) serves. */
  corpusDir: string;
  /** Set once the suite's beforeAll ran. */
  h: Harness;
  buildId: string;
}

/** One server for the suite over `httpCorpus` written as a real build (operator imports validate against it); `env` adds settings. */
export function corpusHarness(prefix: string, env: Record<string, string> = {}): CorpusHarness {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const state = { root, corpusDir: join(root, 'corpus') } as CorpusHarness;
  beforeAll(async () => {
    state.buildId = (await writeCorpus(state.corpusDir, httpCorpus.artists, httpCorpus.works, [], new Date('2026-11-01T00:00:00Z'))).manifest.build_id;
    state.h = await startHarness({ env: { CORPUS_DIR: state.corpusDir, DEMO_SEED: 'false', ...env } });
  });
  afterAll(async () => {
    await state.h.stop();
    rmSync(root, { recursive: true, force: true });
  });
  return state;
}
