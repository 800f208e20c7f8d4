import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_VERSION } from '../../runtimes/shared/settings/release.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

/**
 * The metrics an operator's dashboard reads (issue 28), checked as Prometheus checks them:
 * `promtool check metrics` on a live /metrics scrape, `promtool check rules` on the alert rules
 * and on every panel query of the Grafana dashboard (as recording rules: their PromQL parsed),
 * and every series the rules and the dashboard name is one the service exports. promtool is
 * Debian's `prometheus` package (.ci/run installs it); with CI=true this never skips.
 */
const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => existsSync(p)) ?? (process.env.CI ? 'promtool' : null);
const RULES = 'docs/observability/alerts.yml';
const DASHBOARD = 'docs/observability/grafana-dashboard.json';

const promtool = (args: string[], input?: string) => {
  const r = spawnSync(PROMTOOL!, args, { input, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}`.trim() };
};

/** Every PromQL expression of the dashboard's panels. */
const dashboardExprs = (): string[] =>
  (JSON.parse(readFileSync(DASHBOARD, 'utf8')).panels as { targets?: { expr: string }[] }[]).flatMap((p) => (p.targets ?? []).map((t) => t.expr));

/** Every `expr:` of the rules file (one line, or a `|` block). */
const ruleExprs = (): string[] => {
  const exprs: string[] = [];
  const lines = readFileSync(RULES, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)expr: ?(.*)$/.exec(lines[i]!);
    if (!m) continue;
    if (m[2] !== '|') {
      exprs.push(m[2]!);
      continue;
    }
    const block: string[] = [];
    while (i + 1 < lines.length && (lines[i + 1]!.startsWith(`${m[1]}  `) || lines[i + 1]!.trim() === '')) block.push(lines[++i]!.trim());
    exprs.push(block.join(' '));
  }
  return exprs;
};

const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset']);

/** The metric names an expression reads: strings, matchers, groupings and ranges dropped, functions and keywords aside. */
const seriesOf = (expr: string): string[] =>
  [
    ...expr
      .replace(/"(?:[^"\\]|\\.)*"/g, '""')
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .matchAll(/(?<![\w.$])([a-zA-Z_:][\w:]*)(?!\s*\(|\w)/g),
  ]
    .map((m) => m[1]!)
    .filter((w) => !PROMQL_WORDS.has(w));

describe.skipIf(PROMTOOL === null)('metrics for a dashboard, checked by promtool', () => {
  let h: Harness;
  let scrape: string;
  const dir = mkdtempSync(join(tmpdir(), 'promtool-'));

  beforeAll(async () => {
    h = await startHarness({ snapshot: httpCorpus });
    // Traffic, so that the request histograms and the verdict counter have series.
    expect((await call(h.url, 'GET', '/healthz')).status).toBe(200);
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' } })).status).toBe(200);
    const res = await call(h.url, 'GET', '/metrics');
    expect(res.status).toBe(200);
    scrape = res.text;
  });
  afterAll(async () => {
    await h?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a live scrape passes `promtool check metrics` with nothing to say', () => {
    expect(promtool(['check', 'metrics'], scrape)).toEqual({ status: 0, output: '' });
  });

  it("exports what an operator's dashboard needs, with the build's version and corpus revision", () => {
    const types = new Map([...scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(Object.fromEntries(
      [
        'webhook_delivery_attempts_total',
        'webhook_delivery_latency_seconds',
        'webhook_backlog',
        'webhook_oldest_due_delivery_age_seconds',
        'webhook_subscriptions',
        'webhook_subscriptions_disabled_total',
        'knowledge_sync_duration_seconds',
        'knowledge_sync_runs_total',
        'knowledge_text_extraction_duration_seconds',
        'research_orders',
        'svc_platform_build_info',
        'rate_limit_store_fallback',
        'retention_deletions_total',
      ].map((name) => [name, types.get(name)]),
    )).toEqual({
      webhook_delivery_attempts_total: 'counter',
      webhook_delivery_latency_seconds: 'histogram',
      webhook_backlog: 'gauge',
      webhook_oldest_due_delivery_age_seconds: 'gauge',
      webhook_subscriptions: 'gauge',
      webhook_subscriptions_disabled_total: 'counter',
      knowledge_sync_duration_seconds: 'histogram',
      knowledge_sync_runs_total: 'counter',
      knowledge_text_extraction_duration_seconds: 'histogram',
      research_orders: 'gauge',
      svc_platform_build_info: 'gauge',
      rate_limit_store_fallback: 'gauge',
      retention_deletions_total: 'counter',
    });
    const revision = h.deps.corpus.current().revision;
    expect(scrape).toContain(`svc_platform_build_info{version="${RELEASE_VERSION}",corpus_revision="${revision}"} 1`);
    expect(scrape).toMatch(/^rate_limit_store_fallback 0$/m);
    expect(scrape).toMatch(/^webhook_backlog\{kind="due_deliveries"\} 0$/m);
    expect(scrape).toMatch(/^research_orders\{status="requested"\} 0$/m);
    expect(scrape).toMatch(/^webhook_delivery_attempts_total\{outcome="succeeded"\} 0$/m);
    // The three misnamed defaults are gone; their per-type gauges stay.
    expect(scrape).not.toMatch(/^nodejs_active_(handles|requests|resources)_total/m);
    expect(types.get('nodejs_active_handles')).toBe('gauge');
  });

  it('the alert rules pass `promtool check rules`', () => {
    const { status, output } = promtool(['check', 'rules', RULES]);
    expect({ status, output: output.replace(/^Checking .*\n\s*/, '') }).toEqual({ status: 0, output: `SUCCESS: ${ruleExprs().length} rules found` });
  });

  it("every panel query of the dashboard is PromQL promtool parses", () => {
    const exprs = dashboardExprs();
    expect(exprs.length).toBeGreaterThan(15);
    const file = join(dir, 'dashboard-rules.yml');
    const rules = exprs.map((expr, i) => `      - record: dashboard:panel_${i}\n        expr: ${JSON.stringify(expr)}`).join('\n');
    writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules}\n`);
    expect(promtool(['check', 'rules', file])).toMatchObject({ status: 0 });
  });

  it('every series the rules and the dashboard read is one the service exports', () => {
    const exported = new Set<string>(['up']);
    for (const [, name, type] of scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(name!);
      if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) exported.add(`${name}${suffix}`);
    }
    const read = new Set([...ruleExprs(), ...dashboardExprs()].flatMap(seriesOf));
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
  });
});
