import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface SecretFileResult {
  secret: string;
  created: boolean;
  /** True when the file was readable by others and its mode was tightened to 0600. */
  tightened: boolean;
}

/**
 * The service's signing secret, generated once (384 random bits) into a file of mode 0600
 * and read back on every later start. Creation is exclusive (`wx`), so two processes
 * starting at once agree on one secret.
 */
export function loadOrCreateSecretFile(path: string): SecretFileResult {
  mkdirSync(dirname(path), { recursive: true });
  let created = false;
  try {
    writeFileSync(path, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    created = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  let tightened = false;
  if ((statSync(path).mode & 0o077) !== 0) {
    chmodSync(path, 0o600);
    tightened = true;
  }
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < 32) throw new Error(`The secret file ${path} holds fewer than 32 characters; delete it to generate a new one.`);
  return { secret, created, tightened };
}
