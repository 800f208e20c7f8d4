import { ErrorCode, isPlainObject, ProtocolError } from './json-rpc.js';
import {
  featuresOf,
  isLegacyVersion,
  LEGACY_VERSIONS,
  type LegacyVersion,
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  MODERN_VERSION,
  SUPPORTED_VERSIONS,
  type VersionFeatures,
} from './protocol-versions.js';

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * Which revision serves one request (every method but `initialize`):
 * - `_meta` naming 2026-07-28: served statelessly, with or without a handshake;
 * - `_meta` naming an unknown version: -32022 with the supported versions (2026-07-28 rule);
 * - otherwise the handshake's version; `server/discover` is always answered (it is the
 *   stdio era probe) and `ping` too (allowed before initialization by the legacy lifecycle);
 * - anything else before a handshake: -32600, naming both ways to proceed.
 * A handshake version named in `_meta` still needs the handshake: legacy revisions have no
 * per-request version.
 */
export function versionForRequest(method: string, params: Record<string, unknown>, session: LegacyVersion | undefined): VersionFeatures {
  const meta = params._meta;
  if (meta !== undefined && !isPlainObject(meta)) {
    throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: "_meta" must be an object');
  }
  const requested = meta?.[META_PROTOCOL_VERSION];
  if (requested !== undefined) {
    if (typeof requested !== 'string') {
      throw new ProtocolError(ErrorCode.InvalidParams, `Invalid params: _meta["${META_PROTOCOL_VERSION}"] must be a string`);
    }
    if (requested === MODERN_VERSION) {
      const capabilities = meta?.[META_CLIENT_CAPABILITIES];
      if (capabilities !== undefined && !isPlainObject(capabilities)) {
        throw new ProtocolError(ErrorCode.InvalidParams, `Invalid params: _meta["${META_CLIENT_CAPABILITIES}"] must be an object`);
      }
      return featuresOf(MODERN_VERSION);
    }
    if (!isLegacyVersion(requested)) {
      throw new ProtocolError(ErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', {
        supported: [...SUPPORTED_VERSIONS],
        requested: clip(requested, 40),
      });
    }
  }
  if (method === 'server/discover') return featuresOf(MODERN_VERSION);
  if (session) return featuresOf(session);
  if (method === 'ping') return featuresOf(LEGACY_VERSIONS[0]);
  throw new ProtocolError(
    ErrorCode.InvalidRequest,
    `Server not initialized: send "initialize" first (protocol versions ${LEGACY_VERSIONS.join(', ')}), ` +
      `or name protocol version ${MODERN_VERSION} in params._meta["${META_PROTOCOL_VERSION}"]`,
    { supported: [...SUPPORTED_VERSIONS] },
  );
}
