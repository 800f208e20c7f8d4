import type { AgentRepository } from '../../agents/ports.js';
import type { CallRepository } from '../../calls/ports.js';
import type { SubscriptionStore } from '../../events/ports.js';
import type { KnowledgeStore } from '../../knowledge/ports.js';
import { notFound, validationError } from '../../shared/errors.js';
import type { WorkspaceRepository } from '../../workspace/ports.js';
import type { TenantRepository } from '../../tenancy/ports.js';
import type { TenantDataEraser } from '../ports.js';

/** The resources of an export, one NDJSON file each, in this order. */
export const EXPORT_RESOURCES = ['workspace', 'calls', 'knowledge', 'agents', 'webhook_subscriptions'] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];
/** The format of an export; bumped when a record's shape changes. */
export const EXPORT_FORMAT_VERSION = 1;

export interface ExportSink {
  /** One record of a resource (knowledge records carry their bytes as `content`, a Uint8Array). */
  write(resource: ExportResource, record: object): Promise<void>;
}

export interface OffboardingPorts {
  tenants: TenantRepository;
  calls: CallRepository;
  knowledge: KnowledgeStore;
  agents: AgentRepository;
  workspaces: WorkspaceRepository;
  subscriptions: SubscriptionStore;
  eraser: TenantDataEraser;
}

const PAGE = 200;

/**
 * A tenant leaving the platform: its data exported (calls with transcripts, knowledge documents
 * with their bytes, agents with every version, the workspace, webhook subscriptions without
 * their secrets), then everything it owns deleted, only when the operator repeats its id.
 */
export class TenantOffboarding {
  constructor(private readonly ports: OffboardingPorts) {}

  /** Writes every record of the tenant to `sink`; returns the count per resource. */
  async export(tenantId: string, sink: ExportSink): Promise<Record<ExportResource, number>> {
    const { tenants, calls, knowledge, agents, workspaces, subscriptions } = this.ports;
    const tenant = await tenants.find(tenantId);
    if (!tenant) throw notFound(`No tenant ${tenantId}.`);
    const counts: Record<ExportResource, number> = { workspace: 0, calls: 0, knowledge: 0, agents: 0, webhook_subscriptions: 0 };
    const write = async (resource: ExportResource, record: object) => {
      counts[resource]++;
      await sink.write(resource, record);
    };
    const workspace = await workspaces.find(tenantId);
    await write('workspace', { tenant, workspace });
    for (let after = null as Parameters<CallRepository['list']>[2]; ; ) {
      const page = await calls.list(tenantId, { terms: [] }, after, PAGE);
      for (const summary of page) {
        const detail = await calls.find(tenantId, summary.call_id);
        if (detail) await write('calls', detail);
      }
      if (page.length < PAGE) break;
      after = { started_at: page[page.length - 1]!.started_at, call_id: page[page.length - 1]!.call_id };
    }
    for (let after = null as Parameters<KnowledgeStore['list']>[1]; ; ) {
      const page = await knowledge.list(tenantId, after, PAGE);
      for (const item of page) {
        const doc = await knowledge.load(tenantId, item.item_id);
        if (doc) await write('knowledge', doc);
      }
      if (page.length < PAGE) break;
      after = { created_at: page[page.length - 1]!.created_at, item_id: page[page.length - 1]!.item_id };
    }
    for (let after: string | null = null; ; ) {
      const page = await agents.list(tenantId, after, PAGE);
      for (const agent of page) {
        const versions = [];
        for (let before: number | null = null; ; ) {
          const older = await agents.versions(tenantId, agent.agent_id, before, PAGE);
          versions.push(...older);
          if (older.length < PAGE) break;
          before = older[older.length - 1]!.version;
        }
        await write('agents', { ...agent, versions });
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.agent_id;
    }
    const owner = { kind: 'tenant' as const, id: tenantId };
    for (let after = null as Parameters<SubscriptionStore['list']>[1]; ; ) {
      const page = await subscriptions.list(owner, after, PAGE);
      for (const { secrets: _secrets, ...subscription } of page) await write('webhook_subscriptions', subscription);
      if (page.length < PAGE) break;
      after = { created_at: page[page.length - 1]!.created_at, subscription_id: page[page.length - 1]!.subscription_id };
    }
    return counts;
  }

  /** Deletes everything the tenant owns; `confirmation` must repeat its id. */
  async delete(tenantId: string, confirmation: string | undefined): Promise<Record<string, number>> {
    if (confirmation !== tenantId) throw validationError(`deleting a tenant needs --confirm ${tenantId} (its id, repeated)`);
    if (!(await this.ports.tenants.find(tenantId))) throw notFound(`No tenant ${tenantId}.`);
    return this.ports.eraser.deleteTenant(tenantId);
  }
}
