import { readFileSync } from 'node:fs';

/** The release label as package.json writes it: what every runtime must announce. */
export const PACKAGE_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
