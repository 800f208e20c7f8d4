import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../core/auth/auth.model.js';
import { TenantUsers } from '../../../core/tenancy/use-cases/tenant-users.js';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { MemoryUserRepository } from '../../../adapters/memory/memory-tenancy.repositories.js';

const member: Principal = { user_id: 'usr_m', tenant_id: 'acme', role: 'member' };
const user = (user_id: string, email: string, tenant_id = 'acme') => ({ user_id, tenant_id, email, role: 'member' as const, password_hash: 'scrypt$secret', created_at: '2026-11-01T00:00:00.000Z' });

describe('TenantUsers (on the memory fakes)', () => {
  it('lists the tenant\'s users without their hashes, page by page; a cursor of another tenant is refused', async () => {
    const users = new MemoryUserRepository();
    for (const u of [user('usr_2', 'b@acme.example'), user('usr_1', 'a@acme.example'), user('usr_9', 'g@globex.example', 'globex')]) await users.insert(u);
    const sealer = new HmacCursorSealer('unit-test-secret-unit-test-secret!!');
    const tenantUsers = new TenantUsers(users, sealer);
    const first = await tenantUsers.list(member, 'acme', { limit: 1 });
    expect(first.data).toEqual([{ user_id: 'usr_1', tenant_id: 'acme', email: 'a@acme.example', role: 'member', created_at: '2026-11-01T00:00:00.000Z', disabled_at: null }]);
    const second = await tenantUsers.list(member, 'acme', { limit: 1, cursor: first.next_cursor! });
    expect(second).toEqual({ data: [expect.objectContaining({ user_id: 'usr_2' })], next_cursor: null });
    const globex: Principal = { user_id: 'usr_9', tenant_id: 'globex', role: 'admin' };
    await expect(tenantUsers.list(globex, 'globex', { limit: 1, cursor: first.next_cursor! })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(tenantUsers.list(member, 'globex', { limit: 10 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
