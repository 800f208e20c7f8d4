/**
 * The MCP protocol revisions this server speaks, and what differs between them, as capability
 * flags (read by the tool catalogue and the result builders) rather than version comparisons
 * scattered through the code.
 *
 * - Legacy revisions (2024-11-05 … 2025-11-25) open with the `initialize` handshake; the
 *   negotiated version then holds for the whole stdio process.
 * - The modern revision (2026-07-28) is stateless: every request names its version in
 *   `params._meta["io.modelcontextprotocol/protocolVersion"]`; `server/discover` advertises
 *   the versions.
 */

export const MODERN_VERSION = '2026-07-28';
/** Newest first: the first entry is what `initialize` falls back to. */
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const SUPPORTED_VERSIONS: readonly string[] = [MODERN_VERSION, ...LEGACY_VERSIONS];

export type LegacyVersion = (typeof LEGACY_VERSIONS)[number];
export type ProtocolVersion = LegacyVersion | typeof MODERN_VERSION;

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

export interface VersionFeatures {
  version: ProtocolVersion;
  /** Per-request `_meta`, `resultType` on every result, `ttlMs`/`cacheScope` on list results. */
  stateless: boolean;
  /** `Tool.annotations` (2025-03-26 and later). */
  toolAnnotations: boolean;
  /** `title` on Tool and Implementation (2025-06-18 and later). */
  titles: boolean;
  /** `Tool.outputSchema` and `CallToolResult.structuredContent` (2025-06-18 and later). */
  structuredContent: boolean;
  /** JSON-RPC batches must be accepted (2025-03-26 only; removed in 2025-06-18). */
  batches: boolean;
  /** JSON Schema dialect of tool schemas; 2020-12 is the stated default from 2025-11-25. */
  jsonSchemaTarget: 'draft-7' | 'draft-2020-12';
}

const FEATURES: Record<ProtocolVersion, VersionFeatures> = {
  '2024-11-05': {
    version: '2024-11-05',
    stateless: false,
    toolAnnotations: false,
    titles: false,
    structuredContent: false,
    batches: false,
    jsonSchemaTarget: 'draft-7',
  },
  '2025-03-26': {
    version: '2025-03-26',
    stateless: false,
    toolAnnotations: true,
    titles: false,
    structuredContent: false,
    batches: true,
    jsonSchemaTarget: 'draft-7',
  },
  '2025-06-18': {
    version: '2025-06-18',
    stateless: false,
    toolAnnotations: true,
    titles: true,
    structuredContent: true,
    batches: false,
    jsonSchemaTarget: 'draft-7',
  },
  '2025-11-25': {
    version: '2025-11-25',
    stateless: false,
    toolAnnotations: true,
    titles: true,
    structuredContent: true,
    batches: false,
    jsonSchemaTarget: 'draft-2020-12',
  },
  '2026-07-28': {
    version: '2026-07-28',
    stateless: true,
    toolAnnotations: true,
    titles: true,
    structuredContent: true,
    batches: false,
    jsonSchemaTarget: 'draft-2020-12',
  },
};

export const featuresOf = (version: ProtocolVersion): VersionFeatures => FEATURES[version];

export const isLegacyVersion = (value: unknown): value is LegacyVersion =>
  typeof value === 'string' && (LEGACY_VERSIONS as readonly string[]).includes(value);

/**
 * `initialize` negotiation: the requested version when it is a supported handshake version,
 * otherwise the latest one (the spec's SHOULD). 2026-07-28 has no handshake, so a client
 * asking for it in `initialize` gets 2025-11-25 and may switch to per-request `_meta`.
 */
export const negotiateLegacy = (requested: string): LegacyVersion =>
  isLegacyVersion(requested) ? requested : LEGACY_VERSIONS[0];
