import { createHmac, randomBytes } from 'node:crypto';
import type { WebhookSigner } from '../../core/events/ports.js';

const PREFIX = 'whsec_';

/**
 * Standard Webhooks (standardwebhooks.com) signatures: HMAC-SHA256 keyed with the base64
 * bytes after `whsec_`, over `${webhook-id}.${webhook-timestamp}.${body}`, sent as
 * `v1,<base64>`; one per secret, space separated, while a rotated-out secret still signs.
 */
export const standardWebhooksSigner: WebhookSigner = {
  newSecret: () => `${PREFIX}${randomBytes(24).toString('base64')}`,
  sign(secrets, messageId, timestampSeconds, body) {
    return secrets
      .map((secret) => {
        const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
        return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
      })
      .join(' ');
  },
};
