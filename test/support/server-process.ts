import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
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
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"ready"/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
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
 * Starts a multipart upload whose body is still arriving, sends SIGTERM to `server` meanwhile,
 * then finishes the body. Resolves with the upload's status and the process's exit code.
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
  await new Promise((r) => setTimeout(r, 200));
  const exitCode = server.stop();
  await new Promise((r) => setTimeout(r, 300));
  await writer.write(new TextEncoder().encode(form.slice(40)));
  await writer.close();
  const res = await pending;
  return { status: res.status, exitCode: await exitCode };
}
