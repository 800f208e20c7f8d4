import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether the module at `moduleUrl` is the script node was started with. */
export const isMainModule = (moduleUrl: string): boolean => Boolean(process.argv[1]) && resolve(process.argv[1] as string) === fileURLToPath(moduleUrl);

/** The value after `--flag` in the command's arguments, or undefined. */
export function flagValue(flag: string, args: readonly string[] = process.argv.slice(2)): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}
