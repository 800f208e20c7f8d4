import { Readable } from 'node:stream';
import { runAdmin } from '../../runtimes/admin/run-admin.js';

export interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed, when it is one JSON document (not JSON lines or CSV). */
  json: any;
}

/**
 * svc-admin in-process, through the same entry the bin uses, with its output captured.
 * `env` is the whole environment the command sees (DATA_DIR at least).
 */
export async function runAdminCaptured(env: Record<string, string>, args: string[], stdin?: string): Promise<AdminResult> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, {
    env: { LOG_LEVEL: 'warn', ...env },
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    stdin: stdin === undefined ? undefined : Readable.from([stdin]),
  });
  let json: unknown;
  try {
    json = stdout ? JSON.parse(stdout) : undefined;
  } catch {
    json = undefined;
  }
  return { code, stdout, stderr, json };
}
