import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../core/auth/auth.model.js';
import { WorkspaceSettingsService } from '../../../core/workspace/use-cases/workspace-settings.js';
import { WORKSPACE_DEFAULTS } from '../../../core/workspace/workspace.model.js';
import { MemoryTenantRepository } from '../../../adapters/memory/memory-tenancy.repositories.js';
import { MemoryWorkspaceRepository } from '../../../adapters/memory/memory-workspace.repository.js';

const admin: Principal = { user_id: 'usr_a', tenant_id: 'acme', role: 'admin' };
const member: Principal = { user_id: 'usr_m', tenant_id: 'acme', role: 'member' };
const orphan: Principal = { user_id: 'usr_x', tenant_id: 'gone', role: 'admin' };
const settings = { name: 'Acme support', timezone: 'Europe/Paris', locale: 'fr-fr', retention_days: 30 };

async function setup() {
  const tenants = new MemoryTenantRepository();
  await tenants.insert({ tenant_id: 'acme', name: 'Acme', created_at: 'x' });
  const workspaces = new MemoryWorkspaceRepository();
  return { workspaces, service: new WorkspaceSettingsService(workspaces, tenants) };
}

describe('WorkspaceSettingsService (on the memory fakes)', () => {
  it('reads the defaults under the tenant\'s name until settings are saved', async () => {
    const { service } = await setup();
    expect(await service.get(member)).toEqual({ tenant_id: 'acme', name: 'Acme', ...WORKSPACE_DEFAULTS });
    await expect(service.get(orphan)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an admin replaces them whole (name trimmed, locale canonicalised); a member may not', async () => {
    const { service, workspaces } = await setup();
    const saved = await service.replace(admin, { ...settings, name: '  Acme support ' });
    expect(saved).toEqual({ tenant_id: 'acme', name: 'Acme support', timezone: 'Europe/Paris', locale: 'fr-FR', retention_days: 30 });
    expect(await service.get(member)).toEqual(saved);
    expect(await workspaces.find('acme')).toEqual(saved);
    await expect(service.replace(member, settings)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('names every bad field in one refusal and saves nothing', async () => {
    const { service, workspaces } = await setup();
    await expect(service.replace(admin, { name: ' ', timezone: 'Mars/Olympus', locale: '!!', retention_days: 0 })).rejects.toMatchObject({
      code: 'VALIDATION',
      errors: ['name', 'timezone', 'locale', 'retention_days'].map((path) => expect.objectContaining({ path })),
    });
    await expect(service.replace(admin, { ...settings, retention_days: 3651 })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(service.replace(admin, { ...settings, retention_days: 1.5 })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await workspaces.find('acme')).toBeNull();
  });

  it('refuses settings for a tenant that does not exist', async () => {
    const { service } = await setup();
    await expect(service.replace(orphan, settings)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
