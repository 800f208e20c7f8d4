import type { Kysely } from 'kysely';
import type { WorkspaceRepository } from '../../core/workspace/ports.js';
import type { Workspace } from '../../core/workspace/workspace.model.js';
import type { Database } from './database.js';

export class SqlWorkspaceRepository implements WorkspaceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(tenantId: string): Promise<Workspace | null> {
    const row = await this.db.selectFrom('workspaces').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    return row ? { ...row, retention_days: Number(row.retention_days) } : null;
  }

  async save(w: Workspace): Promise<void> {
    await this.db
      .insertInto('workspaces')
      .values(w)
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ name: w.name, timezone: w.timezone, locale: w.locale, retention_days: w.retention_days }))
      .execute();
  }
}
