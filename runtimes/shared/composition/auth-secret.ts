import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { loadOrCreateSecretFile } from '../../../adapters/node/secret-file.js';
import type { Config } from '../settings/config.js';

/**
 * JWT_SECRET when set. Otherwise a secret generated once into DATA_DIR (mode 0600) and
 * reused on every restart, so tokens survive one. An in-memory database keeps nothing,
 * so its secret is random per process and never written anywhere. On PostgreSQL (several
 * instances) JWT_SECRET is required.
 */
export function resolveAuthSecret(config: Config, logger: Logger): string {
  if (config.auth.jwtSecret !== undefined) return config.auth.jwtSecret;
  if (config.databaseUrl === 'sqlite::memory:') return randomBytes(48).toString('base64url');
  // Instances sharing a PostgreSQL database must sign (and seal cursors) with one secret: a
  // per-instance file would make a token from one instance fail on the next.
  if (config.database.dialect === 'postgres') {
    throw new Error('JWT_SECRET must be set when DATABASE_URL is PostgreSQL: every instance must sign tokens and seal cursors with the same secret.');
  }
  const { secret, created, tightened } = loadOrCreateSecretFile(config.auth.jwtSecretFile);
  if (created) logger.info({ file: config.auth.jwtSecretFile }, 'generated the token signing secret (mode 0600); set JWT_SECRET to use your own');
  if (tightened) logger.warn({ file: config.auth.jwtSecretFile }, 'the token signing secret was readable by others: mode set to 0600');
  return secret;
}
