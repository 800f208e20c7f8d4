import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eventually } from './eventually.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first match of `pattern` in the output, once the process wrote it (rejects if it exits first). */
  written(pattern: RegExp): Promise<RegExpExecArray>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<number | null>;
}

/**
 * The HTTP service as its own process (`runtimes/http/main.ts` through tsx, so no build is
 * needed), on a free port; resolves once it logged `ready`.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'runtimes/http/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const watchers = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watch of [...watchers]) watch();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const written = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const watch = () => {
        const match = pattern.exec(output);
        if (match) {
          watchers.delete(watch);
          resolve(match);
        }
      };
      watchers.add(watch);
      watch();
      void exited.then((code) => {
        if (watchers.delete(watch)) reject(new Error(`server exited with ${code} before writing ${pattern}:\n${output}`));
      });
    });
  const ready = written(/"url":"(http:\/\/[^"]+)"[^\n]*"msg":"ready"/);
  ready.catch(() => {}); // an exit after the 60 s below has nobody left to tell
  let timer: NodeJS.Timeout | undefined;
  const url = await Promise.race([
    ready.then((match) => match[1]!),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000))),
  ]).finally(() => clearTimeout(timer));
  return {
    url,
    child,
    output: () => output,
    written,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Resolves once the server counts at least `n` requests in flight (its `/metrics` gauge; the
 * scrape that asks is one of them): a request the test started has reached the server.
 */
export async function untilInFlight(url: string, n: number): Promise<void> {
  const inFlight = async () => Number(/^http_requests_in_flight (\S+)$/m.exec(await (await fetch(`${url}/metrics`)).text())?.[1]);
  const seen = await eventually(inFlight, (count) => count >= n, { everyMs: 20 });
  if (!(seen >= n)) throw new Error(`${url}: ${seen} requests in flight, not ${n}`);
}

/**
 * Starts a multipart upload whose body is still arriving, sends SIGTERM to `server` once the
 * upload is in flight there, and finishes the body once the server says it is draining.
 * Resolves with the upload's status and the process's exit code.
 */
export async function uploadAcrossShutdown(server: ServerProcess, token: string, title: string): Promise<{ status: number; exitCode: number | null }> {
  const body = new TransformStream<Uint8Array, Uint8Array>();
  const writer = body.writable.getWriter();
  const form = `--x\r\ncontent-disposition: form-data; name="file"; filename="${title}"\r\ncontent-type: text/plain\r\n\r\nA document about drained requests.\r\n--x--\r\n`;
  const pending = fetch(`${server.url}/api/v1/tenants/acme/knowledge`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
    body: body.readable,
    duplex: 'half',
  } as RequestInit);
  await writer.write(new TextEncoder().encode(form.slice(0, 40)));
  await untilInFlight(server.url, 2);
  const exitCode = server.stop();
  // Logged by the SIGTERM handler in the same turn as it stops listening and starts draining.
  await server.written(/shutting down: draining in-flight requests/);
  await writer.write(new TextEncoder().encode(form.slice(40)));
  await writer.close();
  const res = await pending;
  return { status: res.status, exitCode: await exitCode };
}
