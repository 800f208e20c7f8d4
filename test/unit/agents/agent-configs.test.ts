import { describe, expect, it } from 'vitest';
import { defaultAgentSettings, etagOf } from '../../../core/agents/agent.model.js';
import { AgentConfigs } from '../../../core/agents/use-cases/agent-configs.js';
import type { Principal } from '../../../core/auth/auth.model.js';
import { newEventFactory } from '../../../core/events/event.model.js';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { cryptoIds } from '../../../adapters/node/node-platform.js';
import { MemoryAgentRepository } from '../../../adapters/memory/memory-agent.repository.js';
import { MemoryTenantRepository } from '../../../adapters/memory/memory-tenancy.repositories.js';
import { MemoryEventOutbox } from '../../../adapters/memory/memory-webhook.stores.js';

const admin: Principal = { user_id: 'usr_a', tenant_id: 'acme', role: 'admin' };
const member: Principal = { user_id: 'usr_m', tenant_id: 'acme', role: 'member' };
const other: Principal = { user_id: 'usr_o', tenant_id: 'globex', role: 'admin' };
const NOW = new Date('2026-11-25T12:00:00.000Z');

async function setup() {
  const tenants = new MemoryTenantRepository();
  await tenants.insert({ tenant_id: 'acme', name: 'Acme', created_at: 'x' });
  await tenants.insert({ tenant_id: 'globex', name: 'Globex', created_at: 'x' });
  const outbox = new MemoryEventOutbox();
  const agents = new MemoryAgentRepository(outbox);
  const clock = { now: () => NOW };
  const events = newEventFactory(() => cryptoIds.uuid(), () => clock.now());
  return { outbox, configs: new AgentConfigs(agents, tenants, new HmacCursorSealer('unit-test-secret-unit-test-secret!!'), clock, cryptoIds, events) };
}

describe('AgentConfigs (on the memory fakes)', () => {
  it('creates version 1 from the writable fields only; admins write, members read, another tenant sees nothing', async () => {
    const { configs } = await setup();
    const sent = { ...defaultAgentSettings('Front desk'), agent_id: 'agt_forged', version: 99 } as ReturnType<typeof defaultAgentSettings>;
    const agent = await configs.create(admin, sent);
    expect(agent).toMatchObject({ tenant_id: 'acme', name: 'Front desk', version: 1, updated_at: NOW.toISOString() });
    expect(agent.agent_id).toMatch(/^agt_[0-9a-f]{32}$/);
    expect(await configs.get(member, agent.agent_id)).toEqual(agent);
    await expect(configs.create(member, defaultAgentSettings('No'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(configs.get(other, agent.agent_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(configs.get(admin, 'agt_nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses an invalid configuration, naming each bad field, and stores nothing', async () => {
    const { configs } = await setup();
    const bad = { ...defaultAgentSettings(''), language: 'not a tag', llm: { model: 'm', temperature: 9, max_output_tokens: 0 } };
    await expect(configs.create(admin, bad)).rejects.toMatchObject({ code: 'VALIDATION', errors: expect.arrayContaining([expect.objectContaining({ path: 'name' })]) });
    expect((await configs.list(admin, { limit: 20 })).data).toEqual([]);
  });

  it('replaces whole under If-Match only: 428 without it, 412 when stale, a new version and an agent.updated event when current', async () => {
    const { configs, outbox } = await setup();
    const agent = await configs.create(admin, defaultAgentSettings('Desk'));
    const next = { ...defaultAgentSettings('Desk 2'), greeting: 'Hello again' };
    await expect(configs.replace(admin, agent.agent_id, next, undefined)).rejects.toMatchObject({ code: 'PRECONDITION_REQUIRED' });
    await expect(configs.replace(admin, agent.agent_id, next, '"agt_x.v7"')).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    const replaced = await configs.replace(admin, agent.agent_id, next, etagOf(agent));
    expect(replaced).toMatchObject({ agent_id: agent.agent_id, name: 'Desk 2', greeting: 'Hello again', version: 2 });
    // The old tag is stale now.
    await expect(configs.replace(admin, agent.agent_id, next, etagOf(agent))).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    const versions = await configs.versions(member, agent.agent_id, { limit: 20 });
    // The versions before the current one, newest first.
    expect(versions.data.map((a) => a.version)).toEqual([1]);
    expect(outbox.all().map((e) => e.type)).toEqual(['agent.updated']);
  });

  it("lists the tenant's agents in agent_id order, page by page, each once", async () => {
    const { configs } = await setup();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await configs.create(admin, defaultAgentSettings(`A${i}`)));
    await configs.create(other, defaultAgentSettings('Elsewhere'));
    const walked = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await configs.list(member, { limit: 2, cursor });
      walked.push(...page.data.map((a) => a.agent_id));
      if (page.next_cursor === null) break;
      cursor = page.next_cursor;
    }
    expect(walked).toEqual(made.map((a) => a.agent_id).sort());
  });

  it('creates an operator default for an existing tenant only', async () => {
    const { configs } = await setup();
    const agent = await configs.createDefault('acme', '  Night line  ', { language: 'fr-FR' });
    expect(agent).toMatchObject({ tenant_id: 'acme', name: 'Night line', language: 'fr-FR', version: 1 });
    await expect(configs.createDefault('nope', 'X')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
