import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. Most test files
    // wait on child processes, servers and databases, so two workers overlap one file's waits with
    // another's work (CI wall time in docs/benchmarks.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
