import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'svc-platform';

/**
 * The platform release label (seed section 9), read from the one place it is written: the
 * `version` of this package's package.json (`packageDir`).
 */
function readReleaseVersion(): string {
  const manifest = readManifest(join(packageDir(), 'package.json'));
  if (typeof manifest?.version !== 'string') throw new Error(`release version: the package.json of ${PACKAGE_NAME} has no version`);
  return manifest.version;
}

/** The folder of this package's package.json (the sources' root, or the installed package's). */
export function packageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (readManifest(join(dir, 'package.json'))?.name === PACKAGE_NAME) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${PACKAGE_NAME} above ${fileURLToPath(import.meta.url)}`);
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
