import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { DEFAULT_RETRY_POLICY, nextAttemptAt } from '../../../core/events/retry-policy.js';
import { targetUrlProblem } from '../../../core/events/target-url.js';
import { standardWebhooksSigner } from '../../../adapters/node/standard-webhooks.signer.js';
import { addressProblem, WebhookTargets } from '../../../adapters/node/webhook-targets.js';

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = (a: fc.Arbitrary<number>, b: fc.Arbitrary<number> = octet) => fc.tuple(a, b, octet, octet).map((p) => p.join('.'));
/** Private, loopback, unspecified, CGNAT, link-local, multicast and reserved IPv4 addresses. */
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

describe('webhook target addresses (SSRF)', () => {
  it('refuses every private, loopback, link-local, CGNAT, multicast and unspecified IPv4 address', () => {
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

  describe('IPv6 forms that embed an IPv4 address (issue 25, point 7)', () => {
    /** Eight groups of hexadecimal, uncompressed: the bytes as written, no library formatting them. */
    const v6 = (bytes: number[]) => Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(':');
    const bytesOf = (ip: string) => ip.split('.').map(Number);
    const PUBLIC = [8, 8, 8, 8];
    /** Each form, writing the IPv4 address `x` where the form carries it (any other embedded address public). */
    const FORMS: Record<string, (x: number[], rest: number[]) => string> = {
      'IPv4-compatible ::/96': (x) => v6([...Array(12).fill(0), ...x]),
      'IPv4-mapped ::ffff:0:0/96': (x) => v6([...Array(10).fill(0), 0xff, 0xff, ...x]),
      'IPv4-translated ::ffff:0:0:0/96': (x) => v6([...Array(8).fill(0), 0xff, 0xff, 0, 0, ...x]),
      'NAT64 64:ff9b::/96': (x) => v6([0, 0x64, 0xff, 0x9b, ...Array(8).fill(0), ...x]),
      // Within the local-use /48 the operator picks the length; the others read 8.8.8.8 / 8.8.8.x0 here.
      'NAT64 local-use 64:ff9b:1::/48 (as /96)': (x) => v6([0, 0x64, 0xff, 0x9b, 0, 1, 8, 8, 0, 8, 8, 8, ...x]),
      'NAT64 local-use 64:ff9b:1::/48 (as /48)': (x) => v6([0, 0x64, 0xff, 0x9b, 0, 1, x[0], x[1], 0, x[2], x[3], 8, 8, 8, 8, 8]),
      'NAT64 local-use 64:ff9b:1::/48 (as /64)': (x) => v6([0, 0x64, 0xff, 0x9b, 0, 1, 8, 8, 0, ...x, 8, 8, 8]),
      '6to4 2002::/16': (x, rest) => v6([0x20, 0x02, ...x, ...rest.slice(0, 10)]),
      'Teredo 2001::/32, client (inverted)': (x, rest) => v6([0x20, 0x01, 0, 0, ...PUBLIC, ...rest.slice(0, 4), ...x.map((b) => b ^ 0xff)]),
      'Teredo 2001::/32, server': (x, rest) => v6([0x20, 0x01, 0, 0, ...x, ...rest.slice(0, 4), ...PUBLIC.map((b) => b ^ 0xff)]),
    };
    const anyForm = fc.constantFrom(...Object.keys(FORMS));
    /** The forms where the other readings do not overlap `x` (in the local-use /48 the /48 and /64 readings share its bytes with the others). */
    const exactForm = fc.constantFrom(...Object.keys(FORMS).filter((f) => !/\(as \/(48|64)\)/.test(f)));
    const rest = fc.array(octet, { minLength: 10, maxLength: 10 });

    it.each([
      ['::127.0.0.1', /IPv4-compatible.*loopback IPv4 address \(127\.0\.0\.1\)/],
      ['::7f00:1', /IPv4-compatible.*loopback IPv4 address \(127\.0\.0\.1\)/],
      ['::a00:1', /IPv4-compatible.*private IPv4 address \(10\.0\.0\.1\)/],
      ['::a9fe:a9fe', /linkLocal IPv4 address \(169\.254\.169\.254\)/],
      ['::ffff:127.0.0.1', /IPv4-mapped.*loopback/],
      ['::ffff:0:a00:1', /IPv4-translated.*private/],
      ['64:ff9b::c0a8:1', /NAT64.*private IPv4 address \(192\.168\.0\.1\)/],
      ['64:ff9b:1::a00:1', /NAT64 local-use/],
      ['2002:a9fe:a9fe::1', /6to4.*linkLocal/],
      ['2001:0:4136:e378:8000:63bf:f5ff:fffe', /Teredo.*private IPv4 address \(10\.0\.0\.1\)/],
      ['2001:0:a00:1:8000:63bf:3fff:fdd2', /Teredo.*private IPv4 address \(10\.0\.0\.1\)/],
      ['::', /unspecified address/],
      ['::2', /IPv4-compatible.*unspecified/],
    ])('refuses %s', (address, reason) => {
      expect(addressProblem(address, false)).toMatch(reason);
      expect(addressProblem(address, false)).toMatch(/not allowed$/);
    });

    it.each(['::8.8.8.8', '::ffff:8.8.8.8', '::ffff:0:808:808', '64:ff9b::808:808', '64:ff9b:1:808:8:808:808:808', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'])(
      'allows %s, which embeds only public IPv4 addresses',
      (address) => expect(addressProblem(address, false)).toBeNull(),
    );

    it('only the IPv4-mapped form of a loopback address is loopback (allowed when told); the others stay refused', () => {
      expect(addressProblem('::ffff:127.0.0.1', true)).toBeNull();
      for (const address of ['::127.0.0.1', '::7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::1']) expect(addressProblem(address, true), address).toMatch(/loopback.*not allowed/);
      expect(addressProblem('::1', true)).toBeNull();
    });

    it('property: any refused IPv4 address, in any of the forms, is refused (loopback allowed or not)', () => {
      fc.assert(
        fc.property(refused, anyForm, rest, fc.boolean(), (ip, form, tail, allowLoopback) => {
          const address = FORMS[form](bytesOf(ip), tail);
          // Loopback when told: 127/8 written IPv4-mapped, and ::1 itself (IPv4-compatible 0.0.0.1).
          const loopbackAllowed = allowLoopback && ((form.startsWith('IPv4-mapped') && ip.startsWith('127.')) || (form.startsWith('IPv4-compatible') && ip === '0.0.0.1'));
          if (!loopbackAllowed) expect(addressProblem(address, allowLoopback), `${form}: ${address}`).toMatch(/not allowed/);
        }),
        { numRuns: 2000 },
      );
    });

    it('property: an address in any of the forms passes exactly when the IPv4 address it carries passes', () => {
      const anyIPv4 = fc.tuple(octet, octet, octet, octet).map((p) => p.join('.'));
      fc.assert(
        fc.property(anyIPv4, exactForm, rest, (ip, form, tail) => {
          const address = FORMS[form](bytesOf(ip), tail);
          expect(addressProblem(address, false) === null, `${form}: ${address} (${ip})`).toBe(addressProblem(ip, false) === null);
        }),
        { numRuns: 3000 },
      );
    });

    it('the creation-time check (the URL) and the connect-time check use the same rule', async () => {
      const targets = new WebhookTargets({ allowLoopback: false }, async () => [{ address: '::a00:1', family: 6 }]);
      for (const url of ['https://[::127.0.0.1]/', 'https://[::7f00:1]/', 'https://[::a00:1]/']) expect(await targets.vet(url), url).toMatch(/IPv4-compatible.*not allowed/);
      expect(await targets.vet('https://aaaa-only.example/')).toMatch(/aaaa-only\.example resolves to ::a00:1 \(IPv4-compatible\)/);
      expect(await targets.vet('https://[64:ff9b::808:808]/')).toBeNull();
      expect(targets.connectedProblem('::a00:1')).toMatch(/^the connection reached ::a00:1 \(IPv4-compatible\)/);
      expect(targets.connectedProblem('::ffff:10.0.0.1')).toMatch(/private/);
      expect(targets.connectedProblem('8.8.8.8')).toBeNull();
    });
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
