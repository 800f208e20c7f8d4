import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../core/tenancy/ports.js';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** 32 MiB of memory per hash (128 * N * r bytes) and tens to a hundred milliseconds of CPU. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{32,128})$/;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * scrypt from node:crypto (run on the libuv pool, so the event loop stays free). The
 * encoded form carries its parameters and salt: `scrypt$N$r$p$salt$hash` (base64url), so
 * the cost can rise later without invalidating stored hashes. Comparison is constant-time.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly params: ScryptParams = DEFAULT_SCRYPT) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, this.params, KEY_LENGTH);
    const { N, r, p } = this.params;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, encoded: string): Promise<boolean> {
    const m = FORMAT.exec(encoded);
    if (!m) return false;
    const params = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
    if (!isPowerOfTwo(params.N) || params.N > 2 ** 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return false;
    const expected = Buffer.from(m[5], 'base64url');
    try {
      const actual = await derive(password, Buffer.from(m[4], 'base64url'), params, expected.length);
      return timingSafeEqual(actual, expected);
    } catch {
      return false;
    }
  }
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;
