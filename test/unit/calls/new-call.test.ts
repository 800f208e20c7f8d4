import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseInstant } from '../../../core/calls/instant.js';
import { type NewCallInput, normaliseNewCall } from '../../../core/calls/new-call.js';
import { aNewCall } from '../../fixtures/call-mother.js';

const id = () => 'call_generated';

describe('normaliseNewCall', () => {
  it('derives duration_seconds (rounded), normalises instants to UTC and fills defaults', () => {
    const call = normaliseNewCall({ ...aNewCall({ started_at: '2026-11-03T10:00:00+01:00', ended_at: '2026-11-03T10:04:10.600+01:00' }), agent_id: undefined, summary: undefined, transcript: undefined, metadata: undefined }, id);
    expect(call).toMatchObject({
      call_id: 'call_generated',
      agent_id: null,
      started_at: '2026-11-03T09:00:00.000Z',
      ended_at: '2026-11-03T09:04:10.600Z',
      duration_seconds: 251,
      summary: null,
      transcript: [],
      metadata: {},
    });
    expect(normaliseNewCall(aNewCall({ call_id: 'mine' }), id).call_id).toBe('mine');
  });

  it('reports every bad field at once, with its path', () => {
    try {
      normaliseNewCall(
        {
          ...aNewCall(),
          call_id: 'has space',
          // Values a schema refuses, as an unchecked caller could still send them: core checks again.
          channel: 'fax' as NewCallInput['channel'],
          direction: 'sideways' as NewCallInput['direction'],
          status: 'lost' as NewCallInput['status'],
          caller: '  ',
          started_at: '2026-11-03T10:00:00Z',
          ended_at: '2026-11-03T09:00:00Z',
          transcript: [{ speaker: 'robot' as 'agent', text: 'x', offset_ms: -1 }],
          metadata: [] as unknown as Record<string, unknown>,
        },
        id,
      );
      expect.unreachable();
    } catch (err) {
      expect((err as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(
        ['call_id', 'caller', 'channel', 'direction', 'ended_at', 'metadata', 'status', 'transcript.0.offset_ms', 'transcript.0.speaker'].sort(),
      );
    }
  });

  it('refuses the NUL character in any text of the call (svc-admin imports come this way too)', () => {
    const cases: [Partial<NewCallInput>, string][] = [
      [{ summary: 'a\u0000' }, 'summary'],
      [{ transcript: [{ speaker: 'customer', text: '\u0000', offset_ms: 0 }] }, 'transcript.0.text'],
      [{ metadata: { note: ['ok', 'b\u0000'] } }, 'metadata.note.1'],
    ];
    for (const [override, path] of cases) {
      expect(() => normaliseNewCall({ ...aNewCall(), ...override }, id)).toThrow(expect.objectContaining({ errors: [{ path, message: 'must not contain the NUL character (U+0000)' }] }));
    }
  });

  it('duration is never negative and matches the instants (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 86_400_000 }), (start, length) => {
        const started_at = new Date(start).toISOString();
        const ended_at = new Date(start + length).toISOString();
        const call = normaliseNewCall(aNewCall({ started_at, ended_at }), id);
        expect(call.duration_seconds).toBe(Math.round(length / 1000));
      }),
    );
  });
});

describe('normaliseInstant', () => {
  it('accepts ISO-8601 instants with an offset and normalises them', () => {
    expect(normaliseInstant('2026-11-03T10:00Z')).toBe('2026-11-03T10:00:00.000Z');
    expect(normaliseInstant('2026-11-03T10:00:00.123456-02:30')).toBe('2026-11-03T12:30:00.123Z');
    expect(normaliseInstant('2024-02-29T00:00:00z')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses local times, impossible dates and years outside 1970..9999', () => {
    for (const bad of ['2026-11-03T10:00:00', '2026-11-03', '2026-02-30T00:00:00Z', '2025-02-29T00:00:00Z', '2026-13-01T00:00:00Z', '2026-11-03T24:00:00Z', '1969-12-31T23:59:59Z', 'yesterday', '', '2026-11-03T10:00:00+1:00']) {
      expect(normaliseInstant(bad), bad).toBeNull();
    }
  });

  it('normalised instants sort as text in time order (fast-check)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(0), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), fc.date({ min: new Date(0), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (a, b) => {
        const x = normaliseInstant(a.toISOString())!;
        const y = normaliseInstant(b.toISOString())!;
        expect(x < y).toBe(a.getTime() < b.getTime());
      }),
    );
  });
});
