import { ProblemSchema } from '../../shared/problem.schemas.js';
import type { RateLimitPolicyName } from '../rate-limit/policy-names.js';
import type { ResponseSpec } from '../route-contract.js';

export const problem = (description: string): ResponseSpec => ({ description, schema: ProblemSchema });

const policies = <const P extends readonly RateLimitPolicyName[]>(...names: P): P => names;

/** The verify API: a production key's own budget, or the sandbox budget of the client IP. */
export const VERIFY_LIMITS = policies('verify-key', 'verify-sandbox');
/** Login: per client IP (before the body is read), then per email. */
export const LOGIN_LIMITS = policies('login-ip', 'login-email');
/** Every `/tenants/{tenant_id}/...` route: the token tenant's one budget. */
export const TENANT_LIMITS = policies('tenant-api');
/** The knowledge upload: the tenant budget and the upload budget on top. */
export const UPLOAD_LIMITS = policies('tenant-api', 'tenant-upload');
/** `/ai-agents...` and `/workspace`: one budget per client IP. */
export const AGENTS_LIMITS = policies('agents-ip');
