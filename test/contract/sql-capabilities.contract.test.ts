import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { isUniqueViolation, UniqueViolation } from '../../adapters/sql/unique-violation.js';
import { contractSuite, overDatabases } from '../support/contract-suite.js';

const errorOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
const tenant = { tenant_id: 'acme', name: 'Acme', created_at: '2026-01-01T00:00:00.000Z' };

/**
 * What each dialect declares in SqlCapabilities, as the shared stores rely on it: its unique
 * violations arrive as UniqueViolation on every path (builder, raw SQL, transactions), and
 * nothing else does (a foreign key, a NOT NULL).
 */
contractSuite('SQL capabilities', overDatabases(({ database }) => database), (dialect) => {
  it('a duplicate key is a UniqueViolation, from the query builder, raw SQL and inside a transaction', async () => {
    const { db, capabilities } = await dialect.make();
    await db.insertInto('tenants').values(tenant).execute();
    const fromBuilder = await errorOf(db.insertInto('tenants').values(tenant).execute());
    const fromRaw = await errorOf(sql`INSERT INTO tenants (tenant_id, name, created_at) VALUES ('acme', 'A', 'x')`.execute(db));
    const fromTransaction = await errorOf(db.transaction().execute((trx) => trx.insertInto('tenants').values(tenant).execute()));
    for (const err of [fromBuilder, fromRaw, fromTransaction]) {
      expect(err).toBeInstanceOf(UniqueViolation);
      expect(isUniqueViolation(err)).toBe(true);
      expect(capabilities.isUniqueViolation((err as UniqueViolation).cause)).toBe(true);
      expect(capabilities.isTransient(err)).toBe(false);
    }
    // The transaction rolled back; the database stays usable.
    expect(await db.selectFrom('tenants').select('name').execute()).toEqual([{ name: 'Acme' }]);
  });

  it('a foreign-key or NOT NULL violation is not a UniqueViolation', async () => {
    const { db } = await dialect.make();
    const user = { user_id: 'usr_1', tenant_id: 'nobody', email: 'a@b.example', role: 'admin', password_hash: 'h', created_at: 'x', disabled_at: null };
    const foreign = await errorOf(db.insertInto('users').values(user).execute());
    const notNull = await errorOf(sql`INSERT INTO tenants (tenant_id, name, created_at) VALUES ('t', NULL, 'x')`.execute(db));
    for (const err of [foreign, notNull]) {
      expect(err).toBeInstanceOf(Error);
      expect(isUniqueViolation(err)).toBe(false);
    }
  });
});
