import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedRow } from '../support/archived-row.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

/**
 * Issue 25, point 9: the archive is compact (deflated against a stored dictionary, ADR 0027) and
 * still holds exactly what was served: the bytes of each answer, single and batched, equal the
 * archived text, and the audit trail serves the same response. Runs on the harness database
 * (SQLite, or PostgreSQL under SVC_TEST_DATABASE=postgres).
 */
let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.deps.keys.create('archive bytes', 1000)).key;
});
afterAll(() => h.stop());

async function archivedText(requestId: string): Promise<{ response_json: string; request_json: string; stored: number }> {
  const row = await archivedRow(h.deps.database.db, requestId);
  return { ...row.texts, stored: row.stored };
}

const SUBJECTS = [
  { subject_artist: 'Claude Monet', subject_title: 'Impression, soleil levant' },
  { subject_artist: 'Attributed to Joseph Mallord William Turner (1775–1851)', subject_title: 'Snow Storm — Steam-Boat off a Harbour’s Mouth' },
  { subject_artist: 'Nobody Known', subject_title: 'Untitled \u00e9t\u00e9 "quoted"' },
];

describe('the compact archive holds the bytes served', () => {
  it('single verifications: the body served is the archived response, byte for byte, and the trace serves it again', async () => {
    for (const subject of SUBJECTS) {
      const served = await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers: { 'x-api-key': key } });
      expect(served.status).toBe(200);
      const archived = await archivedText(served.body.request_id);
      expect(archived.response_json).toBe(served.text);
      expect(JSON.parse(archived.request_json)).toEqual(subject);
      expect(archived.stored).toBeLessThan(Buffer.byteLength(served.text) / 3);
      const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${served.body.request_id}`, { headers: { 'x-api-key': key } });
      expect(trace.status).toBe(200);
      expect(JSON.stringify(trace.body.response)).toBe(served.text);
    }
  });

  it('a batch: each result is its archived response, byte for byte', async () => {
    const served = await call(h.url, 'POST', '/api/v1/verify/batch', { json: { subjects: SUBJECTS }, headers: { 'x-api-key': key } });
    expect(served.status).toBe(200);
    expect(served.body.served).toBe(SUBJECTS.length);
    for (const item of served.body.results) {
      const archived = await archivedText(item.result.request_id);
      // The archived text is, byte for byte, the part of the batch's body that answered it.
      expect(served.text).toContain(archived.response_json);
      expect(archived.response_json).toBe(JSON.stringify(item.result));
    }
  });
});
