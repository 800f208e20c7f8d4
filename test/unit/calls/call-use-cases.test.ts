import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../core/auth/auth.model.js';
import { CallIngest } from '../../../core/calls/use-cases/call-ingest.js';
import { CallQueries } from '../../../core/calls/use-cases/call-queries.js';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { cryptoIds } from '../../../adapters/node/node-platform.js';
import { MemoryCallRepository } from '../../../adapters/memory/memory-call.repository.js';
import { MemoryTenantRepository } from '../../../adapters/memory/memory-tenancy.repositories.js';
import { SEARCH_MAX_TERMS } from '../../../core/shared/search-query.js';
import { CallListQuerySchema } from '../../../runtimes/shared/schemas/calls.schemas.js';
import { fieldErrorsOf } from '../../../runtimes/shared/schemas/field-errors.js';
import { aNewCall, callsArbitrary } from '../../fixtures/call-mother.js';

const admin: Principal = { user_id: 'usr_a', tenant_id: 'acme', role: 'admin' };
const member: Principal = { user_id: 'usr_m', tenant_id: 'acme', role: 'member' };
const stranger: Principal = { user_id: 'usr_s', tenant_id: 'globex', role: 'admin' };

async function setup() {
  const calls = new MemoryCallRepository();
  const tenants = new MemoryTenantRepository();
  await tenants.insert({ tenant_id: 'acme', name: 'Acme', created_at: 'x' });
  await tenants.insert({ tenant_id: 'globex', name: 'Globex', created_at: 'x' });
  return { calls, queries: new CallQueries(calls, new HmacCursorSealer('unit-test-secret-unit-test-secret!!')), ingest: new CallIngest(calls, tenants, cryptoIds) };
}

describe('tenancy rule in the call use cases', () => {
  it('a principal reads and writes its own tenant only; members read, admins write', async () => {
    const { queries, ingest } = await setup();
    const call = await ingest.record(admin, 'acme', aNewCall());
    await expect(ingest.record(member, 'acme', aNewCall())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(ingest.record(stranger, 'acme', aNewCall())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await queries.get(member, 'acme', call.call_id)).call_id).toBe(call.call_id);
    await expect(queries.get(stranger, 'acme', call.call_id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(queries.list(stranger, 'acme', { limit: 20 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Another tenant's call through one's own tenant: does not exist.
    await expect(queries.get(stranger, 'globex', call.call_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an existing call_id is a CONFLICT; a generated one is new each time', async () => {
    const { ingest } = await setup();
    await ingest.record(admin, 'acme', aNewCall({ call_id: 'fixed' }));
    await expect(ingest.record(admin, 'acme', aNewCall({ call_id: 'fixed' }))).rejects.toMatchObject({ code: 'CONFLICT' });
    const a = await ingest.record(admin, 'acme', aNewCall());
    const b = await ingest.record(admin, 'acme', aNewCall());
    expect(a.call_id).not.toBe(b.call_id);
  });

  it('imports a batch: stores the good, reports the bad by index', async () => {
    const { ingest, queries } = await setup();
    const outcome = await ingest.importBatch('acme', [aNewCall({ call_id: 'a' }), aNewCall({ channel: 'fax' as 'voice' }), aNewCall({ call_id: 'a' }), aNewCall({ call_id: 'b' })]);
    expect(outcome.imported).toBe(2);
    expect(outcome.rejected.map((r) => [r.index, r.errors[0].path])).toEqual([
      [1, 'channel'],
      [2, 'call_id'],
    ]);
    expect((await queries.list(admin, 'acme', { limit: 20 })).data.map((c) => c.call_id).sort()).toEqual(['a', 'b']);
    await expect(ingest.importBatch('nope', [aNewCall()])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('listing', () => {
  it('the wire schema validates limit and every filter, naming each bad parameter in one failure', () => {
    const paths = (raw: Record<string, unknown>) => {
      const result = CallListQuerySchema.safeParse(raw);
      return result.success ? [] : fieldErrorsOf(result.error, 'query').map((e) => e.path);
    };
    for (const limit of ['0', '101', '1.5', 'abc', '']) expect(paths({ limit }), limit).toEqual(['limit']);
    expect(paths({ channel: 'fax', direction: 'up', from: 'monday', to: '2026-02-30T00:00:00Z' })).toEqual(['channel', 'direction', 'from', 'to']);
    expect(paths({ from: '1969-12-31T23:59:59Z', q: Array.from({ length: SEARCH_MAX_TERMS + 1 }, (_, i) => `w${i}`).join(' ') })).toEqual(['from', 'q']);
    expect(CallListQuerySchema.parse({ from: '2026-11-03T01:00:00+01:00', q: 'Réserv* café' })).toEqual({
      limit: 20,
      from: '2026-11-03T00:00:00.000Z',
      q: [{ text: 'reserv', prefix: true }, { text: 'cafe', prefix: false }],
    });
  });

  it('the use case refuses an empty window (from is inclusive, to exclusive), naming to', async () => {
    const { queries } = await setup();
    const query = CallListQuerySchema.parse({ from: '2026-11-03T00:00:00Z', to: '2026-11-03T00:00:00Z' });
    await expect(queries.list(member, 'acme', query)).rejects.toMatchObject({ code: 'VALIDATION', errors: [expect.objectContaining({ path: 'to' })] });
    await expect(queries.list(member, 'acme', { ...query, to: '2026-11-02T00:00:00.000Z' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect((await queries.list(member, 'acme', { ...query, to: '2026-11-03T00:00:00.001Z' })).data).toEqual([]);
  });

  it('a walk of pages returns the full ordered list exactly once (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(callsArbitrary('acme', { maxLength: 45 }), fc.integer({ min: 1, max: 10 }), async (batch, limit) => {
        const { calls, queries } = await setup();
        await calls.insertMany(batch);
        const full = (await queries.list(admin, 'acme', { limit: 100 })).data;
        const walked = [];
        let cursor: string | undefined;
        for (;;) {
          const page = await queries.list(member, 'acme', { limit, cursor });
          expect(page.data.length).toBeLessThanOrEqual(limit);
          walked.push(...page.data);
          if (page.next_cursor === null) break;
          cursor = page.next_cursor;
        }
        expect(walked).toEqual(full);
        expect(full).toHaveLength(batch.length);
      }),
      { numRuns: 60 },
    );
  });

  it('the last page has next_cursor null, also when it is exactly full', async () => {
    const { calls, queries } = await setup();
    await calls.insertMany((await fc.sample(callsArbitrary('acme', { minLength: 4, maxLength: 4 }), 1))[0]);
    const first = await queries.list(admin, 'acme', { limit: 2 });
    expect(first.next_cursor).not.toBeNull();
    const second = await queries.list(admin, 'acme', { limit: 2, cursor: first.next_cursor! });
    expect(second.data).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
  });
});
