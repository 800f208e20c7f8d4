import { URL_MAX_LENGTH } from './webhook.model.js';

export interface TargetRules {
  /** `http://` to a loopback host (localhost, 127.0.0.0/8, ::1), for development and tests. */
  allowLoopback: boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.']);
const isLoopbackHost = (host: string) => LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';

/**
 * The checks on a target that need no network: an absolute `https` URL without credentials
 * (`http` only to loopback when allowed). Null when it passes, else why not. The addresses the
 * host resolves to are checked by the target policy adapter, at creation and at each delivery.
 */
export function targetUrlProblem(raw: string, rules: TargetRules): string | null {
  if (raw.length > URL_MAX_LENGTH) return `must be at most ${URL_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (url.hash) return 'must not carry a fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (rules.allowLoopback && isLoopbackHost(url.hostname)) return null;
    return rules.allowLoopback ? 'must use https (http is allowed to loopback hosts only)' : 'must use https';
  }
  return 'must use https';
}
