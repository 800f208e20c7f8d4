import { z } from 'zod';
import type { Workspace, WorkspaceSettings } from '../../../core/workspace/workspace.model.js';
import { schemaOf } from './exact-schema.js';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '../../../core/workspace/workspace.model.js';
import { onType, textField as text } from './field-errors.js';

/** Wire shapes of a tenant's workspace settings: validation and OpenAPI from one place. */
export const WorkspaceSettingsSchema = schemaOf<WorkspaceSettings>()(z
  .object({
    name: text('name', 200),
    timezone: text('timezone', 64).meta({ description: 'IANA time zone, e.g. Europe/Paris.' }),
    locale: text('locale', 35).meta({ description: 'BCP 47 tag, e.g. fr-FR.' }),
    retention_days: z
      .int(onType('retention_days must be an integer'))
      .min(RETENTION_DAYS_MIN, `retention_days must be between ${RETENTION_DAYS_MIN} and ${RETENTION_DAYS_MAX}`)
      .max(RETENTION_DAYS_MAX, `retention_days must be between ${RETENTION_DAYS_MIN} and ${RETENTION_DAYS_MAX}`),
  })
  .meta({ id: 'WorkspaceSettings' }));
export const WorkspaceSchema = schemaOf<Workspace>()(WorkspaceSettingsSchema.extend({ tenant_id: z.string() }).meta({ id: 'Workspace' }));
