import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
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

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const v4 = (bytes: number[]) => new ipaddr.IPv4(bytes);
/** RFC 6052: where a prefix of `length` bits puts the IPv4 address (bits 64 to 71, the `u` octet, skipped). */
const rfc6052 = (b: number[], length: 32 | 40 | 48 | 56 | 64 | 96): IPv4 => {
  const after = length / 8;
  return v4(length === 96 ? b.slice(12, 16) : [...b.slice(after, 8), ...b.slice(9, 9 + 4 - (8 - after))]);
};

/**
 * The IPv6 forms that carry an IPv4 address, with where they carry it. Traffic to them ends at
 * that IPv4 address (the host itself, a NAT64 gateway, a 6to4 or Teredo relay), so they are
 * judged by it: IPv4-mapped `::ffff:0:0/96`, IPv4-translated `::ffff:0:0:0/96`,
 * IPv4-compatible `::/96` (but `::` and `::1`, which are judged as themselves), NAT64
 * `64:ff9b::/96` and the local-use `64:ff9b:1::/48` (every place RFC 6052 allows within it, as
 * the operator chooses the length), 6to4 `2002::/16`, and Teredo `2001::/32` (the server, and
 * the client as the bit-inverted last 32 bits).
 */
const EMBEDDING_FORMS: { name: string; prefix: IPv6; bits: number; embedded: (b: number[]) => IPv4[] }[] = [
  { name: 'IPv4-mapped', prefix: ipaddr.IPv6.parse('::ffff:0:0'), bits: 96, embedded: (b) => [v4(b.slice(12))] },
  { name: 'IPv4-translated', prefix: ipaddr.IPv6.parse('::ffff:0:0:0'), bits: 96, embedded: (b) => [v4(b.slice(12))] },
  { name: 'IPv4-compatible', prefix: ipaddr.IPv6.parse('::'), bits: 96, embedded: (b) => [v4(b.slice(12))] },
  { name: 'NAT64', prefix: ipaddr.IPv6.parse('64:ff9b::'), bits: 96, embedded: (b) => [rfc6052(b, 96)] },
  { name: 'NAT64 local-use', prefix: ipaddr.IPv6.parse('64:ff9b:1::'), bits: 48, embedded: (b) => ([48, 56, 64, 96] as const).map((l) => rfc6052(b, l)) },
  { name: '6to4', prefix: ipaddr.IPv6.parse('2002::'), bits: 16, embedded: (b) => [v4(b.slice(2, 6))] },
  { name: 'Teredo', prefix: ipaddr.IPv6.parse('2001::'), bits: 32, embedded: (b) => [v4(b.slice(4, 8)), v4(b.slice(12).map((x) => x ^ 0xff))] },
];

/**
 * An IPv6 address as the WHATWG URL parser writes it (hexadecimal groups, zeros compressed):
 * ipaddr.js reads `::127.0.0.1` as `::ffff:127.0.0.1`, the URL parser (and the socket) as
 * `::7f00:1`. Addresses the URL parser refuses (with a zone) are read as they are.
 */
const canonical = (address: string) => {
  if (isIP(address) !== 6) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
};

/** The form an IPv6 address embeds IPv4 in, with the addresses it embeds; null when none. */
export function embeddedIPv4(ip: IPv6): { form: string; addresses: IPv4[] } | null {
  const range = ip.range();
  if (range === 'unspecified' || range === 'loopback') return null;
  const form = EMBEDDING_FORMS.find((f) => ip.match(f.prefix, f.bits));
  return form ? { form: form.name, addresses: form.embedded(ip.toByteArray()) } : null;
}

/**
 * Why an address is no webhook target, or null: the one rule of the creation-time check, the
 * check after resolution at each delivery, and the check of the address a connection reached.
 * Only public unicast addresses are: private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16 with the cloud metadata service 169.254.169.254, fe80::/10),
 * carrier-grade NAT (100.64/10, where some clouds put their metadata service), loopback (unless
 * allowed), unspecified, multicast, broadcast and reserved ranges are refused. An IPv6 address
 * that embeds an IPv4 address (`EMBEDDING_FORMS`) passes only when every address it embeds is
 * public unicast; an IPv4-mapped one is the IPv4 address itself (loopback when allowed).
 */
export function addressProblem(address: string, allowLoopback: boolean): string | null {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return `resolves to an unreadable address (${address})`;
  const ip = ipaddr.parse(canonical(address));
  if (ip.kind() === 'ipv6') {
    const embedding = embeddedIPv4(ip as IPv6);
    if (embedding) {
      const loopbackToo = allowLoopback && embedding.form === 'IPv4-mapped';
      for (const inner of embedding.addresses) {
        const range = inner.range();
        if (range !== 'unicast' && !(range === 'loopback' && loopbackToo)) {
          return `resolves to ${address} (${embedding.form}), which embeds a ${range} IPv4 address (${inner.toString()}) and is not allowed`;
        }
      }
      return null;
    }
  }
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

  /** The connect-time check: why the address a connection reached is no target (the same rule), or null. */
  connectedProblem(remoteAddress: string | undefined): string | null {
    if (remoteAddress === undefined) return 'the connection has no remote address';
    const problem = addressProblem(remoteAddress, this.rules.allowLoopback);
    return problem === null ? null : `the connection ${problem.replace(/^resolves to/, 'reached')}`;
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
