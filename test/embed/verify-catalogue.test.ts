import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { createVerifier, DomainError } from '../../runtimes/embed/index.js';
import { embeddedBackend, remoteBackend } from '../../runtimes/stdio/backends.js';
import { startInMemory } from '../stdio/stdio-harness.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

/**
 * The catalogue outside HTTP (issue 26): createVerifier().verifyCatalogue(csvText) and the MCP
 * tool verify_catalogue (embedded and remote) answer what POST /api/v1/verify/catalogue answers
 * for the same pasted CSV.
 */
let snapshot: CorpusSnapshot;
let h: Harness;
beforeAll(async () => {
  snapshot = await loadCorpusSnapshot();
  h = await startHarness({ snapshot, env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '100000' } });
}, 60_000);
afterAll(async () => h?.stop());

const CSV = 'Lotto;Artista;Titolo;Data\n1;Rembrandt;Ecce Homo;\n2;Le Tintoret;The Last Supper;\n3;;Senza titolo;\n4;Vermeer;The Milkmaid;1658\n';
const outcomes = (body: any) => body.rows.map((r: any) => [r.row, r.lot, r.result.verdict ?? r.result.code, r.result.reason ?? null]);

describe('createVerifier().verifyCatalogue and the verify_catalogue tool', () => {
  it('answer the HTTP endpoint\'s columns, rows and summary for the same CSV text', async () => {
    const http = await call(h.url, 'POST', '/api/v1/verify/catalogue', { json: { csv: CSV } });
    expect(http.status, http.text).toBe(200);
    const embedded = await createVerifier({ snapshot }).verifyCatalogue(CSV);
    expect(embedded.columns).toEqual(http.body.columns);
    expect(embedded.columns).toMatchObject({ lot: 'Lotto', artist: 'Artista', title: 'Titolo', date: 'Data' });
    expect(outcomes(embedded)).toEqual(outcomes(http.body));
    expect(embedded.summary).toEqual(http.body.summary);
    expect(embedded.summary).toMatchObject({ rows: 4, errors: 1 });

    for (const backend of [embeddedBackend({ snapshot }), remoteBackend({ baseUrl: h.url, timeoutMs: 30_000 })]) {
      const { client } = await startInMemory({ backend });
      await client.initialize('2025-11-25');
      const res = await client.callTool('verify_catalogue', { csv: CSV });
      expect(res.result.isError, JSON.stringify(res)).toBeFalsy();
      expect(res.result.content[0].text).toMatch(/^4 rows: \d+ attested, \d+ contradicted, \d+ unavailable, 1 not served/);
      expect(outcomes(res.result.structuredContent)).toEqual(outcomes(http.body));
    }
  }, 120_000);

  it('say which columns are missing and list the headers, and take a mapping', async () => {
    const csv = 'Numéro,Peintre du lot,Oeuvre vendue\n1,Rembrandt,Ecce Homo\n';
    const err = await createVerifier({ snapshot })
      .verifyCatalogue(csv)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('UNPROCESSABLE');
    expect((err as DomainError).details).toEqual({ headers: ['Numéro', 'Peintre du lot', 'Oeuvre vendue'], missing: ['artist', 'title'] });
    const mapped = await createVerifier({ snapshot }).verifyCatalogue(csv, { mapping: { artist: 'Peintre du lot', title: 'Oeuvre vendue' } });
    expect(outcomes(mapped)).toEqual([[2, '1', 'contradicted', null]]);

    for (const backend of [embeddedBackend({ snapshot }), remoteBackend({ baseUrl: h.url, timeoutMs: 30_000 })]) {
      const { client } = await startInMemory({ backend });
      await client.initialize('2025-11-25');
      const res = await client.callTool('verify_catalogue', { csv });
      expect(res.result.isError).toBe(true);
      expect(res.result.content[0].text).toContain('Headers: ["Numéro","Peintre du lot","Oeuvre vendue"]; missing: ["artist","title"]');
      const bad = await client.callTool('verify_catalogue', { csv, mapping: { painter: 'x' } });
      expect(bad.result.isError).toBe(true);
    }
  }, 120_000);
});
