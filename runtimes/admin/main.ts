#!/usr/bin/env node
import { runAdmin } from './run-admin.js';

runAdmin(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: process.stdin,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`svc-admin: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
