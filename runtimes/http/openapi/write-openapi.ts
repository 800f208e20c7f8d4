import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateOpenApi, serialiseOpenApi } from './generate-openapi.js';

/** `npm run openapi`: rewrites docs/openapi.json from the route specs. */
const target = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const document = await generateOpenApi();
await writeFile(target, serialiseOpenApi(document));
process.stdout.write(`wrote ${target}\n`);
process.exit(0);
