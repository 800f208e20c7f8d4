import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier } from '../../runtimes/embed/create-verifier.js';
import { embeddedBackend } from '../../runtimes/stdio/backends.js';
import { startInMemory } from '../stdio/stdio-harness.js';
import { bearer, finishedSyncRun, seedCast } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

/**
 * Every README example returns what the README says (issue 14): the verify examples' bodies are
 * read from the README itself and sent to a real server on the bundled corpus, with the verdict
 * (and near-match reason or requalification) their comment states; so are the coverage queries,
 * the embedding example, the stateless MCP line and the files of docs/examples.
 */
const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
let h: Harness;
let key: string;

interface VerifyExample {
  comment: string;
  body: Record<string, string>;
  withKey: boolean;
}

/** `# comment` … `curl … $BASE/api/v1/verify …` … `-d '{…}'`: each verify example with the comment above it. */
function verifyExamples(): VerifyExample[] {
  const lines = readme.split('\n');
  const out: VerifyExample[] = [];
  let comment = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('# ')) comment = line;
    if (!/curl .*\$BASE\/api\/v1\/verify /.test(line)) continue;
    const command = [line, lines[i + 1] ?? ''].join('\n');
    const body = /-d '(\{[^']*\})'/.exec(command)?.[1];
    expect(body, command).toBeDefined();
    out.push({ comment, body: JSON.parse(body!), withKey: command.includes('X-API-Key: $KEY') });
  }
  return out;
}

beforeAll(async () => {
  h = await startHarness({ env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '1000000', RATE_LIMIT_TENANT_PER_MINUTE: '1000000', RATE_LIMIT_UPLOAD_PER_MINUTE: '1000000', RATE_LIMIT_AGENTS_PER_MINUTE: '1000000' } });
  key = (await h.deps.keys.create('readme')).key;
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

describe('README: the attestation API by example', () => {
  const examples = verifyExamples();

  it('has the verify examples this test reads (each states its verdict)', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
    for (const e of examples) expect(e.comment, JSON.stringify(e.body)).toMatch(/→ (attested|contradicted|unavailable)/);
    expect(new Set(examples.map((e) => /→ (\w+)/.exec(e.comment)![1]))).toEqual(new Set(['attested', 'contradicted', 'unavailable']));
  });

  it.each(examples.map((e) => [`${e.body.subject_artist} / ${e.body.subject_title}${e.body.subject_ref ? ` / ${e.body.subject_ref}` : ''}`, e] as const))(
    '%s answers what the README says',
    async (_name, example) => {
      const res = await call(h.url, 'POST', '/api/v1/verify', { json: example.body, headers: example.withKey ? { 'x-api-key': key } : {} });
      expect(res.status, res.text).toBe(200);
      expect(res.body.verdict).toBe(/→ (\w+)/.exec(example.comment)![1]);
      for (const reason of ['ambiguous_title', 'similar_title', 'similar_artist', 'object_mismatch']) {
        if (example.comment.includes(reason)) expect(res.body.near_matches.map((m: { reason: string }) => m.reason)).toContain(reason);
      }
      // "reason X" and "matched_artist NAME" are what the answer says (issue 23).
      const reason = /reason (\w+)/.exec(example.comment)?.[1];
      if (reason) expect(res.body.reason).toBe(reason);
      const matched = /matched_artist ([^,(]+?)(?:,|$)/.exec(example.comment)?.[1];
      if (matched) expect(res.body.matched_artist?.name).toBe(matched.trim());
      const term = /requalification \(([^)]+)\)/.exec(example.comment)?.[1];
      if (term) expect(res.body.suggested_requalification.term_fr).toBe(term);
      if (res.body.verdict === 'attested') expect(res.body.attestations.length).toBeGreaterThan(0);
      if (example.comment.includes('work_id')) {
        const workId = /work_id (wrk_[A-Za-z0-9_]+)/.exec(example.comment)![1];
        const byId = await call(h.url, 'POST', '/api/v1/verify', { json: { ...example.body, subject_ref: workId } });
        expect(byId.body.verdict).toBe(res.body.verdict);
      }
    },
  );

  it('the coverage queries answer the artists they name', async () => {
    const queries = [...readme.matchAll(/curl -s "\$BASE(\/api\/v1\/verify\/coverage\?[^"]+)"/g)].map((m) => m[1]!);
    expect(queries.length).toBeGreaterThanOrEqual(2);
    for (const path of queries) {
      const res = await call(h.url, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body.artists.length, path).toBeGreaterThan(0);
      const asked = new URLSearchParams(path.split('?')[1]);
      const word = (asked.get('artist') ?? asked.get('prefix'))!.toLowerCase();
      for (const a of res.body.artists) expect([a.name, ...a.aliases].join(' ').toLowerCase()).toContain(word);
    }
  });
});

describe('README: embedding and the stateless MCP request', () => {
  it('the embedding example answers the verdict its comment states', async () => {
    const m = /verify\(\{ subject_artist: '([^']+)', subject_title: '([^']+)' \}\);\s*\/\/ (\w+)/.exec(readme);
    expect(m).not.toBeNull();
    const verifier = createVerifier();
    const answer = await verifier.verify({ subject_artist: m![1]!, subject_title: m![2]! });
    expect(answer.verdict).toBe(m![3]);
    const q = /verifier\.coverage\(\{ prefix: '([^']+)', limit: (\d+) \}\)/.exec(readme);
    expect(q).not.toBeNull();
    const page = await verifier.coverage({ prefix: q![1]!, limit: Number(q![2]) });
    expect(page.artists.length).toBeGreaterThan(0);
    expect(page.artists.length).toBeLessThanOrEqual(Number(q![2]));
    expect(page.artists_matched).toBeGreaterThanOrEqual(page.artists.length);
    const c = /verifier\.verifyCatalogue\('([^']+)'\);\s*\/\/ rows\[0\]\.result\.verdict: (\w+)/.exec(readme);
    expect(c).not.toBeNull();
    const sale = await verifier.verifyCatalogue(c![1]!.replaceAll('\\n', '\n'));
    expect(sale.rows[0]!.result).toMatchObject({ verdict: c![2] });
  });

  it('the stateless line, with the protocol version under the _meta key the README names, is answered without a handshake', async () => {
    const line = /printf '%s\\n' '(\{"jsonrpc".*\})'/.exec(readme)?.[1];
    expect(line).toBeDefined();
    expect(line).toContain('"io.modelcontextprotocol/protocolVersion"');
    expect(readme).toMatch(/under the key `io.modelcontextprotocol\/protocolVersion`/);
    const { client } = await startInMemory({ backend: embeddedBackend() });
    client.writeLine(line!);
    const res = await client.responseTo(1, 60_000);
    expect(res.error).toBeUndefined();
    expect(res.result.isError).not.toBe(true);
    expect(res.result.structuredContent.artists.map((a: { name: string }) => a.name).join(' ')).toMatch(/Rembrandt/);
  }, 90_000);
});

describe('README: the remote MCP server', () => {
  it('the /mcp curl example, with its headers and the key as a bearer token, answers the verdict its comment states', async () => {
    const start = readme.indexOf('curl -s "$BASE/mcp"');
    expect(start).toBeGreaterThan(-1);
    const comment = readme.slice(readme.lastIndexOf('\n#', start), start);
    const command = readme.slice(start, readme.indexOf('\n```', start));
    const headers = Object.fromEntries([...command.matchAll(/-H ['"]([^:]+): ([^'"]+)['"]/g)].map((m) => [m[1]!, m[2]!.replace('$KEY', key)]));
    expect(headers.authorization).toBe(`Bearer ${key}`);
    const body = /-d '(\{[^']*\})'/.exec(command)![1]!;
    const res = await call(h.url, 'POST', '/mcp', { body, headers });
    expect(res.status).toBe(200);
    expect(res.body.result.structuredContent.verdict).toBe(/→ (\w+)/.exec(comment)![1]);
    expect(readme).toMatch(/"url": "https:\/\/api\.example\.com\/mcp"/);
  });
});

describe('README: docs/examples', () => {
  it('faq.pdf uploads as the README does (multipart), is indexed by a sync and found by search', async () => {
    expect(readme).toContain('-F file=@docs/examples/faq.pdf');
    const { admin } = await seedCast(h);
    const form = new FormData();
    form.append('title', 'FAQ');
    form.append('file', new Blob([readFileSync(new URL('docs/examples/faq.pdf', root))], { type: 'application/pdf' }), 'faq.pdf');
    const up = await fetch(`${h.url}/api/v1/tenants/acme/knowledge`, { method: 'POST', headers: bearer(admin), body: form });
    expect(up.status).toBe(201);
    const sync = await call(h.url, 'POST', '/api/v1/tenants/acme/knowledge/sync', { headers: bearer(admin) });
    const run = await finishedSyncRun(h, 'acme', admin, sync.body.sync_id);
    expect(run).toMatchObject({ status: 'succeeded', documents_indexed: 1, documents_failed: 0 });
    const hits = await call(h.url, 'GET', '/api/v1/tenants/acme/knowledge/search?q=abroad', { headers: bearer(admin) });
    expect(hits.body.data[0]).toMatchObject({ title: 'FAQ' });
    expect(hits.body.data[0].text).toMatch(/European Union/);

    // agent.json is a complete configuration: it creates an agent and replaces one with If-Match.
    expect(readme).toContain('-d @docs/examples/agent.json');
    const agentJson = JSON.parse(readFileSync(new URL('docs/examples/agent.json', root), 'utf8'));
    const created = await call(h.url, 'POST', '/api/v1/ai-agents', { json: { ...agentJson, name: 'Draft' }, headers: bearer(admin) });
    expect(created.status, created.text).toBe(201);
    const put = await call(h.url, 'PUT', `/api/v1/ai-agents/${created.body.agent_id}`, { json: agentJson, headers: { ...bearer(admin), 'if-match': created.headers.get('etag')! } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ ...agentJson, version: 2 });
  });
});
