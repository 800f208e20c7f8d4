import { describe, expect, it } from 'vitest';
import { type ArchiveRow, meterIncrements, SANDBOX_METER } from '../../adapters/sql/archive-writer.js';

const row = (key_id: string | null, served_at: string): ArchiveRow => ({
  request_id: `${key_id}-${served_at}`,
  served_at,
  tier: key_id === null ? 'sandbox' : 'production',
  key_id,
  verdict: 'attested',
  subject_artist: 'a',
  subject_title: 't',
  request_json: '{}',
  response_json: '{}',
});

describe('meterIncrements', () => {
  it('counts a batch per meter and month, in (meter, month) order whatever the rows order, so concurrent writers lock meter rows in one order', () => {
    const rows = [
      row('key_b', '2026-12-01T00:00:00.000Z'),
      row(null, '2026-11-30T23:59:59.999Z'),
      row('key_a', '2026-12-02T00:00:00.000Z'),
      row('key_b', '2026-11-15T00:00:00.000Z'),
      row('key_a', '2026-12-03T00:00:00.000Z'),
      row('key_b', '2026-12-09T00:00:00.000Z'),
    ];
    const expected = [
      { meter_id: 'key_a', month: '2026-12', served_calls: 2 },
      { meter_id: 'key_b', month: '2026-11', served_calls: 1 },
      { meter_id: 'key_b', month: '2026-12', served_calls: 2 },
      { meter_id: SANDBOX_METER, month: '2026-11', served_calls: 1 },
    ];
    expect(meterIncrements(rows)).toEqual(expected);
    expect(meterIncrements([...rows].reverse())).toEqual(expected);
  });
});
