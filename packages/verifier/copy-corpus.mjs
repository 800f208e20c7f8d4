// Copies the bundled corpus (data, licences, notice) beside the verifier package's compiled
// output, where its loader looks for it (adapters/corpus/file-corpus.loader.ts, defaultCorpusDir).
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = (p) => fileURLToPath(new URL(`../../corpus/${p}`, import.meta.url));
const to = (p) => fileURLToPath(new URL(`./corpus/${p}`, import.meta.url));
rmSync(to(''), { recursive: true, force: true });
for (const part of ['data', 'LICENSES', 'NOTICE.md']) cpSync(from(part), to(part), { recursive: true });
