// `npm run bench`: builds, then prints every benchmark's figures. No pass/fail: figures only.
import os from 'node:os';
import { benchCalls } from './calls.mjs';
import { benchColdStart } from './cold-start.mjs';
import { benchCorpus } from './corpus.mjs';
import { benchHttp } from './http.mjs';
import { benchInProcess } from './inprocess.mjs';
import { benchKnowledge } from './knowledge.mjs';
import { benchRateLimit } from './ratelimit.mjs';
import { benchStdio } from './stdio.mjs';

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

console.log(`# Benchmarks — node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model ?? 'unknown'}), ${new Date().toISOString()}`);
if (want('inprocess')) await benchInProcess();
if (want('http')) await benchHttp();
if (want('coldstart')) await benchColdStart();
if (want('stdio')) await benchStdio();
if (want('calls')) await benchCalls();
if (want('ratelimit')) await benchRateLimit();
if (want('knowledge')) await benchKnowledge();
// The cold start already ran above in a full run; `npm run bench corpus` measures it again after a build.
if (want('corpus')) await benchCorpus({ coldStartRuns: only.length === 0 ? 0 : 3 });
