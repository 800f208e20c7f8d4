/**
 * The rate-limit policies a route contract may declare (docs/decisions/0010-rate-limits.md):
 * names only, so that contracts stay values without dependencies. What each one keys on,
 * its limit and its outage behaviour are in `policies.ts`.
 */
export type RateLimitPolicyName = 'verify-key' | 'verify-sandbox' | 'tenant-api' | 'tenant-upload' | 'agents-ip' | 'login-ip' | 'login-email';
