import { ProblemSchema } from '../../shared/schemas/problem.schemas.js';
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

/** The errors of every route of the token's tenant (`/ai-agents…`, `/workspace`). */
export const TOKEN_TENANT_ERRORS = {
  401: problem('Missing, malformed, expired or forged access token.'),
  429: problem('Too many requests from this client; see `Retry-After`.'),
};
/** …and of its writes. */
export const TOKEN_TENANT_WRITE_ERRORS = {
  400: problem('Invalid body; `errors` names each bad field.'),
  ...TOKEN_TENANT_ERRORS,
  403: problem('Only an admin may write.'),
  413: problem('Body over 1 MiB.'),
  415: problem('Body is not application/json.'),
};
