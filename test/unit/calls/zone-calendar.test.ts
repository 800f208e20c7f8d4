import { describe, expect, it } from 'vitest';
import { periodsCovering } from '../../../core/calls/zone-calendar.js';

const spans = (tz: string, bucket: 'day' | 'week' | 'month', from: string, to: string) =>
  periodsCovering(tz, bucket, from, to, 100)!.map((p) => [p.date, p.start, p.end]);

describe('periodsCovering: calendar periods of a time zone as UTC instants', () => {
  it('begins a day at local midnight, 23 and 25 hours long on daylight-saving changes (Europe/Paris)', () => {
    expect(spans('Europe/Paris', 'day', '2026-03-29T12:00:00Z', '2026-03-29T13:00:00Z')).toEqual([['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']]);
    expect(spans('Europe/Paris', 'day', '2026-10-25T12:00:00Z', '2026-10-25T13:00:00Z')).toEqual([['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']]);
  });

  it('begins a day where the gap ends when the change skips midnight (America/Santiago)', () => {
    expect(spans('America/Santiago', 'day', '2026-09-06T12:00:00Z', '2026-09-06T13:00:00Z')).toEqual([['2026-09-06', '2026-09-06T04:00:00.000Z', '2026-09-07T03:00:00.000Z']]);
    expect(spans('America/Santiago', 'day', '2026-04-04T12:00:00Z', '2026-04-04T13:00:00Z')).toEqual([['2026-04-04', '2026-04-04T03:00:00.000Z', '2026-04-05T04:00:00.000Z']]);
  });

  it('begins a day at the earlier of two midnights when the clock goes back at 01:00 (America/Havana)', () => {
    expect(spans('America/Havana', 'day', '2026-10-31T12:00:00Z', '2026-11-02T12:00:00Z')).toEqual([
      ['2026-10-31', '2026-10-31T04:00:00.000Z', '2026-11-01T04:00:00.000Z'],
      ['2026-11-01', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
      ['2026-11-02', '2026-11-02T05:00:00.000Z', '2026-11-03T05:00:00.000Z'],
    ]);
  });

  it('begins each day of a long window where the full search for that day alone begins it (the next boundary is first tried at the previous offset)', () => {
    for (const tz of ['Europe/Paris', 'America/Santiago', 'America/Havana', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Africa/Casablanca', 'Pacific/Apia']) {
      for (const from of ['2011-06-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z']) {
        const days = periodsCovering(tz, 'day', from, new Date(Date.parse(from) + 400 * 86_400_000).toISOString(), 1000)!;
        for (const day of days) expect(periodsCovering(tz, 'day', day.start, new Date(Date.parse(day.start) + 1).toISOString(), 1)![0]!.start, `${tz} ${day.date}`).toBe(day.start);
      }
    }
  });

  it('leaves out a date the zone skipped (Pacific/Apia, 30 December 2011)', () => {
    expect(spans('Pacific/Apia', 'day', '2011-12-29T12:00:00Z', '2011-12-31T12:00:00Z').map(([date]) => date)).toEqual(['2011-12-29', '2011-12-31', '2012-01-01']);
  });

  it('begins weeks on Monday and months on the 1st, in zones off the hour (Asia/Kolkata)', () => {
    expect(spans('Asia/Kolkata', 'week', '2026-11-25T12:00:00Z', '2026-12-01T12:00:00Z')).toEqual([
      ['2026-11-23', '2026-11-22T18:30:00.000Z', '2026-11-29T18:30:00.000Z'],
      ['2026-11-30', '2026-11-29T18:30:00.000Z', '2026-12-06T18:30:00.000Z'],
    ]);
    expect(spans('UTC', 'month', '2026-12-15T00:00:00Z', '2027-01-02T00:00:00Z')).toEqual([
      ['2026-12-01', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
      ['2027-01-01', '2027-01-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z'],
    ]);
  });

  it('answers null rather than more periods than asked', () => {
    expect(periodsCovering('UTC', 'day', '2026-01-01T00:00:00Z', '2026-01-11T00:00:00Z', 10)).toHaveLength(10);
    expect(periodsCovering('UTC', 'day', '2026-01-01T00:00:00Z', '2026-01-11T00:00:00.001Z', 10)).toBeNull();
  });
});
