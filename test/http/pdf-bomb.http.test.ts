import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedCast } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { makeBombPdf, makePdf } from '../support/pdf.js';

/**
 * Issue 14, defect 1: a PDF whose content stream inflates to ~100 MB used to block the event
 * loop for half a minute. Extraction now runs in a worker thread bounded in time, heap and text.
 */
let h: Harness;
let admin: string;
const base = '/api/v1/tenants/acme/knowledge';
const bomb = makeBombPdf(100);

async function upload(file: Buffer | string, type: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([file], { type }), name);
  const res = await fetch(`${h.url}${base}`, { method: 'POST', headers: bearer(admin), body: form });
  const body = (await res.json()) as { item_id: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.item_id;
}

beforeAll(async () => {
  h = await startHarness({
    snapshot: { build_id: 'kb', artists: [], works: [] },
    env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000', RATE_LIMIT_UPLOAD_PER_MINUTE: '1000000' },
  });
  ({ admin } = await seedCast(h));
});
afterAll(async () => {
  await h?.stop();
});

describe('a PDF bomb in a knowledge sync', () => {
  it('is small on the wire and large inflated', () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
  });

  it('fails alone with a readable reason while /healthz keeps answering and the other documents are indexed', async () => {
    const bombId = await upload(bomb, 'application/pdf', 'bomb.pdf');
    const textId = await upload('A plain note about heliotrope deliveries.', 'text/plain', 'note.txt');
    const pdfId = await upload(makePdf('A small PDF about quokka insurance.'), 'application/pdf', 'small.pdf');

    const started = await call(h.url, 'POST', `${base}/sync`, { headers: bearer(admin) });
    expect(started.status).toBe(202);
    const latencies: number[] = [];
    let run = started.body;
    let bombPending = true;
    while (run.status === 'queued' || run.status === 'running') {
      // Probed while the bomb is being extracted (it stays pending until its extraction ends).
      const t0 = performance.now();
      const health = await call(h.url, 'GET', '/healthz');
      const ms = performance.now() - t0;
      expect(health.status).toBe(200);
      if (bombPending) latencies.push(ms);
      bombPending = (await call(h.url, 'GET', `${base}/${bombId}`, { headers: bearer(admin) })).body.status === 'pending';
      run = (await call(h.url, 'GET', `${base}/sync/${started.body.sync_id}`, { headers: bearer(admin) })).body;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(latencies.length, 'probes while the bomb was extracted').toBeGreaterThan(5);
    // On the event loop, a probe waited for the whole extraction (tens of seconds).
    expect(Math.max(...latencies)).toBeLessThan(100);

    expect(run).toMatchObject({ status: 'succeeded', documents_indexed: 2, documents_failed: 1 });
    const failed = await call(h.url, 'GET', `${base}/${bombId}`, { headers: bearer(admin) });
    expect(failed.body.status).toBe('failed');
    expect(failed.body.error).toMatch(/^Text extraction failed: the document holds more than \d+ bytes of text \(the per-document limit\)$/);
    for (const id of [textId, pdfId]) {
      expect((await call(h.url, 'GET', `${base}/${id}`, { headers: bearer(admin) })).body.status).toBe('indexed');
    }
    const found = await call(h.url, 'GET', `${base}/search?q=quokka`, { headers: bearer(admin) });
    expect(found.body.data.map((d: { item_id: string }) => d.item_id)).toEqual([pdfId]);
  }, 120_000);
});

describe('the extractor built to dist', () => {
  it('runs its worker from the compiled .js, with the time limit applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-extract-'));
    const script = join(dir, 'extract.mjs');
    writeFileSync(
      script,
      `
      const { BoundedTextExtractor } = await import(${JSON.stringify(new URL('../../dist/adapters/node/text-extractor.js', import.meta.url).href)});
      const pdf = Buffer.from(process.argv[2], 'base64');
      const ok = await new BoundedTextExtractor({ timeoutMs: 60000, maxHeapMb: 128, maxTextBytes: 1024 * 1024 }).extract('application/pdf', pdf);
      let limited;
      try { await new BoundedTextExtractor({ timeoutMs: 100, maxHeapMb: 128, maxTextBytes: 1 << 30 }).extract('application/pdf', pdf); } catch (e) { limited = e.message; }
      console.log(JSON.stringify({ ok, limited }));`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, [script, makePdf('Compiled worker text.').toString('base64')]).finally(() =>
      rmSync(dir, { recursive: true, force: true }),
    );
    const out = JSON.parse(stdout);
    expect(out.ok).toBe('Compiled worker text.');
    expect(out.limited).toBe('reading the PDF took longer than 100 ms (the per-document limit)');
  }, 60_000);
});
