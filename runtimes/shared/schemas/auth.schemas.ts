import { z } from 'zod';
import type { IssuedToken } from '../../../core/auth/auth.model.js';
import { schemaOf } from './exact-schema.js';
import { PASSWORD_MAX_LENGTH } from '../../../core/tenancy/tenancy.model.js';
import { ROLES, type UserView } from '../../../core/tenancy/tenancy.model.js';
import type { Page } from '../../../core/shared/keyset-cursor.js';

export const RoleSchema = z.enum(ROLES).meta({ id: 'Role' });

export const LoginRequestSchema = z
  .object({
    email: z
      .string({ error: (i) => (i.input === undefined ? 'email is required' : 'email must be a string') })
      .trim()
      .min(1, 'email must not be blank')
      .max(254, 'email must be at most 254 characters')
      .meta({ example: 'admin@demo.example' }),
    password: z
      .string({ error: (i) => (i.input === undefined ? 'password is required' : 'password must be a string') })
      .min(1, 'password must not be empty')
      .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .meta({ id: 'LoginRequest' });

export const TokenResponseSchema = schemaOf<IssuedToken>()(z
  .object({
    access_token: z.string().meta({ description: 'A JWT (HS256): sub, tenant_id, role, iat, exp.' }),
    token_type: z.literal('Bearer'),
    expires_in: z.int().min(1).meta({ description: 'Seconds until the token expires.' }),
    tenant_id: z.string(),
    role: RoleSchema,
  })
  .meta({ id: 'AccessToken' }));

export const TenantUserSchema = z
  .object({
    user_id: z.string(),
    tenant_id: z.string(),
    email: z.string().meta({ description: 'Normalised: trimmed, lower case.' }),
    role: RoleSchema,
    created_at: z.iso.datetime(),
    disabled_at: z.iso.datetime().nullable().meta({ description: 'When an operator disabled the user (no login); null while enabled.' }),
  })
  .meta({ id: 'TenantUser', description: 'A user of the tenant as its members see it: never a password or its hash.' }) satisfies z.ZodType<UserView>;

export const TenantUserListSchema = z
  .object({
    data: z.array(TenantUserSchema),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ id: 'TenantUserList' }) satisfies z.ZodType<Page<UserView>>;
