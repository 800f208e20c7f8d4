import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'svc-platform';

/**
 * The platform release label (seed section 9), read from the one place it is written: the
 * `version` of this package's package.json. Found by walking up from this module, so it holds
 * from the sources (tsx, tests), from dist/ and from an installed copy under node_modules.
 */
function readReleaseVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = readManifest(join(dir, 'package.json'));
    if (manifest?.name === PACKAGE_NAME && typeof manifest.version === 'string') return manifest.version;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`release version: no package.json of ${PACKAGE_NAME} above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

function readManifest(path: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
}

export const RELEASE_VERSION = readReleaseVersion();
