// `npm run bench`: builds, then prints every benchmark's figures. No pass/fail: figures only.
// `npm run bench -- http calls` runs only those (NAMES below). Those of DATABASE_BENCHES run on SQLite and on a
// throwaway PostgreSQL cluster (skipped, with a line saying so, when PostgreSQL is not installed). Smaller runs:
// BENCH_HTTP_SECONDS (10), BENCH_BATCH_ROUNDS (5), BENCH_CATALOGUE_ROUNDS (3), BENCH_CALLS (100000), BENCH_CALLS_ITERATIONS (500), BENCH_WEBHOOK_EVENTS (3000),
// BENCH_WEBHOOK_STALL_SAMPLES (5), BENCH_ARCHIVED (100000), BENCH_WEB_RUNS (5).
import os from 'node:os';
import { benchArchive } from './archive.mjs';
import { benchArchiveIds } from './archive-ids.mjs';
import { benchBackup } from './backup.mjs';
import { benchBatch } from './batch.mjs';
import { benchCalls } from './calls.mjs';
import { benchCatalogue } from './catalogue.mjs';
import { benchColdStart } from './cold-start.mjs';
import { benchCorpus } from './corpus.mjs';
import { benchDatabases } from './databases.mjs';
import { benchHttp } from './http.mjs';
import { benchInProcess } from './inprocess.mjs';
import { benchKnowledge } from './knowledge.mjs';
import { benchRateLimit } from './ratelimit.mjs';
import { benchReading } from './reading.mjs';
import { benchSqliteLock } from './sqlite-lock.mjs';
import { benchStdio } from './stdio.mjs';
import { benchWebhookClaim, benchWebhooks, benchWebhookStall } from './webhooks.mjs';
import { benchWebPage } from './web-page.mjs';

const NAMES = ['inprocess', 'reading', 'http', 'batch', 'catalogue', 'archive', 'archive-ids', 'lock', 'coldstart', 'stdio', 'calls', 'call-stats', 'ratelimit', 'knowledge', 'webhooks', 'webhook-stall', 'webhook-claim', 'corpus', 'backup', 'web-page'];
/** The benchmarks that run on each database (SQLite, and a throwaway PostgreSQL cluster). */
const DATABASE_BENCHES = ['http', 'batch', 'catalogue', 'archive', 'calls', 'call-stats', 'knowledge', 'webhooks', 'webhook-stall', 'webhook-claim'];
const only = process.argv.slice(2);
const unknown = only.filter((n) => !NAMES.includes(n));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; names: ${NAMES.join(' ')}`);
  process.exit(2);
}
const want = (name) => only.length === 0 || only.includes(name);
/** A positive number from the environment, else undefined (the benchmark's default). */
const knob = (name) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : undefined);

console.log(`# Benchmarks — node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model ?? 'unknown'}), ${new Date().toISOString()}`);
if (want('inprocess')) await benchInProcess();
if (want('reading')) await benchReading();
const databases = DATABASE_BENCHES.some(want) ? await benchDatabases() : null;
try {
  if (want('http')) await databases.use('http', (targets) => benchHttp({ seconds: knob('BENCH_HTTP_SECONDS'), databases: targets }));
  if (want('batch')) await databases.use('batch', (targets) => benchBatch({ rounds: knob('BENCH_BATCH_ROUNDS'), databases: targets }));
  if (want('catalogue')) await databases.use('catalogue', (targets) => benchCatalogue({ rounds: knob('BENCH_CATALOGUE_ROUNDS'), databases: targets }));
  if (want('archive-ids')) await benchArchiveIds({ rows: knob('BENCH_ARCHIVE_IDS_ROWS') });
  if (want('archive')) await databases.use('archive', (targets) => benchArchive({ databases: targets }));
  if (want('lock')) await benchSqliteLock();
  if (want('coldstart')) await benchColdStart();
  if (want('stdio')) await benchStdio();
  if (want('calls')) await databases.use('calls', (targets) => benchCalls({ count: knob('BENCH_CALLS'), iterations: knob('BENCH_CALLS_ITERATIONS'), databases: targets }));
  // The call analytics alone (the full `calls` run measures them too); run by name only.
  if (only.includes('call-stats')) await databases.use('call_stats', (targets) => benchCalls({ count: knob('BENCH_CALLS'), iterations: knob('BENCH_CALLS_ITERATIONS'), databases: targets, statsOnly: true }));
  if (want('knowledge')) await benchKnowledge({ databases: (name, fn) => databases.use(name, fn) });
  if (want('webhooks')) await benchWebhooks({ count: knob('BENCH_WEBHOOK_EVENTS'), databases: (name, fn) => databases.use(name, fn) });
  if (want('webhook-claim')) await benchWebhookClaim({ databases: (name, fn) => databases.use(name, fn) });
  if (want('webhook-stall')) await benchWebhookStall({ samples: knob('BENCH_WEBHOOK_STALL_SAMPLES'), databases: (name, fn) => databases.use(name, fn) });
} finally {
  await databases?.stop();
}
if (want('ratelimit')) await benchRateLimit();
if (want('backup')) await benchBackup({ archived: knob('BENCH_ARCHIVED') });
if (want('web-page')) await benchWebPage({ runs: knob('BENCH_WEB_RUNS') });
// The cold start already ran above in a full run; `npm run bench corpus` measures it again after a build.
if (want('corpus')) await benchCorpus({ coldStartRuns: only.length === 0 ? 0 : 3 });
