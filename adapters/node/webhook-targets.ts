import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { type TargetRules, targetUrlProblem } from '../../core/events/target-url.js';
import type { WebhookTargetPolicy } from '../../core/events/ports.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name resolution as the operating system does it (hosts file, then DNS). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/**
 * Why an address is no webhook target, or null. Only public unicast addresses are: private
 * (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the cloud metadata
 * service 169.254.169.254, fe80::/10), carrier-grade NAT (100.64/10, where some clouds put
 * their metadata service), loopback (unless allowed), unspecified, multicast, broadcast and
 * reserved ranges are refused; an IPv4-mapped IPv6 address is judged as its IPv4 address.
 */
export function addressProblem(address: string, allowLoopback: boolean): string | null {
  if (!ipaddr.isValid(address)) return `resolves to an unreadable address (${address})`;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && allowLoopback) return null;
  return `resolves to a ${range} address (${address}), which is not allowed`;
}

const bareHost = (hostname: string) => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);

/**
 * Checks a target URL (scheme, no credentials) and every address its host resolves to. Used at
 * creation and again at each delivery, where the transport connects to the address checked.
 */
export class WebhookTargets implements WebhookTargetPolicy {
  constructor(
    private readonly rules: TargetRules,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  async vet(url: string): Promise<string | null> {
    const checked = await this.resolveChecked(url);
    return 'problem' in checked ? checked.problem : null;
  }

  /** The address to connect to (the first one the host resolves to, every one checked), or why not. */
  async resolveChecked(url: string): Promise<{ address: ResolvedAddress } | { problem: string }> {
    const syntax = targetUrlProblem(url, this.rules);
    if (syntax !== null) return { problem: syntax };
    const host = bareHost(new URL(url).hostname);
    let addresses: ResolvedAddress[];
    try {
      addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await this.resolve(host);
    } catch {
      return { problem: `the host ${host} does not resolve` };
    }
    if (addresses.length === 0) return { problem: `the host ${host} does not resolve` };
    for (const a of addresses) {
      const problem = addressProblem(a.address, this.rules.allowLoopback);
      if (problem !== null) return { problem: `the host ${host} ${problem}` };
    }
    return { address: addresses[0] };
  }
}
