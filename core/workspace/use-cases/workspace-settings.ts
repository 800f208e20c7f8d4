import { isLanguageTag, isTimeZone } from '../../shared/locale.js';
import { authorize, type Principal } from '../../auth/auth.model.js';
import { notFound, validationError, type FieldError } from '../../shared/errors.js';
import type { TenantRepository } from '../../tenancy/ports.js';
import type { WorkspaceRepository } from '../ports.js';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, type Workspace, WORKSPACE_DEFAULTS, type WorkspaceSettings } from '../workspace.model.js';

export class WorkspaceSettingsService {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly tenants: TenantRepository,
  ) {}

  async get(principal: Principal): Promise<Workspace> {
    authorize(principal, principal.tenant_id, 'read');
    const saved = await this.workspaces.find(principal.tenant_id);
    if (saved) return saved;
    const tenant = await this.tenants.find(principal.tenant_id);
    if (!tenant) throw notFound(`No tenant ${principal.tenant_id}.`);
    return { tenant_id: tenant.tenant_id, name: tenant.name, ...WORKSPACE_DEFAULTS };
  }

  async replace(principal: Principal, settings: WorkspaceSettings): Promise<Workspace> {
    authorize(principal, principal.tenant_id, 'write');
    const errors: FieldError[] = [];
    const name = settings.name.trim();
    if (name.length === 0 || name.length > 200) errors.push({ path: 'name', message: 'must be 1 to 200 characters' });
    if (!isTimeZone(settings.timezone)) errors.push({ path: 'timezone', message: 'must be an IANA time zone, e.g. Europe/Paris' });
    if (!isLanguageTag(settings.locale)) errors.push({ path: 'locale', message: 'must be a BCP 47 language tag, e.g. fr-FR' });
    if (!Number.isInteger(settings.retention_days) || settings.retention_days < RETENTION_DAYS_MIN || settings.retention_days > RETENTION_DAYS_MAX) {
      errors.push({ path: 'retention_days', message: `must be an integer from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}` });
    }
    if (errors.length > 0) throw validationError('The workspace settings are invalid.', errors);
    if (!(await this.tenants.find(principal.tenant_id))) throw notFound(`No tenant ${principal.tenant_id}.`);
    const workspace: Workspace = {
      tenant_id: principal.tenant_id,
      name,
      timezone: settings.timezone,
      locale: Intl.getCanonicalLocales(settings.locale)[0],
      retention_days: settings.retention_days,
    };
    await this.workspaces.save(workspace);
    return workspace;
  }
}
