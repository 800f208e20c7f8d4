import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultWebRoot } from '../../../runtimes/http/middleware/static-pages.js';
import { packageDir } from '../../../runtimes/shared/settings/release.js';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The pages the server serves are the ones `npm run build` wrote to dist/web (npm test builds
 * first). A test of the pages fails here, saying what to run, when they are missing or older
 * than their sources: it would otherwise test yesterday's page.
 */
export function assertPagesBuilt(page: string): void {
  const html = join(defaultWebRoot(), page, 'index.html');
  let built: number;
  try {
    built = statSync(html).mtimeMs;
  } catch {
    throw new Error(`${html} is missing: run \`npm run build\` (or \`npm run build -w web\`) first`);
  }
  const sources = newestMtime(join(packageDir(), 'web', 'src'));
  if (sources > built) throw new Error(`${html} is older than web/src: run \`npm run build -w web\` first`);
}
