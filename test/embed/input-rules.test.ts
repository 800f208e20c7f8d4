import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '../../core/shared/errors.js';
import { createVerifier, DomainError } from '../../runtimes/embed/index.js';
import { embeddedBackend, remoteBackend } from '../../runtimes/stdio/backends.js';
import { modernMeta, startInMemory } from '../stdio/stdio-harness.js';
import { catalogueCorpus } from '../fixtures/catalogue-corpus.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

/**
 * One reading of a subject on every runtime: HTTP /verify, each subject of the HTTP batch,
 * createVerifier (verify and verifyBatch) and the stdio tools in embedded and remote mode refuse
 * the same inputs with the same field errors, and accept the same inputs.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ snapshot: catalogueCorpus, env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '100000' } });
});
afterAll(async () => h.stop());

const NUL = 'must not contain the NUL character (U+0000)';
const BAD: Array<[string, Record<string, unknown>, FieldError[]]> = [
  ['NUL in the artist', { subject_artist: 'Hoppner, John\u0000', subject_title: 'Portrait of Mrs Jordan' }, [{ path: 'subject_artist', message: NUL }]],
  ['NUL in the title', { subject_artist: 'John Hoppner', subject_title: '\u0000Portrait of Mrs Jordan' }, [{ path: 'subject_title', message: NUL }]],
  ['NUL in the reference', { subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan', subject_ref: 'N00900\u0000' }, [{ path: 'subject_ref', message: NUL }]],
  ['a control character', { subject_artist: 'John\u0007 Hoppner', subject_title: 'Portrait of Mrs Jordan' }, [{ path: 'subject_artist', message: 'subject_artist must not contain control characters' }]],
  ['a blank title', { subject_artist: 'John Hoppner', subject_title: '   ' }, [{ path: 'subject_title', message: 'subject_title must not be blank' }]],
  ['a missing artist', { subject_title: 'Portrait of Mrs Jordan' }, [{ path: 'subject_artist', message: 'subject_artist is required' }]],
  ['a number as title', { subject_artist: 'John Hoppner', subject_title: 7 }, [{ path: 'subject_title', message: 'subject_title must be a string' }]],
  ['an artist over 300 characters', { subject_artist: 'a'.repeat(301), subject_title: 'x' }, [{ path: 'subject_artist', message: 'subject_artist must be at most 300 characters' }]],
];
const GOOD = { subject_artist: 'Hoppner, John', subject_title: 'Portrait of Mrs Jordan\t' };

/** The field errors a stdio tool's isError text lists, as `path: message`. */
const listed = (errors: FieldError[]) => errors.map((e) => (e.message.startsWith(e.path) ? e.message : `${e.path}: ${e.message}`));

describe('the same input rules on every runtime', () => {
  it.each(BAD)('refuses %s identically', async (_what, input, errors) => {
    const http = await call(h.url, 'POST', '/api/v1/verify', { json: input });
    expect(http.status).toBe(400);
    expect(http.body.errors).toEqual(errors);

    const batch = await call(h.url, 'POST', '/api/v1/verify/batch', { json: { subjects: [input, GOOD] } });
    expect(batch.status).toBe(200);
    expect(batch.body.results[0].error).toMatchObject({ code: 'invalid_subject', errors });
    expect(batch.body.results[1].result.verdict).toBe('contradicted');

    const verifier = createVerifier({ snapshot: catalogueCorpus });
    const refused = await verifier.verify(input as never).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).errors).toEqual(errors);
    expect((await verifier.verifyBatch([input])).results[0]?.error?.errors).toEqual(errors);

    for (const backend of [embeddedBackend({ snapshot: catalogueCorpus }), remoteBackend({ baseUrl: h.url, timeoutMs: 10_000 })]) {
      const { client } = await startInMemory({ backend });
      const res = await client.callTool('verify_art_records', input, modernMeta());
      expect(res.result.isError, backend.mode).toBe(true);
      expect(res.result.structuredContent).toBeUndefined();
      for (const line of listed(errors)) expect(res.result.content[0].text, backend.mode).toContain(line);
      const many = await client.callTool('verify_art_records_batch', { subjects: [input] }, modernMeta());
      expect(many.result.structuredContent.results[0].error.errors, backend.mode).toEqual(errors);
    }
  });

  it('accepts the same input everywhere, with the same verdict', async () => {
    const http = await call(h.url, 'POST', '/api/v1/verify', { json: GOOD });
    const embedded = await createVerifier({ snapshot: catalogueCorpus }).verify(GOOD);
    const { client } = await startInMemory({ backend: embeddedBackend({ snapshot: catalogueCorpus }) });
    const tool = await client.callTool('verify_art_records', GOOD, modernMeta());
    expect([http.body.verdict, embedded.verdict, tool.result.structuredContent.verdict]).toEqual(['contradicted', 'contradicted', 'contradicted']);
  });
});
