import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { DEFAULT_RETRY_POLICY, nextAttemptAt } from '../../../core/events/retry-policy.js';
import { targetUrlProblem } from '../../../core/events/target-url.js';
import { standardWebhooksSigner } from '../../../adapters/node/standard-webhooks.signer.js';
import { addressProblem, WebhookTargets } from '../../../adapters/node/webhook-targets.js';

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = (a: fc.Arbitrary<number>, b: fc.Arbitrary<number> = octet) => fc.tuple(a, b, octet, octet).map((p) => p.join('.'));

describe('webhook target addresses (SSRF)', () => {
  it('refuses every private, loopback, link-local, CGNAT, multicast and unspecified IPv4 address', () => {
    const refused = fc.oneof(
      ipv4(fc.constant(10)),
      ipv4(fc.constant(127)),
      ipv4(fc.constant(0)),
      ipv4(fc.constant(172), fc.integer({ min: 16, max: 31 })),
      ipv4(fc.constant(192), fc.constant(168)),
      ipv4(fc.constant(169), fc.constant(254)),
      ipv4(fc.constant(100), fc.integer({ min: 64, max: 127 })),
      ipv4(fc.integer({ min: 224, max: 255 })),
    );
    fc.assert(fc.property(refused, (ip) => {
        expect(addressProblem(ip, false)).toMatch(/not allowed/);
      }));
    // The same, written as IPv4-mapped IPv6.
    fc.assert(fc.property(refused, (ip) => {
        expect(addressProblem(`::ffff:${ip}`, false)).toMatch(/not allowed/);
      }));
  });

  it('allows public unicast addresses, and loopback only when told', () => {
    for (const ip of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '1.1.1.1']) expect(addressProblem(ip, false)).toBeNull();
    for (const ip of ['fe80::1', 'fd00:ec2::254', 'fc00::1', '::', 'ff02::1', '::1']) expect(addressProblem(ip, false), ip).toMatch(/not allowed/);
    expect(addressProblem('127.0.0.1', true)).toBeNull();
    expect(addressProblem('::1', true)).toBeNull();
    expect(addressProblem('10.0.0.1', true)).toMatch(/private/);
  });

  it('checks every address a host resolves to, through the resolver it is given', async () => {
    const targets = new WebhookTargets({ allowLoopback: false }, async (host) =>
      host === 'split.example' ? [{ address: '93.184.215.14', family: 4 }, { address: '10.0.0.7', family: 4 }] : [{ address: '93.184.215.14', family: 4 }],
    );
    expect(await targets.vet('https://public.example/in')).toBeNull();
    expect(await targets.vet('https://split.example/in')).toMatch(/split\.example resolves to a private address \(10\.0\.0\.7\)/);
    expect(await targets.resolveChecked('https://public.example/in')).toEqual({ address: { address: '93.184.215.14', family: 4 } });
    const failing = new WebhookTargets({ allowLoopback: false }, async () => {
      throw new Error('ENOTFOUND');
    });
    expect(await failing.vet('https://nowhere.invalid/')).toMatch(/does not resolve/);
  });
});

describe('webhook target URLs', () => {
  it('https only, http to loopback hosts when allowed, never credentials or fragments', () => {
    const strict = { allowLoopback: false };
    const dev = { allowLoopback: true };
    expect(targetUrlProblem('https://example.com/hook', strict)).toBeNull();
    expect(targetUrlProblem('http://example.com/hook', strict)).toBe('must use https');
    expect(targetUrlProblem('http://localhost:8080/hook', strict)).toBe('must use https');
    expect(targetUrlProblem('http://localhost:8080/hook', dev)).toBeNull();
    expect(targetUrlProblem('http://127.0.0.1:8080/hook', dev)).toBeNull();
    expect(targetUrlProblem('http://[::1]:8080/hook', dev)).toBeNull();
    expect(targetUrlProblem('http://example.com/hook', dev)).toMatch(/loopback hosts only/);
    expect(targetUrlProblem('ftp://example.com/', dev)).toBe('must use https');
    expect(targetUrlProblem('https://u:p@example.com/', strict)).toBe('must not carry credentials');
    expect(targetUrlProblem('https://example.com/#x', strict)).toBe('must not carry a fragment');
    expect(targetUrlProblem('/relative', strict)).toBe('must be an absolute URL');
    expect(targetUrlProblem(`https://example.com/${'a'.repeat(2100)}`, strict)).toMatch(/at most 2048/);
  });
});

describe('retry policy', () => {
  it('waits between half and one and a half times base·4^(n-1), capped, and stops at the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (n, r) => {
        const start = new Date('2026-01-01T00:00:00Z');
        const now = new Date(start.getTime() + 1000);
        const at = nextAttemptAt(DEFAULT_RETRY_POLICY, n, now, start, () => r);
        const nominal = Math.min(DEFAULT_RETRY_POLICY.maxDelayMs, DEFAULT_RETRY_POLICY.baseMs * 4 ** (n - 1));
        expect(at).not.toBeNull();
        const wait = at!.getTime() - now.getTime();
        expect(wait).toBeGreaterThanOrEqual(Math.floor(nominal * 0.5));
        expect(wait).toBeLessThanOrEqual(Math.ceil(nominal * 1.5));
      }),
    );
    const start = new Date('2026-01-01T00:00:00Z');
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, 9, new Date(start.getTime() + 23 * 3_600_000), start, () => 0.5)).toBeNull();
  });
});

describe('Standard Webhooks signer', () => {
  it('signs what the standardwebhooks library verifies, with each secret it is given', () => {
    fc.assert(
      fc.property(fc.json(), fc.integer({ min: 0, max: 2 ** 31 }), (body, offset) => {
        const [a, b] = [standardWebhooksSigner.newSecret(), standardWebhooksSigner.newSecret()];
        const ts = Math.floor(Date.now() / 1000);
        const id = `evt_${offset.toString(16)}`;
        const signature = standardWebhooksSigner.sign([a, b], id, ts, body);
        expect(signature.split(' ')).toHaveLength(2);
        const headers = { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signature };
        expect(new Webhook(a).sign(id, new Date(ts * 1000), body)).toBe(signature.split(' ')[0]);
        for (const secret of [a, b]) expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
        expect(() => new Webhook(standardWebhooksSigner.newSecret()).verify(body, headers)).toThrow();
      }),
      { numRuns: 50 },
    );
  });
});
