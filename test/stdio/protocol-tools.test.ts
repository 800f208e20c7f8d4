import { beforeEach, describe, expect, it } from 'vitest';
import { BackendError, type VerifyBackend } from '../../runtimes/mcp/backend.js';
import { embeddedBackend } from '../../runtimes/stdio/backends.js';
import { createVerifier } from '../../runtimes/embed/create-verifier.js';
import { type LineClient, modernMeta, schemaErrors, startInMemory, testBackend, verdictOf } from './stdio-harness.js';
import { stdioCorpus } from '../fixtures/stdio-corpus.js';

let client: LineClient;
let tools: any[];

beforeEach(async () => {
  ({ client } = await startInMemory());
  await client.initialize('2025-11-25');
  tools = (await client.request('tools/list')).result.tools;
});

const outputSchemaOf = (name: string) => tools.find((t) => t.name === name).outputSchema;

async function verify(args: unknown) {
  const res = await client.callTool('verify_art_records', args);
  expect(res.error).toBeUndefined();
  return res.result;
}

/** The JSON that follows the summary in the text item. */
const jsonInText = (text: string) => JSON.parse(text.slice(text.indexOf('\n{') + 1));

describe('tools/call verify_art_records', () => {
  it('attests a firm attribution (name order and case ignored) with the same verdict as createVerifier', async () => {
    const args = { subject_artist: 'TURNER, Joseph Mallord William', subject_title: 'the fighting temeraire' };
    const result = await verify(args);
    expect(result.isError).toBeUndefined();
    const r = result.structuredContent;
    expect(schemaErrors(outputSchemaOf('verify_art_records'), r)).toEqual([]);
    expect(r.verdict).toBe('attested');
    expect(r.subject).toEqual({ artist: args.subject_artist, title: args.subject_title });
    expect(r.attestations).toHaveLength(3);
    expect(verdictOf(r)).toEqual(verdictOf(await createVerifier({ snapshot: stdioCorpus }).verify(args)));
    // One text item: a readable summary, then the same JSON.
    expect(result.content).toHaveLength(1);
    const text: string = result.content[0].text;
    expect(text).toMatch(/^Verdict: attested for "the fighting temeraire" by TURNER, Joseph Mallord William\./);
    expect(text).toContain(`request_id ${r.request_id}`);
    expect(text).toContain('https://www.tate.org.uk/art/artworks/turner-N00524');
    expect(jsonInText(text)).toEqual(r);
  });

  it('contradicts a qualified attribution and gives the requalification in the summary', async () => {
    const result = await verify({ subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' });
    const r = result.structuredContent;
    expect(r.verdict).toBe('contradicted');
    expect(r.contradicted_pillars).toEqual(['authentication']);
    expect(r.suggested_requalification).not.toBeNull();
    expect(result.content[0].text).toContain(`Suggested requalification: "${r.suggested_requalification.term_fr}"`);
    expect(schemaErrors(outputSchemaOf('verify_art_records'), r)).toEqual([]);
  });

  it('describes the work, and answers object_mismatch for a lot of another kind (subject_medium), as createVerifier does', async () => {
    const args = { subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' };
    const painting = (await verify({ ...args, subject_medium: 'huile sur toile' })).structuredContent;
    expect([painting.verdict, painting.works[0].medium]).toEqual(['attested', 'Oil paint on canvas']);
    const result = await verify({ ...args, subject_medium: 'Radierung' });
    const r = result.structuredContent;
    expect(schemaErrors(outputSchemaOf('verify_art_records'), r)).toEqual([]);
    expect([r.verdict, r.reason, r.parsed.object_type]).toEqual(['unavailable', 'object_mismatch', 'print']);
    expect(r.near_matches.map((m: any) => m.reason)).toEqual(['object_mismatch']);
    const text: string = result.content[0].text;
    expect(text).toContain('another kind of object than the lot');
    expect(text).toContain('Work: wrk_tate_N00524 "The Fighting Temeraire": painting, Oil paint on canvas, 1839, support: 908 x 1219 mm, Tate');
    const embedded = await createVerifier({ snapshot: stdioCorpus }).verify({ ...args, subject_medium: 'Radierung' });
    expect([embedded.verdict, embedded.reason]).toEqual(['unavailable', 'object_mismatch']);
    const batch = (await client.callTool('verify_art_records_batch', { subjects: [{ ...args, subject_medium: 'eau-forte' }] })).result.structuredContent;
    expect(batch.results[0].result.reason).toBe('object_mismatch');
  });

  it('answers unavailable (not an error) outside the corpus', async () => {
    const result = await verify({ subject_artist: 'Banksy', subject_title: 'Girl with Balloon' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent.verdict).toBe('unavailable');
    expect(result.structuredContent.attestations).toEqual([]);
  });

  it('lists ambiguous titles as near matches with a hint, and subject_ref picks one', async () => {
    const ambiguous = await verify({ subject_artist: 'J. M. W. Turner', subject_title: 'Sketchbook Leaf' });
    expect(ambiguous.structuredContent.verdict).toBe('unavailable');
    const ids = ambiguous.structuredContent.near_matches.map((m: any) => m.work_id).sort();
    expect(ids).toEqual(['wrk_tate_D00001', 'wrk_tate_D00002']);
    expect(ambiguous.content[0].text).toMatch(/call again with subject_ref/);
    const picked = await verify({ subject_artist: 'J. M. W. Turner', subject_title: 'Sketchbook Leaf', subject_ref: 'wrk_tate_D00002' });
    expect(picked.structuredContent.verdict).toBe('attested');
    expect(picked.structuredContent.attestations[0].source_ref).toMatch(/D00002/);
  });

  it.each([
    [{ subject_title: 'The Fighting Temeraire' }, /subject_artist is required/],
    [{ subject_artist: 'Turner' }, /subject_title is required/],
    [{ subject_artist: '   ', subject_title: 'x' }, /subject_artist must not be blank/],
    [{ subject_artist: 'Turner', subject_title: 'x'.repeat(301) }, /subject_title must be at most 300 characters/],
    [{ subject_artist: 42, subject_title: 'x' }, /subject_artist must be a string/],
    [{ subject_artist: 'Turner', subject_title: 'x', subject_ref: '' }, /subject_ref must not be blank/],
    [undefined, /subject_artist is required.*subject_title is required/],
  ])('answers invalid arguments %j with an isError result naming the field', async (args, message) => {
    const result = await verify(args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(message) }]);
    expect(result.content[0].text).toMatch(/^Invalid arguments for verify_art_records\./);
  });
});

describe('tools/call verify_coverage', () => {
  it('answers the counts and how to ask by default (no artist list), valid against its outputSchema', async () => {
    const res = await client.callTool('verify_coverage', {});
    const m = res.result.structuredContent;
    expect(schemaErrors(outputSchemaOf('verify_coverage'), m)).toEqual([]);
    expect(m.counts).toMatchObject({ artists: 2, works: 4 });
    expect(m.artists).toEqual([]);
    expect(m.how_to_ask).toMatch(/"artist"/);
    expect(m.how_to_ask).toMatch(/"prefix"/);
    expect(res.result.content[0].text).toMatch(/^Coverage: 2 artists, 4 works, \d+ claims/);
    expect(jsonInText(res.result.content[0].text)).toEqual(m);
  });

  it('answers one artist (by a name as verify matches it), a prefix, and pages that neither repeat nor skip', async () => {
    const one = (await client.callTool('verify_coverage', { artist: 'turner, joseph mallord william' })).result.structuredContent;
    expect(schemaErrors(outputSchemaOf('verify_coverage'), one)).toEqual([]);
    expect(one.artists.map((a: any) => a.name)).toEqual(['Joseph Mallord William Turner']);
    expect(one).toMatchObject({ artists_matched: 1, next_cursor: null });
    const byId = (await client.callTool('verify_coverage', { artist: one.artists[0].artist_id })).result.structuredContent;
    expect(byId.artists).toEqual(one.artists);
    const prefix = (await client.callTool('verify_coverage', { prefix: 'hopp' })).result.structuredContent;
    expect(prefix.artists.map((a: any) => a.name)).toEqual(['John Hoppner']);
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await client.callTool('verify_coverage', { limit: 1, ...(cursor ? { cursor } : {}) })).result.structuredContent;
      expect(page.artists.length).toBeLessThanOrEqual(1);
      names.push(...page.artists.map((a: any) => a.name));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(names).toEqual(['John Hoppner', 'Joseph Mallord William Turner']);
  });

  it('treats missing or null arguments as none, and refuses unknown or invalid arguments with isError', async () => {
    expect((await client.callTool('verify_coverage')).result.structuredContent.counts.artists).toBe(2);
    expect((await client.callTool('verify_coverage', null)).result.structuredContent.counts.artists).toBe(2);
    for (const [args, message] of [
      [{ painter: 'Turner' }, /painter/],
      [{ limit: 0 }, /limit must be an integer from 1 to 100/],
      [{ prefix: '' }, /prefix must not be blank/],
      [{ cursor: 'forged' }, /cursor/],
    ] as const) {
      const res = await client.callTool('verify_coverage', args);
      expect(res.result.isError, JSON.stringify(args)).toBe(true);
      expect(res.result.content[0].text).toMatch(message);
    }
  });
});

describe('tools/call: protocol errors and failures', () => {
  it('answers -32602 for an unknown tool, a missing name and arguments that are not an object', async () => {
    const unknown = await client.callTool('delete_everything', {});
    expect(unknown.error).toMatchObject({ code: -32602, message: 'Unknown tool: delete_everything' });
    expect((await client.request('tools/call', {})).error.code).toBe(-32602);
    expect((await client.request('tools/call', { name: 7 })).error.code).toBe(-32602);
    for (const args of [['Turner', 'x'], 'Turner', 3, true]) {
      const res = await client.callTool('verify_art_records', args);
      expect(res.error.code).toBe(-32602);
    }
  });

  it('never shows internal error text: an unexpected backend failure is a generic isError result', async () => {
    const failing: VerifyBackend = {
      mode: 'embedded',
      verify: async () => {
        throw new Error('SQLITE_CORRUPT: database disk image is malformed at /srv/secret/path.db');
      },
      verifyBatch: async () => {
        throw new Error('SQLITE_CORRUPT: database disk image is malformed at /srv/secret/path.db');
      },
      coverage: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'index')");
      },
      verifyCatalogue: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'sheet')");
      },
    };
    const { client: c } = await startInMemory({ backend: failing });
    const v = await c.callTool('verify_art_records', { subject_artist: 'a', subject_title: 'b' }, modernMeta());
    const cov = await c.callTool('verify_coverage', {}, modernMeta());
    for (const res of [v, cov]) {
      expect(res.result.isError).toBe(true);
      expect(res.result.content[0].text).toMatch(/failed unexpectedly; the server log \(stderr\) has the details/);
      expect(JSON.stringify(res)).not.toMatch(/SQLITE|secret|Cannot read|undefined|at \//);
    }
  });

  it('shows a backend error message as is (it is written to be safe), field errors included', async () => {
    const refusing: VerifyBackend = {
      mode: 'remote',
      verify: async () => {
        throw new BackendError('invalid_arguments', 'The attestation API rejected the request.', {
          fieldErrors: [{ path: 'subject_title', message: 'must not contain control characters' }],
        });
      },
      verifyBatch: async () => {
        throw new BackendError('rate_limited', 'The attestation API rate limit was reached (HTTP 429). Retry after 12 s.', { retryAfterSeconds: 12 });
      },
      coverage: async () => {
        throw new BackendError('rate_limited', 'The attestation API rate limit was reached (HTTP 429). Retry after 12 s.', { retryAfterSeconds: 12 });
      },
      verifyCatalogue: async () => {
        throw new BackendError('rate_limited', 'The attestation API rate limit was reached (HTTP 429). Retry after 12 s.', { retryAfterSeconds: 12 });
      },
    };
    const { client: c } = await startInMemory({ backend: refusing });
    const v = await c.callTool('verify_art_records', { subject_artist: 'a', subject_title: 'b' }, modernMeta());
    expect(v.result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'The attestation API rejected the request. subject_title: must not contain control characters.' }],
    });
    const cov = await c.callTool('verify_coverage', {}, modernMeta());
    expect(cov.result.content[0].text).toBe('The attestation API rate limit was reached (HTTP 429). Retry after 12 s.');
  });

  it('reports a corpus that cannot load as a tool error, not a crash', async () => {
    const { client: c } = await startInMemory({ backend: embeddedBackend({ corpusDir: '/nonexistent/corpus' }) });
    const res = await c.callTool('verify_coverage', {}, modernMeta());
    expect(res.result.isError).toBe(true);
    expect(res.result.content[0].text).toMatch(/bundled attestation corpus could not answer/);
    expect(res.result.content[0].text).not.toMatch(/nonexistent|ENOENT/);
    // The server still serves.
    expect((await c.request('ping')).result).toEqual({});
  });

  it('keeps serving after failures: the same backend answers the next call', async () => {
    const backend = testBackend();
    const { client: c } = await startInMemory({ backend });
    await c.callTool('verify_art_records', {}, modernMeta());
    const ok = await c.callTool('verify_art_records', { subject_artist: 'John Hoppner', subject_title: 'Portrait of Mrs Jordan' }, modernMeta());
    expect(ok.result.structuredContent.verdict).toBe('contradicted');
  });
});
