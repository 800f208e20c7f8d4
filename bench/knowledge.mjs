// Knowledge base at scale: 1,000 documents of 10 KB uploaded to one tenant, one sync run
// (extract, chunk, index), then p50/p99 of a retrieval query, in process, on each database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildHttpContainer } from '../dist/runtimes/http/container.js';
import { KNOWLEDGE } from '../dist/runtimes/shared/composition/knowledge.tokens.js';
import { TENANCY } from '../dist/runtimes/shared/composition/tenancy.tokens.js';
import { loadConfig } from '../dist/runtimes/shared/settings/config.js';
import { eachDatabase, SQLITE } from './databases.mjs';
import { percentile, printTable, rng } from './support.mjs';

const TENANT = 'bench';
const VOCABULARY = ('refund delivery parcel invoice billing password account warranty return exchange order tracking courier payment card ' +
  'subscription plan upgrade downgrade cancel contract support opening hours weekend holiday voucher discount loyalty points store ' +
  'address phone email chat agent human escalation complaint damaged missing late express standard international customs tax')
  .split(' ');
const QUERIES = ['refund damaged parcel', 'opening hours weekend', 'cancel subscription', 'loyalty points voucher', 'international customs tax', 'password reset account', 'xyzzy'];

/**
 * Natural text follows Zipf's law: a few words everywhere, most words rare. This vocabulary
 * has 8,000 pseudo-words ranked by frequency (s = 1.07), with the domain words placed at
 * ranks 50..(50 + 60) so that a query word appears in some chunks, not in nearly all.
 */
function zipfVocabulary(random, size = 8_000) {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'te', 'vi', 'do', 'pa', 'ge', 'fu', 'ri', 'bo', 'ze', 'an', 'el', 'or'];
  const words = [];
  for (let i = 0; words.length < size; i++) {
    let w = '';
    for (let n = 2 + (i % 3); n > 0; n--) w += syllables[Math.floor(random() * syllables.length)];
    words.push(`${w}${i}`);
  }
  words.splice(50, 0, ...VOCABULARY);
  const weights = words.map((_, rank) => 1 / Math.pow(rank + 1, 1.07));
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  const cumulative = weights.map((w) => (acc += w / total));
  return () => {
    const x = random();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  };
}

const uniformWord = (random) => () => VOCABULARY[Math.floor(random() * VOCABULARY.length)];

function document(random, bytes, nextWord) {
  const paragraphs = [];
  let size = 0;
  while (size < bytes) {
    const sentences = [];
    for (let s = 0; s < 5; s++) {
      const words = Array.from({ length: 8 + Math.floor(random() * 12) }, nextWord);
      sentences.push(`${words.join(' ')}.`);
    }
    const p = sentences.join(' ');
    paragraphs.push(p);
    size += p.length + 2;
  }
  return paragraphs.join('\n\n').slice(0, bytes);
}

async function benchOne({ label, documents, bytes, iterations, words, target = SQLITE }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-kb-'));
  const config = loadConfig({ ...process.env, ...target.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false' });
  const container = await buildHttpContainer(config, pino({ level: 'warn' }), { snapshot: { build_id: 'bench', artists: [], works: [] } });
  try {
    await container.get(TENANCY.TenantAdmin).createTenant(TENANT, 'Benchmark');
    const kb = container.get(KNOWLEDGE.KnowledgeBase);
    const random = rng(11);
    const nextWord = words(random);
    const uploadStart = performance.now();
    for (let i = 0; i < documents; i++) {
      await kb.add(TENANT, { title: `Doc ${i}`, content_type: 'text/plain', content: new TextEncoder().encode(document(random, bytes, nextWord)) });
    }
    const uploadMs = performance.now() - uploadStart;
    const syncStart = performance.now();
    const run = await kb.syncNow(TENANT, container.get(KNOWLEDGE.KnowledgeSync));
    const syncMs = performance.now() - syncStart;
    if (run.status !== 'succeeded' || run.documents_indexed !== documents) throw new Error(`sync ${run.status}: ${run.documents_indexed} indexed`);

    const principal = { user_id: 'bench', tenant_id: TENANT, role: 'member' };
    const samples = new Float64Array(iterations);
    for (let i = 0; i < 50; i++) await kb.search(principal, TENANT, { q: QUERIES[i % QUERIES.length], limit: 5 });
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await kb.search(principal, TENANT, { q: QUERIES[i % QUERIES.length], limit: 5 });
      samples[i] = performance.now() - start;
    }
    samples.sort();
    const engine = target.database === 'postgres' ? 'PostgreSQL posting table, BM25' : 'SQLite FTS5, BM25';
    console.log(`\n## Knowledge base: ${documents} documents of ${bytes / 1000} KB, one tenant (in process, ${engine}), ${label}`);
    printTable([
      { step: 'upload (store + sha256)', ms: uploadMs.toFixed(0), rate: `${((documents * 1000) / uploadMs).toFixed(0)} docs/s` },
      { step: `sync (${run.chunks} chunks)`, ms: syncMs.toFixed(0), rate: `${((run.chunks * 1000) / syncMs).toFixed(0)} chunks/s` },
    ]);
    printTable([{ query: 'search, limit 5', p50_ms: percentile(samples, 0.5).toFixed(2), p99_ms: percentile(samples, 0.99).toFixed(2), max_ms: samples[samples.length - 1].toFixed(2) }]);
    return { syncMs, chunks: run.chunks, p99: percentile(samples, 0.99) };
  } finally {
    await container.get(Symbol.for('platform.SqlDatabase')).close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `databases(name, fn)`: run.mjs's way to get targets on a fresh database per scenario
 * (SQLite alone when called directly).
 */
export async function benchKnowledge({ documents = 1000, bytes = 10_000, iterations = 500, databases = (_name, fn) => fn([SQLITE]) } = {}) {
  const scenarios = [
    { name: 'kb_zipf', label: 'Zipf text over 8,000 words (realistic)', words: zipfVocabulary },
    { name: 'kb_uniform', label: 'uniform text over 60 words (worst case: every query matches most chunks)', words: uniformWord },
  ];
  const results = {};
  for (const s of scenarios) {
    results[s.name] = await databases(s.name, (targets) => eachDatabase(targets, (target) => benchOne({ label: s.label, documents, bytes, iterations, words: s.words, target })));
  }
  console.log('targets: sync < 10 s; search p99 < 20 ms');
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchKnowledge();
