import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import type { TenantRepository, UserRepository } from '../../core/tenancy/ports.js';
import type { User } from '../../core/tenancy/tenancy.model.js';
import { MemoryTenantRepository, MemoryUserRepository } from '../../adapters/memory/memory-tenancy.repositories.js';
import { TENANCY } from '../../runtimes/shared/composition/tenancy.tokens.js';
import { boundAdapters, contractSuite, type Adapter } from '../support/contract-suite.js';

interface Ports {
  tenants: TenantRepository;
  users: UserRepository;
}

const ADAPTERS: Adapter<Ports>[] = [
  { name: 'memory', make: async () => ({ tenants: new MemoryTenantRepository(), users: new MemoryUserRepository() }) },
  ...boundAdapters<Ports>({ tenants: TENANCY.TenantRepository, users: TENANCY.UserRepository }),
];


const user = (overrides: Partial<User> = {}): User => ({
  user_id: 'usr_1',
  tenant_id: 'acme',
  email: 'ann@acme.example',
  role: 'admin',
  password_hash: 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
  created_at: '2026-11-01T00:00:00.000Z',
  disabled_at: null,
  ...overrides,
});

contractSuite('tenancy ports contract', ADAPTERS, (adapter) => {
  let tenants: TenantRepository;
  let users: UserRepository;
  beforeEach(async () => {
    ({ tenants, users } = await adapter.make());
  });

  it('counts, stores and reads back tenants; a second insert of an id is a CONFLICT', async () => {
    expect(await tenants.count()).toBe(0);
    const acme = { tenant_id: 'acme', name: 'Acme Corp', created_at: '2026-11-01T00:00:00.000Z' };
    await tenants.insert(acme);
    expect(await tenants.find('acme')).toEqual(acme);
    expect(await tenants.find('ACME')).toBeNull();
    await expect(tenants.insert({ ...acme, name: 'Other' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await tenants.find('acme'))?.name).toBe('Acme Corp');
    expect(await tenants.count()).toBe(1);
  });

  it('stores users and finds them by email; an email is unique across tenants', async () => {
    await tenants.insert({ tenant_id: 'acme', name: 'A', created_at: 'x' });
    await tenants.insert({ tenant_id: 'globex', name: 'G', created_at: 'x' });
    await users.insert(user());
    expect(await users.findByEmail('ann@acme.example')).toEqual(user());
    expect(await users.findByEmail('bob@acme.example')).toBeNull();
    await expect(users.insert(user({ user_id: 'usr_2', tenant_id: 'globex' }))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await users.findByEmail('ann@acme.example'))?.tenant_id).toBe('acme');
    await users.insert(user({ user_id: 'usr_3', email: 'bob@globex.example', tenant_id: 'globex', role: 'member' }));
    expect((await users.findByEmail('bob@globex.example'))?.role).toBe('member');
  });

  it('finds a user by id, disables and enables it, deletes it', async () => {
    await tenants.insert({ tenant_id: 'acme', name: 'A', created_at: 'x' });
    await users.insert(user());
    expect(await users.findById('usr_1')).toEqual(user());
    expect(await users.findById('usr_2')).toBeNull();
    expect(await users.setDisabled('usr_1', '2026-11-05T10:00:00.000Z')).toBe(true);
    expect(await users.findById('usr_1')).toEqual(user({ disabled_at: '2026-11-05T10:00:00.000Z' }));
    expect(await users.findByEmail('ann@acme.example')).toEqual(user({ disabled_at: '2026-11-05T10:00:00.000Z' }));
    expect(await users.setDisabled('usr_1', null)).toBe(true);
    expect(await users.findById('usr_1')).toEqual(user());
    expect(await users.setDisabled('usr_2', null)).toBe(false);
    expect(await users.delete('usr_1')).toBe(true);
    expect(await users.delete('usr_1')).toBe(false);
    expect(await users.findById('usr_1')).toBeNull();
    expect(await users.findByEmail('ann@acme.example')).toBeNull();
    // The email is free again; the new user has a new id.
    await users.insert(user({ user_id: 'usr_9' }));
    expect((await users.findByEmail('ann@acme.example'))?.user_id).toBe('usr_9');
  });

  it('lists a tenant\'s users oldest first (created_at, then user_id), by keyset, never another tenant\'s', async () => {
    await tenants.insert({ tenant_id: 'acme', name: 'A', created_at: 'x' });
    await tenants.insert({ tenant_id: 'globex', name: 'G', created_at: 'x' });
    const t1 = '2026-11-01T00:00:00.000Z';
    const t2 = '2026-11-02T00:00:00.000Z';
    await users.insert(user({ user_id: 'usr_b', email: 'b@acme.example', created_at: t1 }));
    await users.insert(user({ user_id: 'usr_a', email: 'z@acme.example', created_at: t1, disabled_at: t2 }));
    await users.insert(user({ user_id: 'usr_0', email: 'a@acme.example', created_at: t2, role: 'member' }));
    await users.insert(user({ user_id: 'usr_g', email: 'g@globex.example', tenant_id: 'globex', created_at: t1 }));
    const ids = (list: User[]) => list.map((u) => u.user_id);
    expect(ids(await users.listByTenant('acme', null, 10))).toEqual(['usr_a', 'usr_b', 'usr_0']);
    expect(await users.listByTenant('acme', null, 1)).toEqual([user({ user_id: 'usr_a', email: 'z@acme.example', created_at: t1, disabled_at: t2 })]);
    expect(ids(await users.listByTenant('acme', { created_at: t1, user_id: 'usr_a' }, 10))).toEqual(['usr_b', 'usr_0']);
    expect(ids(await users.listByTenant('acme', { created_at: t1, user_id: 'usr_b' }, 1))).toEqual(['usr_0']);
    expect(await users.listByTenant('acme', { created_at: t2, user_id: 'usr_0' }, 10)).toEqual([]);
    expect(ids(await users.listByTenant('globex', null, 10))).toEqual(['usr_g']);
    expect(await users.listByTenant('initech', null, 10)).toEqual([]);
  });

  it('round-trips any email and hash text (fast-check)', async () => {
    await tenants.insert({ tenant_id: 'acme', name: 'A', created_at: 'x' });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.emailAddress(), fc.string({ minLength: 1, maxLength: 200 }), async (email, hash) => {
        const u = user({ user_id: `usr_${n++}`, email: `${n}.${email}`, password_hash: hash });
        await users.insert(u);
        expect(await users.findByEmail(u.email)).toEqual(u);
      }),
      { numRuns: 40 },
    );
  });
});
