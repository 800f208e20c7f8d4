import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDir } from '../../runtimes/shared/settings/release.js';

describe('the web pages are typed from the OpenAPI document', () => {
  it('web/src/api/schema.gen.ts is what openapi-typescript makes of docs/openapi.json (run `npm run openapi` when this fails)', () => {
    const root = packageDir();
    const generated = execFileSync(join(root, 'web/node_modules/.bin/openapi-typescript'), [join(root, 'docs/openapi.json')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(readFileSync(join(root, 'web/src/api/schema.gen.ts'), 'utf8')).toBe(generated);
  });
});
