import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../core/auth/auth.model.js';
import { CallStatistics } from '../../../core/calls/use-cases/call-statistics.js';
import { MemoryCallRepository } from '../../../adapters/memory/memory-call.repository.js';
import { MemoryWorkspaceRepository } from '../../../adapters/memory/memory-workspace.repository.js';
import { aCall } from '../../fixtures/call-mother.js';

const member: Principal = { user_id: 'usr_m', tenant_id: 'acme', role: 'member' };

async function setup() {
  const calls = new MemoryCallRepository();
  const workspaces = new MemoryWorkspaceRepository();
  await calls.insertMany([
    aCall({ call_id: 'a', started_at: '2026-11-02T23:30:00.000Z', duration_seconds: 10, agent_id: 'nova', status: 'completed' }),
    aCall({ call_id: 'b', started_at: '2026-11-03T08:00:00.000Z', duration_seconds: 20, agent_id: 'nova', status: 'missed' }),
    aCall({ call_id: 'c', started_at: '2026-11-03T09:00:00.000Z', duration_seconds: 60, agent_id: null, channel: 'email' }),
  ]);
  return { calls, workspaces, statistics: new CallStatistics(calls, workspaces) };
}

describe('CallStatistics (on the memory fakes)', () => {
  it('cuts the days in UTC until the workspace says otherwise, then in its zone', async () => {
    const { statistics, workspaces } = await setup();
    const utc = await statistics.stats(member, 'acme', { bucket: 'day' });
    expect(utc.periods.map((p) => [p.date, p.calls])).toEqual([['2026-11-02', 1], ['2026-11-03', 2]]);
    await workspaces.save({ tenant_id: 'acme', name: 'Acme', timezone: 'Europe/Paris', locale: 'fr-FR', retention_days: 365 });
    const paris = await statistics.stats(member, 'acme', { bucket: 'day' });
    expect(paris.periods.map((p) => [p.date, p.calls])).toEqual([['2026-11-03', 3]]);
  });

  it('rounds durations to tenths, orders agents by calls then id (no agent last)', async () => {
    const { statistics } = await setup();
    const stats = await statistics.stats(member, 'acme', { bucket: 'month' });
    expect(stats.totals.duration).toEqual({ mean_seconds: 30, p50_seconds: 20, p90_seconds: 52 });
    expect(stats.agents.map((a) => [a.agent_id, a.calls, a.by_status.missed])).toEqual([['nova', 2, 1], [null, 1, 0]]);
    expect(stats.totals.by_channel).toMatchObject({ voice: 2, email: 1 });
  });

  it('refuses another tenant and a window of more than 1,000 periods', async () => {
    const { statistics } = await setup();
    await expect(statistics.stats(member, 'globex', { bucket: 'day' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(statistics.stats(member, 'acme', { bucket: 'day', from: '2020-01-01T00:00:00.000Z', to: '2023-01-01T00:00:00.000Z' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect((await statistics.stats(member, 'acme', { bucket: 'month', from: '2020-01-01T00:00:00.000Z', to: '2023-01-01T00:00:00.000Z' })).periods).toHaveLength(36);
  });
});
